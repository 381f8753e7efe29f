import { Trans, useLingui } from '@lingui/react/macro';
import { BellRing, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isNativeApp } from '@/lib/native';
import { toast } from '@/lib/use-toast';
import { usePushNotifications } from '../hooks/use-push-notifications';
import { pushFailureToast } from '../utils/push-failure';
import { rememberDismissed } from '../utils/push-prompt-dismissed';

/**
 * The card PushPromptCard loads for the Shro's creator or recipient (decision 118): the permission
 * prompt only follows the user's click. `sender`: the viewer created the Shro.
 */
export default function PushPrompt({ sender }: { sender: boolean }) {
  const { t, i18n } = useLingui();
  const push = usePushNotifications();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || push.state !== 'off') return null;
  // In a browser only a permission never asked for gets the card; the shell's `off` already means that.
  if (!isNativeApp() && (typeof Notification === 'undefined' || Notification.permission !== 'default')) return null;

  const close = () => {
    rememberDismissed();
    setDismissed(true);
  };
  const turnOn = async () => {
    try {
      const state = await push.enable();
      if (state === 'on')
        toast({ title: t`Push notifications are on`, description: t`Change what you get in Settings.` });
      else if (state === 'denied') {
        toast({
          title: t`Notifications are blocked`,
          description: t`You can allow them later in your browser’s site settings; Settings explains how.`,
        });
      }
      if (state !== 'off') close();
    } catch (error) {
      toast(pushFailureToast(i18n, error));
    }
  };

  return (
    <section aria-labelledby="push-prompt-title" className="mx-auto -mt-10 w-full max-w-xl px-4 pb-10">
      <Card className="relative p-4 pe-10">
        <button
          type="button"
          onClick={close}
          aria-label={t`Close`}
          className="absolute end-2 top-2 rounded-lg p-1.5 text-zinc-400 hover:bg-surface-2 hover:text-zinc-100"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
        <div className="flex gap-3">
          <BellRing className="mt-0.5 size-5 shrink-0 text-purple-300" aria-hidden="true" />
          <div className="space-y-3">
            <div>
              <h2 id="push-prompt-title" className="font-semibold text-zinc-100">
                {sender ? <Trans>Get notified when friends answer</Trans> : <Trans>Never miss a Shro</Trans>}
              </h2>
              <p className="mt-1 text-sm text-zinc-300">
                {sender ? (
                  <Trans>We’ll tell you when a friend opens a box or reacts, even when Shro is closed.</Trans>
                ) : (
                  <Trans>
                    We’ll tell you when a friend sends you a Shro or writes to you, even when Shro is closed.
                  </Trans>
                )}
              </p>
            </div>
            <div className="flex gap-2">
              <Button size="sm" onClick={turnOn} disabled={push.busy}>
                <Trans>Turn on notifications</Trans>
              </Button>
              <Button size="sm" variant="ghost" onClick={close}>
                <Trans>Not now</Trans>
              </Button>
            </div>
          </div>
        </div>
      </Card>
    </section>
  );
}

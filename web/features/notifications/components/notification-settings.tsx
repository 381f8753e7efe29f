import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '@contract/push';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Bell, BellOff, BellRing, Moon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { shownTimeZone } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import { type PushState, usePushNotifications } from '../hooks/use-push-notifications';
import { PUSH_DENIED_TEXT, pushFailureToast } from '../utils/push-failure';

/** Settings' "Notifications" section: push on this device, each kind per channel, quiet hours (decision 117). */
export function NotificationSettingsSection() {
  const { i18n, t } = useLingui();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();

  const update = (next: NotificationSettings) =>
    save.mutate(next, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t`Could not save your settings`,
          description: errorMessage(error, i18n),
        }),
    });

  return (
    <SectionCard title={t`Notifications`} icon={Bell}>
      <div className="space-y-8">
        <PushOnThisDevice />
        {settings.isLoading ? (
          <Spinner className="mx-auto block" label={t`Loading notification settings`} />
        ) : settings.isError || !settings.data ? (
          <p role="alert" className="text-sm text-red-400">
            {errorMessage(settings.error, i18n)}
          </p>
        ) : (
          <>
            <KindsGrid settings={settings.data} onChange={update} />
            <QuietHours settings={settings.data} onChange={update} />
          </>
        )}
      </div>
    </SectionCard>
  );
}

/** Where push stands on this device; render with `i18n._`. */
const PUSH_STATE_TEXT: Record<Exclude<PushState, 'loading'>, MessageDescriptor> = {
  unsupported: msg`This browser cannot show push notifications (on an iPhone, add Shro to your Home Screen first). You still see everything in the app.`,
  denied: PUSH_DENIED_TEXT,
  off: msg`Get a notification on this device when a friend sends you a Shro, opens a box on yours, reacts, writes to you or sends a friend request, even when Shro is closed.`,
  on: msg`Push notifications are on for this device. Choose below which ones you get.`,
};

function PushOnThisDevice() {
  const { t, i18n } = useLingui();
  const push = usePushNotifications();

  const turnOn = async () => {
    try {
      const state = await push.enable();
      if (state === 'on') toast({ title: t`Push notifications are on` });
      else if (state === 'denied')
        toast({ title: t`Notifications are blocked`, description: i18n._(PUSH_STATE_TEXT.denied) });
    } catch (error) {
      toast(pushFailureToast(i18n, error));
    }
  };
  const turnOff = async () => {
    try {
      await push.disable();
      toast({ title: t`Push notifications are off on this device` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Could not turn off notifications`,
        description: errorMessage(error, i18n),
      });
    }
  };

  return (
    <section aria-labelledby="push-device-title" className="space-y-3">
      <h3 id="push-device-title" className="flex items-center gap-2 font-semibold">
        {push.state === 'on' ? (
          <BellRing className="size-4 text-purple-300" aria-hidden="true" />
        ) : (
          <BellOff className="size-4 text-zinc-400" aria-hidden="true" />
        )}
        <Trans>Push on this device</Trans>
      </h3>
      {push.state === 'loading' ? (
        <Spinner label={t`Checking notifications`} />
      ) : (
        <>
          <p className="text-sm text-zinc-300" data-testid="push-state">
            {i18n._(PUSH_STATE_TEXT[push.state])}
          </p>
          {push.state === 'off' && (
            <Button onClick={turnOn} disabled={push.busy}>
              <BellRing aria-hidden="true" /> <Trans>Turn on push notifications</Trans>
            </Button>
          )}
          {push.state === 'on' && (
            <Button variant="outline" onClick={turnOff} disabled={push.busy}>
              <BellOff aria-hidden="true" /> <Trans>Turn off on this device</Trans>
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function KindsGrid({
  settings,
  onChange,
}: {
  settings: NotificationSettings;
  onChange: (next: NotificationSettings) => void;
}) {
  const { i18n, t } = useLingui();
  const set = (kind: NotificationKind, channel: 'inApp' | 'push', on: boolean) =>
    onChange({ ...settings, kinds: { ...settings.kinds, [kind]: { ...settings.kinds[kind], [channel]: on } } });

  return (
    <section aria-labelledby="notification-kinds-title" className="space-y-3">
      <h3 id="notification-kinds-title" className="font-semibold">
        <Trans>What you hear about</Trans>
      </h3>
      <p className="text-sm text-zinc-400">
        <Trans>
          In app means the notifications list, its badge and a toast when something arrives; for messages it is the
          toast alone, as unread messages are always counted. Push choices apply on every device where push is turned
          on.
        </Trans>
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-start text-xs uppercase tracking-wide text-zinc-400">
            <th scope="col" className="pb-2 text-start font-medium">
              <Trans>Notification</Trans>
            </th>
            <th scope="col" className="w-16 pb-2 text-center font-medium">
              <Trans>In app</Trans>
            </th>
            <th scope="col" className="w-16 pb-2 text-center font-medium">
              <Trans>Push</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {NOTIFICATION_KINDS.map((kind) => {
            // The kinds' names are the contract's (contract/push.ts), in English for now.
            const label = i18n._(NOTIFICATION_KIND_LABELS[kind]);
            return (
              <tr key={kind}>
                <th scope="row" className="py-3 pe-2 text-start font-normal text-zinc-100">
                  {label}
                </th>
                {(['inApp', 'push'] as const).map((channel) => (
                  <td key={channel} className="py-3 text-center">
                    <input
                      type="checkbox"
                      className="size-5 cursor-pointer accent-purple-500"
                      aria-label={channel === 'inApp' ? t`${label}: in app` : t`${label}: push`}
                      checked={settings.kinds[kind][channel]}
                      onChange={(event) => set(kind, channel, event.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function QuietHours({
  settings,
  onChange,
}: {
  settings: NotificationSettings;
  onChange: (next: NotificationSettings) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const saved = settings.quietHours;
  const [start, setStart] = useState(saved?.start ?? '22:00');
  const [end, setEnd] = useState(saved?.end ?? '07:00');
  useEffect(() => {
    if (saved) {
      setStart(saved.start);
      setEnd(saved.end);
    }
  }, [saved]);
  const zone = shownTimeZone();
  const invalid = start === end ? t`Quiet hours must start and end at different times.` : null;

  const apply = (nextStart: string, nextEnd: string) => {
    if (saved && nextStart && nextEnd && nextStart !== nextEnd) {
      onChange({ ...settings, quietHours: { start: nextStart, end: nextEnd } });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <Moon className="size-4 text-purple-300" aria-hidden="true" /> <Trans>Quiet hours</Trans>
      </h3>
      <label className="flex items-center gap-3 text-sm text-zinc-200">
        <input
          type="checkbox"
          className="size-5 cursor-pointer accent-purple-500"
          checked={saved !== null}
          onChange={(event) =>
            onChange({ ...settings, quietHours: event.target.checked && !invalid ? { start, end } : null })
          }
        />
        <Trans>No push notifications during quiet hours</Trans>
      </label>
      <div className="flex flex-wrap items-end gap-4">
        <label className="grid gap-1 text-sm text-zinc-300" htmlFor={`${id}-start`}>
          <Trans>From</Trans>
          <input
            id={`${id}-start`}
            type="time"
            required
            value={start}
            disabled={saved === null}
            aria-invalid={invalid ? true : undefined}
            onChange={(event) => {
              setStart(event.target.value);
              apply(event.target.value, end);
            }}
            className="h-11 rounded-xl border border-border bg-surface-2 px-3 text-zinc-100 disabled:opacity-50"
          />
        </label>
        <label className="grid gap-1 text-sm text-zinc-300" htmlFor={`${id}-end`}>
          <Trans>To</Trans>
          <input
            id={`${id}-end`}
            type="time"
            required
            value={end}
            disabled={saved === null}
            aria-invalid={invalid ? true : undefined}
            onChange={(event) => {
              setEnd(event.target.value);
              apply(start, event.target.value);
            }}
            className="h-11 rounded-xl border border-border bg-surface-2 px-3 text-zinc-100 disabled:opacity-50"
          />
        </label>
      </div>
      {invalid && saved !== null ? (
        <p role="alert" className="text-sm text-red-400">
          {invalid}
        </p>
      ) : (
        <p className="text-xs text-zinc-400">
          <Trans>In your time zone ({zone}). Notifications still arrive in the app.</Trans>
        </p>
      )}
    </section>
  );
}

import { INVITE_DAYS, INVITE_MAX_USES } from '@contract/invites';
import { PRODUCT_NAME } from '@contract/product';
import { Check, Copy, Share2 } from 'lucide-react';
import { ShareTargetList } from '@/components/share-target-list';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { trackEvent } from '@/lib/analytics';
import { isNativeApp, shareLink } from '@/lib/native';
import { shareTargets } from '@/lib/share-targets';
import { useCopyLink } from '@/lib/use-copy-link';

/** The apps an invite goes out with (issue 13, item 5): the ones people message friends on. */
const INVITE_TARGETS = new Set(['whatsapp', 'telegram', 'sms', 'email']);

const inviteText = `Join me on ${PRODUCT_NAME}! We hide options in mystery boxes and let each other pick one. Sign up with my link and we're friends right away:`;

/**
 * Shares an invite link: the device's share sheet when there is one, WhatsApp, Telegram, SMS,
 * email and copy. Each share is counted (`share_invite`, labelled with where it went).
 */
export function InviteShareDialog({
  link,
  open,
  onOpenChange,
}: {
  link: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { copied, copy } = useCopyLink(link, {
    successDescription: 'Send it to a friend who is not on Shro yet.',
    failureDescription: 'Please copy the link manually.',
    onCopied: () => trackEvent('share_invite', { label: 'copy' }),
  });
  const canNativeShare = isNativeApp() || typeof navigator.share === 'function';
  const phone = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  const targets = shareTargets(link, inviteText, `Join me on ${PRODUCT_NAME}`, phone).filter((t) =>
    INVITE_TARGETS.has(t.target),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Invite a friend to {PRODUCT_NAME}</DialogTitle>
        <DialogDescription>
          When they sign up with your link, you're friends right away. It works for {INVITE_MAX_USES} sign-ups over{' '}
          {INVITE_DAYS} days.
        </DialogDescription>

        <div className="mt-5 flex gap-2">
          <label htmlFor="invite-link" className="sr-only">
            Invite link
          </label>
          <input
            id="invite-link"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="h-11 min-w-0 flex-1 rounded-xl border border-border bg-base/60 px-3 text-sm text-zinc-200"
          />
          <Button onClick={copy} aria-live="polite" variant={canNativeShare ? 'secondary' : undefined}>
            {copied ? <Check /> : <Copy />}
            {copied ? 'Copied!' : 'Copy link'}
          </Button>
        </div>

        {canNativeShare && (
          <Button
            size="lg"
            className="mt-3 w-full"
            onClick={async () => {
              if (await shareLink(link, inviteText, `Join me on ${PRODUCT_NAME}`)) {
                trackEvent('share_invite', { label: 'native' });
              }
            }}
          >
            <Share2 /> Share to an app
          </Button>
        )}
        <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted">
          {canNativeShare ? 'Or send it with' : 'Send it with'}
        </p>
        <ShareTargetList
          targets={targets}
          link={link}
          onShare={(target) => trackEvent('share_invite', { label: target })}
        />
      </DialogContent>
    </Dialog>
  );
}

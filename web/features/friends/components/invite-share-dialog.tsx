import { INVITE_DAYS, INVITE_MAX_USES } from '@contract/invites';
import { PRODUCT_NAME } from '@contract/product';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ShareLinkActions } from '@/components/share-link-actions';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { trackEvent } from '@/lib/analytics';
import type { ShareTargetLink } from '@/lib/share-targets';
import { useCopyLink } from '@/lib/use-copy-link';

/** The apps an invite goes out with (issue 13, item 5): the ones people message friends on. */
const INVITE_TARGETS = new Set<ShareTargetLink['target']>(['whatsapp', 'telegram', 'sms', 'email']);

const inviteText = msg`Join me on ${PRODUCT_NAME}! We hide options in mystery boxes and let each other pick one. Sign up with my link and we're friends right away:`;

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
  const { t, i18n } = useLingui();
  const maxUses = INVITE_MAX_USES;
  const days = INVITE_DAYS;
  const { copied, copy } = useCopyLink(link, {
    successDescription: t`Send it to a friend who is not on Shro yet.`,
    failureDescription: t`Please copy the link manually.`,
    onCopied: () => trackEvent('share_invite', { label: 'copy' }),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>
          <Trans>Invite a friend to {PRODUCT_NAME}</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            When they sign up with your link, you're friends right away. It works for{' '}
            <Plural value={maxUses} one="# sign-up" other="# sign-ups" /> over{' '}
            <Plural value={days} one="# day" other="# days" />.
          </Trans>
        </DialogDescription>

        <ShareLinkActions
          className="mt-5"
          link={link}
          inputId="invite-link"
          inputLabel={t`Invite link`}
          copied={copied}
          onCopy={copy}
          text={i18n._(inviteText)}
          subject={t`Join me on ${PRODUCT_NAME}`}
          nativeTitle={t`Join me on ${PRODUCT_NAME}`}
          onlyTargets={INVITE_TARGETS}
          onShared={(target) => trackEvent('share_invite', { label: target })}
        />
      </DialogContent>
    </Dialog>
  );
}

import type { InvitePreview } from '@contract/invites';
import { Trans } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import { UserAvatar } from '@/components/user-avatar';

/**
 * Above the sign-up form opened from an invite link: whom the new account will be friends with,
 * or that the link no longer works (the account is still welcome, just without the friendship).
 */
export function InviteSignUpNote({ preview }: { preview: { data?: InvitePreview; isError: boolean } }) {
  if (preview.isError) {
    return (
      <p role="status" className="mb-5 rounded-xl border border-border bg-surface-2/50 px-4 py-3 text-sm text-muted">
        <Trans>
          This invite link doesn't work anymore. You can still create an account and add friends by username.
        </Trans>
      </p>
    );
  }
  const inviter = preview.data?.inviter;
  if (!inviter) return null;
  const username = inviter.username;
  return (
    <div
      role="status"
      className="mb-5 flex items-center gap-3 rounded-xl border border-emerald-400/40 bg-emerald-400/10 px-4 py-3 text-start"
    >
      <UserAvatar user={inviter} size="sm" />
      <p className="text-sm text-emerald-100">
        <UserPlus className="me-1 inline size-4 align-[-2px]" aria-hidden="true" />
        <Trans>
          <strong>@{username}</strong> invited you. Once you sign up, you two are friends.
        </Trans>
      </p>
    </div>
  );
}

import type { InviteSummary } from '@contract/invites';
import { PRODUCT_NAME } from '@contract/product';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link2, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { formatRelativeTime } from '@/lib/relative-time';
import { toast } from '@/lib/use-toast';
import { useCreateInvite } from '../api/create-invite';
import { useInvites } from '../api/get-invites';
import { useRevokeInvite } from '../api/revoke-invite';
import { InviteShareDialog } from './invite-share-dialog';

function InviteRow({ invite }: { invite: InviteSummary }) {
  const { t, i18n } = useLingui();
  const revoke = useRevokeInvite();
  const shroLink = Boolean(invite.shroId);
  const made = formatRelativeTime(invite.createdAt, i18n.locale);
  const uses = invite.uses;
  const maxUses = invite.maxUses;
  const until = new Date(invite.expiresAt).toLocaleDateString(i18n.locale, { month: 'short', day: 'numeric' });
  return (
    <li className="flex items-center gap-3 rounded-xl border border-border/60 bg-surface-2/30 p-3">
      <Link2 className="size-4 shrink-0 text-purple-300" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">
          {shroLink ? <Trans>Link of one of your Shros, made {made}</Trans> : <Trans>Invite link, made {made}</Trans>}
        </p>
        <p className="text-muted">
          {t`${plural(maxUses, {
            one: `${uses} of ${maxUses} sign-ups · works until ${until}`,
            other: `${uses} of ${maxUses} sign-ups · works until ${until}`,
          })}`}
        </p>
      </div>
      <Button
        size="sm"
        variant="ghost"
        disabled={revoke.isPending}
        aria-label={shroLink ? t`Revoke link of one of your shros made ${made}` : t`Revoke invite link made ${made}`}
        onClick={() =>
          revoke.mutate(invite.id, {
            onSuccess: () => toast({ title: t`Invite link revoked`, description: t`It no longer works.` }),
            onError: (error) =>
              toast({ variant: 'destructive', title: errorMessage(error, i18n, t`Could not revoke it`) }),
          })
        }
      >
        <Trash2 /> <Trans>Revoke</Trans>
      </Button>
    </li>
  );
}

/**
 * "Invite a friend" (issue 13, item 5): makes a personal invite link and opens the share options.
 * One link per visit of the page: opening it again shares the same one. The links that still
 * work are listed, each revocable.
 */
export function InviteFriendCard() {
  const { i18n, t } = useLingui();
  const create = useCreateInvite();
  const invites = useInvites();
  const [link, setLink] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  function invite() {
    if (link) {
      setOpen(true);
      return;
    }
    create.mutate(undefined, {
      onSuccess: (created) => {
        setLink(new URL(created.url, window.location.origin).href);
        setOpen(true);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: errorMessage(error, i18n, t`Could not make an invite link`) }),
    });
  }

  const working = invites.data ?? [];
  const count = working.length;
  return (
    <section aria-labelledby="invite-heading" className="rounded-2xl border border-brand/40 bg-brand/10 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex flex-1 items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand/25 text-purple-200">
            <Send className="size-5" aria-hidden="true" />
          </div>
          <div>
            <h2 id="invite-heading" className="font-bold">
              <Trans>Friend not on {PRODUCT_NAME} yet?</Trans>
            </h2>
            <p className="text-sm text-muted">
              <Trans>Send them your invite link: when they sign up, you're friends.</Trans>
            </p>
          </div>
        </div>
        <Button onClick={invite} disabled={create.isPending} className="w-full sm:w-auto">
          <Send /> {create.isPending ? t`Making your link…` : t`Invite a friend`}
        </Button>
      </div>
      {working.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold text-purple-200">
            <Trans>Your invite links ({count})</Trans>
          </summary>
          <ul className="mt-2 space-y-2" aria-label={t`Your invite links`}>
            {working.map((item) => (
              <InviteRow key={item.id} invite={item} />
            ))}
          </ul>
        </details>
      )}
      {link && <InviteShareDialog link={link} open={open} onOpenChange={setOpen} />}
    </section>
  );
}

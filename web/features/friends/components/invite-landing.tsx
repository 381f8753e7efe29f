import { INVITE_QUERY_PARAM } from '@contract/invite-links';
import type { InvitePreview } from '@contract/invites';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Link2Off, LogIn, Plus, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { MysteryBoxArt } from '@/components/mystery-box-art';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { displayName, UserAvatar } from '@/components/user-avatar';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFriendStatus } from '../api/get-friend-status';
import { useInvitePreview } from '../api/get-invite';
import { ProfileFriendButton } from './profile-friend-button';

/** What the product is, in one line, for someone who has never heard of it. */
const WHAT_SHRO_IS = msg`${PRODUCT_NAME} is a game for deciding things with friends: hide up to four options in mystery boxes, send them, and let your friends pick one.`;

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
      <Card className="relative w-full max-w-md overflow-hidden p-6 text-center sm:p-8 animate-pop">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-40 bg-[radial-gradient(ellipse_at_top,rgba(168,85,247,0.28),transparent_70%)]"
        />
        <div className="relative">{children}</div>
      </Card>
    </div>
  );
}

type Inviter = InvitePreview['inviter'];

/** The signed-in visitor: never befriended by the link itself; a normal friend request, or "already friends". */
function SignedInAction({ inviter }: { inviter: Inviter }) {
  const { t } = useLingui();
  const status = useFriendStatus(inviter.id);
  const username = inviter.username;
  if (status.isLoading) return <Spinner className="mx-auto" label={t`Loading friendship status`} />;
  if (status.data?.areFriends) {
    return (
      <>
        <p className="inline-flex items-center gap-2 font-semibold text-emerald-200">
          <Check className="size-4" aria-hidden="true" /> <Trans>You're already friends with @{username}.</Trans>
        </p>
        <Button asChild size="lg" className="mt-4 w-full">
          <Link href={pageHref('create', { query: { friendId: inviter.id } })}>
            <Plus />{' '}
            <Trans>
              Send @{username} a {PRODUCT_NAME}
            </Trans>
          </Link>
        </Button>
      </>
    );
  }
  return (
    <>
      <p className="text-sm text-muted">
        <Trans>
          You already have an account, so this link doesn't make you friends by itself. Add @{username} as a friend
          instead:
        </Trans>
      </p>
      <div className="mt-4 flex justify-center">
        <ProfileFriendButton userId={inviter.id} username={inviter.username} />
      </div>
    </>
  );
}

function Invited({ token, inviter, viewerId }: { token: string; inviter: Inviter; viewerId: string | null }) {
  const { i18n } = useLingui();
  const name = displayName(inviter);
  const username = inviter.username;
  const own = viewerId === inviter.id;
  return (
    <Frame>
      <UserAvatar user={inviter} size="xl" className="mx-auto" />
      <h1 className="mt-4 text-2xl font-black tracking-tight sm:text-3xl">
        {own ? (
          <Trans>This is your invite link</Trans>
        ) : (
          <Trans>
            @{username} invited you to {PRODUCT_NAME}
          </Trans>
        )}
      </h1>
      {name !== inviter.username && !own && <p className="mt-1 text-muted">{name}</p>}
      <div className="mx-auto mt-5 grid max-w-[14rem] grid-cols-4 gap-2" aria-hidden="true">
        {[1, 2, 3, 4].map((position) => (
          <MysteryBoxArt key={position} position={position} motion="float" showMark={false} />
        ))}
      </div>
      <p className="mt-5 text-sm text-zinc-200">{i18n._(WHAT_SHRO_IS)}</p>
      <div className="mt-6">
        {own ? (
          <>
            <p className="text-sm text-muted">
              <Trans>
                Send it to friends who aren't on {PRODUCT_NAME} yet. When they sign up, you're friends right away.
              </Trans>
            </p>
            <Button asChild size="lg" variant="outline" className="mt-4 w-full">
              <Link href={pageHref('friends', { query: { tab: 'find' } })}>
                <Trans>Back to Friends</Trans>
              </Link>
            </Button>
          </>
        ) : viewerId ? (
          <SignedInAction inviter={inviter} />
        ) : (
          <>
            <p className="font-semibold text-emerald-200">
              <Trans>Sign up and you'll be friends with @{username} right away.</Trans>
            </p>
            <div className="mt-4 grid gap-3">
              <Button asChild size="lg">
                <Link
                  href={pageHref('register', { query: { [INVITE_QUERY_PARAM]: token, redirect: pageHref('friends') } })}
                >
                  <UserPlus /> <Trans>Sign up</Trans>
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link href={pageHref('login', { query: { redirect: pageHref('invite', { token }) } })}>
                  <LogIn /> <Trans>Log in</Trans>
                </Link>
              </Button>
            </div>
          </>
        )}
      </div>
    </Frame>
  );
}

function NotWorking({ signedIn }: { signedIn: boolean }) {
  const { i18n } = useLingui();
  return (
    <Frame>
      <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-surface-2 text-purple-200">
        <Link2Off className="size-8" aria-hidden="true" />
      </div>
      <h1 className="mt-4 text-2xl font-black tracking-tight">
        <Trans>This invite link doesn't work anymore</Trans>
      </h1>
      <p className="mt-2 text-sm text-muted">
        <Trans>It may have expired, reached its limit of sign-ups, or been revoked.</Trans>{' '}
        {signedIn ? (
          <Trans>You can still find your friend by username.</Trans>
        ) : (
          <Trans>You can still join {PRODUCT_NAME}.</Trans>
        )}
      </p>
      <p className="mt-3 text-sm text-zinc-200">{i18n._(WHAT_SHRO_IS)}</p>
      <div className="mt-6 grid gap-3">
        {signedIn ? (
          <Button asChild size="lg">
            <Link href={pageHref('friends', { query: { tab: 'find' } })}>
              <Trans>Find friends</Trans>
            </Link>
          </Button>
        ) : (
          <>
            <Button asChild size="lg">
              <Link href={pageHref('register')}>
                <UserPlus /> <Trans>Sign up</Trans>
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href={pageHref('login')}>
                <LogIn /> <Trans>Log in</Trans>
              </Link>
            </Button>
          </>
        )}
      </div>
    </Frame>
  );
}

/**
 * /invite/{token} (docs/decisions/124-invitations.md): who invites and what the product is, with
 * Sign up (carrying the token) and Log in. Someone signed in is never befriended by opening it.
 */
export function InviteLanding({ token, viewerId }: { token: string; viewerId: string | null }) {
  const { t } = useLingui();
  const preview = useInvitePreview(token);
  const inviter = preview.data?.inviter;
  const username = inviter?.username;
  useDocumentTitle(
    inviter
      ? t`@${username} invited you - ${PRODUCT_NAME}`
      : preview.isError
        ? t`Invite link not valid - ${PRODUCT_NAME}`
        : t`You're invited - ${PRODUCT_NAME}`,
  );
  if (preview.isLoading) {
    return (
      <div className="flex flex-1 items-center justify-center py-24">
        <Spinner label={t`Loading invite`} />
      </div>
    );
  }
  if (!inviter) return <NotWorking signedIn={viewerId !== null} />;
  return <Invited token={token} inviter={inviter} viewerId={viewerId} />;
}

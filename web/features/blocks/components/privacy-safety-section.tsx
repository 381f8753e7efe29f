import { pageHref } from '@contract/pages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Ban, Bell, Shield, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { type AvatarUser, displayName, UserAvatar } from '@/components/user-avatar';
import { errorMessage } from '@/lib/error-message';
import { useBlocks } from '../api/get-blocks';
import { useMutedShros, useMutedUsers } from '../api/get-muted';
import { useUnblock } from './block-dialog';
import { useToggleMute } from './use-toggle-mute';

/** Settings' "Privacy & safety": the people the user blocked and what they muted, each undoable (decisions 104, 105). */
export function PrivacySafetySection() {
  const { t } = useLingui();
  return (
    <SectionCard title={t`Privacy & safety`} icon={Shield}>
      <div className="space-y-8">
        <BlockedPeople />
        <Muted />
      </div>
    </SectionCard>
  );
}

const emptyClass = 'rounded-2xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted';
const listClass = 'divide-y divide-border rounded-2xl border border-border';
const rowClass = 'flex items-center justify-between gap-3 p-3';

function PersonLink({ user }: { user: AvatarUser }) {
  return (
    <Link
      href={pageHref('publicProfile', { username: user.username })}
      className="flex min-w-0 items-center gap-3 rounded-xl"
    >
      <UserAvatar user={user} />
      <span className="min-w-0 text-sm">
        <span className="block truncate font-semibold text-zinc-100">{displayName(user)}</span>
        <span className="block truncate text-muted">@{user.username}</span>
      </span>
    </Link>
  );
}

function BlockedPeople() {
  const { t, i18n } = useLingui();
  const blocks = useBlocks();
  const { unblock, pending } = useUnblock();
  return (
    <section aria-labelledby="blocked-title" className="space-y-3">
      <h3 id="blocked-title" className="flex items-center gap-2 font-semibold">
        <Ban className="size-4 text-purple-300" aria-hidden="true" /> <Trans>Blocked people</Trans>
      </h3>
      <p className="text-sm text-muted">
        <Trans>
          People you block can't send you friend requests, messages or Shros, and you don't see each other's Shros. They
          aren't told.
        </Trans>
      </p>
      {blocks.isLoading ? (
        <Spinner className="mx-auto block" label={t`Loading blocked people`} />
      ) : blocks.isError ? (
        <p role="alert" className="text-sm text-red-400">
          {errorMessage(blocks.error, i18n)}
        </p>
      ) : !blocks.data?.length ? (
        <p className={emptyClass}>
          <Trans>You haven't blocked anyone.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Blocked people`} className={listClass}>
          {blocks.data.map((user) => {
            const username = user.username;
            return (
              <li key={user.id} className={rowClass}>
                <PersonLink user={user} />
                <Button
                  variant="outline"
                  size="sm"
                  disabled={pending}
                  aria-label={t`Unblock @${username}`}
                  onClick={() => unblock(user)}
                >
                  <ShieldCheck aria-hidden="true" /> <Trans>Unblock</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Muted() {
  const { t, i18n } = useLingui();
  const people = useMutedUsers();
  const shros = useMutedShros();
  const { toggle, pending } = useToggleMute();
  const failed = people.error ?? shros.error;
  return (
    <section aria-labelledby="muted-title" className="space-y-3">
      <h3 id="muted-title" className="flex items-center gap-2 font-semibold">
        <Bell className="size-4 text-purple-300" aria-hidden="true" /> <Trans>Muted</Trans>
      </h3>
      <p className="text-sm text-muted">
        <Trans>
          You get no notifications from people you mute, nor about Shros you mute. Everything else works as before, and
          they aren't told.
        </Trans>
      </p>
      {people.isLoading || shros.isLoading ? (
        <Spinner className="mx-auto block" label={t`Loading what you muted`} />
      ) : failed ? (
        <p role="alert" className="text-sm text-red-400">
          {errorMessage(failed, i18n)}
        </p>
      ) : !people.data?.length && !shros.data?.length ? (
        <p className={emptyClass}>
          <Trans>You haven't muted anyone or any Shro.</Trans>
        </p>
      ) : (
        <>
          {!!people.data?.length && (
            <ul aria-label={t`Muted people`} className={listClass}>
              {people.data.map((user) => {
                const username = user.username;
                return (
                  <li key={user.id} className={rowClass}>
                    <PersonLink user={user} />
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={pending}
                      aria-label={t`Unmute @${username}`}
                      onClick={() => toggle({ kind: 'user', id: user.id, username }, false)}
                    >
                      <Bell aria-hidden="true" /> <Trans>Unmute</Trans>
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          {!!shros.data?.length && (
            <ul aria-label={t`Muted Shros`} className={listClass}>
              {shros.data.map((shro) => {
                const title = shro.title;
                return (
                  <li key={shro.id} className={rowClass}>
                    <Link
                      href={pageHref('session', { id: shro.id })}
                      className="min-w-0 truncate rounded-xl text-sm font-semibold text-zinc-100"
                    >
                      {shro.title}
                    </Link>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={pending}
                      aria-label={t`Unmute “${title}”`}
                      onClick={() => toggle({ kind: 'shro', id: shro.id, title }, false)}
                    >
                      <Bell aria-hidden="true" /> <Trans>Unmute</Trans>
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

import { Ban, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { displayName, UserAvatar } from '@/components/user-avatar';
import { errorMessage } from '@/lib/error-message';
import { useBlocks } from '../api/get-blocks';
import { useUnblock } from './block-dialog';

/** The profile settings' "Blocked people" section: the caller's block list, each with Unblock. */
export function BlockedUsersSection() {
  const blocks = useBlocks();
  const { unblock, pending } = useUnblock();
  return (
    <SectionCard title="Blocked people" icon={Ban}>
      <div className="space-y-3">
        <p className="text-sm text-muted">
          People you block can't send you friend requests, messages or Shros, and you don't see each other's Shros. They
          aren't told.
        </p>
        {blocks.isLoading ? (
          <Spinner className="mx-auto block" label="Loading blocked people" />
        ) : blocks.isError ? (
          <p role="alert" className="text-sm text-red-400">
            {errorMessage(blocks.error)}
          </p>
        ) : !blocks.data?.length ? (
          <p className="rounded-2xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
            You haven't blocked anyone.
          </p>
        ) : (
          <ul aria-label="Blocked people" className="divide-y divide-border rounded-2xl border border-border">
            {blocks.data.map((user) => (
              <li key={user.id} className="flex items-center justify-between gap-3 p-3">
                <Link href={`/@${user.username}`} className="flex min-w-0 items-center gap-3 rounded-xl">
                  <UserAvatar user={user} />
                  <span className="min-w-0 text-sm">
                    <span className="block truncate font-semibold text-zinc-100">{displayName(user)}</span>
                    <span className="block truncate text-muted">@{user.username}</span>
                  </span>
                </Link>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={pending}
                  aria-label={`Unblock @${user.username}`}
                  onClick={() => unblock(user)}
                >
                  <ShieldCheck aria-hidden="true" /> Unblock
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  );
}

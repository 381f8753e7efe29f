import { Trans } from '@lingui/react/macro';
import { UserX } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** Shown when a public profile cannot be loaded. */
export function UserNotFound({ username }: { username: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <div className="mb-6 flex size-24 items-center justify-center rounded-3xl border-2 border-dashed border-brand/50 bg-surface/60 text-purple-200">
        <UserX className="size-12" aria-hidden="true" />
      </div>
      <h1 className="text-3xl font-extrabold tracking-tight">
        <Trans>User Not Found</Trans>
      </h1>
      <p className="mt-3 max-w-md text-muted">
        <Trans>
          We couldn't find <span className="break-all font-semibold text-zinc-100">@{username}</span>. The username may
          have changed, or the account doesn't exist.
        </Trans>
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link href="/">
          <Trans>Return Home</Trans>
        </Link>
      </Button>
    </div>
  );
}

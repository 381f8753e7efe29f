import type { CurrentUser } from '@contract/auth';
import { Pencil, UserCog } from 'lucide-react';
import { Link } from 'wouter';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';

/** Settings' "Account": who is signed in, and where the profile is edited (username, names, picture). */
export function AccountSection({ user }: { user: CurrentUser }) {
  return (
    <SectionCard title="Account" icon={UserCog}>
      <div className="space-y-4">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-muted">Username</dt>
            <dd className="mt-0.5 truncate text-zinc-200">@{user.username}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted">Email</dt>
            <dd className="mt-0.5 break-all text-zinc-200">{user.email}</dd>
          </div>
        </dl>
        <p className="text-sm text-muted">Your email can't be changed. Your username, name and picture can.</p>
        <Button asChild variant="secondary">
          <Link href="/profile">
            <Pencil aria-hidden="true" /> Edit your profile
          </Link>
        </Button>
      </div>
    </SectionCard>
  );
}

import type { CurrentUser } from '@contract/auth';
import { pageHref } from '@contract/pages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, UserCog } from 'lucide-react';
import { Link } from 'wouter';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';

/** Settings' "Account": who is signed in, and where the profile is edited (username, names, picture). */
export function AccountSection({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  return (
    <SectionCard title={t`Account`} icon={UserCog}>
      <div className="space-y-4">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-muted">
              <Trans>Username</Trans>
            </dt>
            <dd className="mt-0.5 truncate text-zinc-200">@{user.username}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted">
              <Trans>Email</Trans>
            </dt>
            <dd className="mt-0.5 break-all text-zinc-200">{user.email}</dd>
          </div>
        </dl>
        <p className="text-sm text-muted">
          <Trans>Your email can't be changed. Your username, name and picture can.</Trans>
        </p>
        <Button asChild variant="secondary">
          <Link href={pageHref('profile')}>
            <Pencil aria-hidden="true" /> <Trans>Edit your profile</Trans>
          </Link>
        </Button>
      </div>
    </SectionCard>
  );
}

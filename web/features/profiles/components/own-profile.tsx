import type { CurrentUser } from '@contract/auth';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Award, BarChart3, ChevronRight, Fingerprint, Mail, Pencil, Settings, UserCog } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { SectionCard } from '@/components/section-card';
import { StatsTiles } from '@/components/stats-tiles';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { useMyStats } from '@/lib/shared-reads';
import { useUserAchievements } from '../api/get-user-achievements';
import { AchievementList } from './achievement-list';
import { formatLongDate } from './format-date';
import { ProfileEditForm } from './profile-edit-form';
import { ProfileHeader } from './profile-header';

const RECENT_ACHIEVEMENTS = 6;

/**
 * /profile: view and edit modes, stats, recent achievements and account details (docs/product.md §2);
 * the account's settings have their own page, /settings, linked from here.
 */
export function OwnProfile({ user }: { user: CurrentUser }) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const stats = useMyStats();
  const achievements = useUserAchievements(user.id);
  const recent = achievements.data?.slice(0, RECENT_ACHIEVEMENTS) ?? [];

  return (
    <div className="mx-auto w-full max-w-3xl space-y-5 px-4 py-8 sm:py-12">
      {editing ? (
        <Card className="p-5 sm:p-8">
          <h1 className="mb-6 flex items-center gap-2 text-2xl font-extrabold tracking-tight">
            <UserCog className="size-6 text-purple-300" aria-hidden="true" /> <Trans>Edit Profile</Trans>
          </h1>
          <ProfileEditForm user={user} onDone={() => setEditing(false)} />
        </Card>
      ) : (
        <ProfileHeader
          user={user}
          extra={
            <p className="mt-1 flex items-center justify-center gap-1.5 text-sm text-muted sm:justify-start">
              <Mail className="size-4" aria-hidden="true" /> {user.email}
            </p>
          }
        >
          <Button onClick={() => setEditing(true)}>
            <Pencil /> <Trans>Edit Profile</Trans>
          </Button>
          <Button asChild variant="secondary">
            <Link href={pageHref('settings')}>
              <Settings aria-hidden="true" /> <Trans>Settings</Trans>
            </Link>
          </Button>
        </ProfileHeader>
      )}

      <SectionCard title={t`Your Stats`} icon={BarChart3}>
        <StatsTiles stats={stats.data} />
      </SectionCard>

      <SectionCard
        title={t`Recent Achievements`}
        icon={Award}
        action={
          <Link
            href={pageHref('achievements')}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 whitespace-nowrap text-sm font-semibold text-purple-300 underline underline-offset-2 hover:text-purple-200"
          >
            <Trans>View all</Trans> <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          </Link>
        }
      >
        {achievements.isLoading ? (
          <Spinner className="mx-auto block" label={t`Loading achievements`} />
        ) : recent.length > 0 ? (
          <AchievementList achievements={recent} />
        ) : (
          <p className="rounded-2xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
            <Trans>No achievements yet. Create or open your first {PRODUCT_NAME} to start unlocking them.</Trans>
          </p>
        )}
      </SectionCard>

      <SectionCard title={t`Account`} icon={Fingerprint}>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted">
              <Trans>Account ID</Trans>
            </dt>
            <dd className="mt-0.5 break-all font-mono text-zinc-200">{user.id}</dd>
          </div>
          <div>
            <dt className="text-muted">
              <Trans>Member since</Trans>
            </dt>
            <dd className="mt-0.5 text-zinc-200">{formatLongDate(user.createdAt, i18n.locale)}</dd>
          </div>
        </dl>
      </SectionCard>
    </div>
  );
}

import type { PublicUser } from '@contract/auth';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Award, BarChart3, Pencil, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SectionCard } from '@/components/section-card';
import { StatsTiles } from '@/components/stats-tiles';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { displayName } from '@/components/user-avatar';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePublicProfile } from '../api/get-public-profile';
import { useUserAchievements } from '../api/get-user-achievements';
import { useUserStats } from '../api/get-user-stats';
import { AchievementList } from './achievement-list';
import { ProfileHeader } from './profile-header';
import { UserNotFound } from './user-not-found';

function VisitorPrompt({ user }: { user: PublicUser }) {
  const username = user.username;
  const redirect = { query: { redirect: pageHref('publicProfile', { username }) } };
  return (
    <Card className="flex flex-col items-center gap-4 bg-gradient-to-br from-purple-600/20 to-pink-600/10 p-6 text-center sm:flex-row sm:text-start">
      <Sparkles className="size-8 shrink-0 text-pink-300" aria-hidden="true" />
      <div className="flex-1">
        <h2 className="font-bold">
          <Trans>Want to add @{username} as a friend?</Trans>
        </h2>
        <p className="text-sm text-zinc-300">
          <Trans>Sign up to send friend requests, chat and share mystery {PRODUCT_NAME}s.</Trans>
        </p>
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        <Button asChild className="flex-1 sm:flex-none">
          <Link href={pageHref('register', redirect)}>
            <Trans>Sign Up</Trans>
          </Link>
        </Button>
        <Button asChild variant="outline" className="flex-1 sm:flex-none">
          <Link href={pageHref('login', redirect)}>
            <Trans>Log In</Trans>
          </Link>
        </Button>
      </div>
    </Card>
  );
}

/**
 * /@{username}: anyone's public profile. `viewerId` is the signed-in user (null for visitors);
 * `friendAction` renders the friend button when a signed-in user looks at someone else.
 */
export function PublicProfile({
  username,
  viewerId,
  friendAction,
}: {
  username: string;
  viewerId: string | null;
  friendAction: (user: PublicUser) => ReactNode;
}) {
  const { t } = useLingui();
  const profile = usePublicProfile(username);
  const user = profile.data;
  const name = user ? displayName(user) : '';
  const handle = user?.username;
  const stats = useUserStats(user?.id);
  const achievements = useUserAchievements(user?.id);
  useDocumentTitle(
    user
      ? t`${name} (@${handle}) - ${PRODUCT_NAME}`
      : profile.isError
        ? t`User Not Found - ${PRODUCT_NAME}`
        : undefined,
  );

  if (profile.isLoading) return <Spinner className="m-auto my-24 size-8" label={t`Loading profile`} />;
  if (!user) return <UserNotFound username={username} />;

  const isSelf = viewerId === user.id;
  const unlocked = achievements.data ?? [];
  const count = unlocked.length;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-5 px-4 py-8 sm:py-12">
      <ProfileHeader user={user}>
        {isSelf ? (
          <Button asChild variant="secondary">
            <Link href={pageHref('profile')}>
              <Pencil /> <Trans>Edit Profile</Trans>
            </Link>
          </Button>
        ) : viewerId ? (
          friendAction(user)
        ) : null}
      </ProfileHeader>

      {!viewerId && <VisitorPrompt user={user} />}

      <SectionCard title={t`Stats`} icon={BarChart3}>
        <StatsTiles stats={stats.data} />
      </SectionCard>

      <SectionCard title={achievements.data ? t`Achievements (${count})` : t`Achievements`} icon={Award}>
        {achievements.isLoading ? (
          <Spinner className="mx-auto block" label={t`Loading achievements`} />
        ) : unlocked.length > 0 ? (
          <AchievementList achievements={unlocked} />
        ) : (
          <p className="rounded-2xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
            <Trans>@{handle} hasn't unlocked any achievements yet.</Trans>
          </p>
        )}
      </SectionCard>
    </div>
  );
}

import type { UserAchievement } from '@contract/achievements';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChartColumn, CheckCircle2, Hourglass, Lock, RefreshCw, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { PendingRead } from '@/components/pending-read';
import { SectionCard } from '@/components/section-card';
import { StatsTiles } from '@/components/stats-tiles';
import { Button } from '@/components/ui/button';
import { Alert, Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useMyStats } from '@/lib/shared-reads';
import { useAchievements } from '../api/get-achievements';
import { categoryLabel, rarityBadge, rarityBar, rarityLabel, rarityTile } from './achievement-style';
import { ProgressBar } from './progress-bar';

/** One formatter per locale the page has shown ("Mar 10, 2026" in English), made when first needed. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatUnlockDate(iso: string, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

function RarityBadge({ entry }: { entry: UserAchievement }) {
  const { i18n } = useLingui();
  return (
    <span
      className={cn(
        'rounded-full border px-2 text-[11px] font-semibold capitalize leading-5',
        rarityBadge[entry.achievement.rarity],
      )}
    >
      {i18n._(rarityLabel[entry.achievement.rarity])}
    </span>
  );
}

function IconTile({ entry, size = 'md' }: { entry: UserAchievement; size?: 'md' | 'lg' }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'relative flex shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br ring-1',
        size === 'lg' ? 'size-14 text-3xl' : 'size-11 text-2xl',
        entry.isUnlocked ? rarityTile[entry.achievement.rarity] : 'from-white/5 to-white/0 ring-white/10',
      )}
    >
      <span className={entry.isUnlocked ? undefined : 'opacity-35 grayscale'}>{entry.achievement.icon}</span>
      {!entry.isUnlocked && (
        <span className="absolute -end-1.5 -bottom-1.5 flex size-5 items-center justify-center rounded-full border border-border bg-surface">
          <Lock className="size-3 text-muted" />
        </span>
      )}
    </span>
  );
}

/** The static catalogue: all 12, unlocked in their rarity's colours, locked ones dimmed with progress. */
function Catalogue({ list }: { list: UserAchievement[] }) {
  const { t, i18n } = useLingui();
  return (
    <ul aria-label={t`All achievements`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {list.map((entry) => {
        const { achievement } = entry;
        const { name } = achievement;
        return (
          <li
            key={entry.id}
            className={cn(
              'flex gap-3 rounded-2xl border p-3',
              entry.isUnlocked ? 'border-border/70 bg-surface-2/50' : 'border-border/40 bg-surface-2/20',
            )}
          >
            <IconTile entry={entry} size="lg" />
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <h3 className="font-bold leading-tight">{achievement.name}</h3>
                <RarityBadge entry={entry} />
              </div>
              <p className="text-sm leading-snug text-zinc-300">{achievement.description}</p>
              <p className="text-xs text-muted">{i18n._(categoryLabel[achievement.category])}</p>
              {entry.isUnlocked ? (
                <p className="flex items-center gap-1 text-xs font-semibold text-emerald-300">
                  <CheckCircle2 className="size-3.5" aria-hidden="true" /> <Trans>Unlocked</Trans>
                </p>
              ) : (
                <div className="flex items-center gap-2 pt-0.5">
                  <ProgressBar
                    value={entry.progress}
                    max={achievement.requirement}
                    label={t`${name} progress`}
                    fillClassName={rarityBar[achievement.rarity]}
                  />
                  <span className="shrink-0 text-xs font-semibold text-zinc-300 tabular-nums">
                    {entry.progress}/{achievement.requirement}
                  </span>
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function UnlockedList({ list }: { list: UserAchievement[] }) {
  const { t, i18n } = useLingui();
  const unlocked = list
    .filter((a) => a.isUnlocked && a.unlockedAt)
    .sort((a, b) => (b.unlockedAt ?? '').localeCompare(a.unlockedAt ?? ''));
  if (unlocked.length === 0) {
    return (
      <p className="text-sm text-muted">
        <Trans>
          Nothing unlocked yet.{' '}
          <Link href={pageHref('create')} className="font-semibold text-purple-300 underline-offset-4 hover:underline">
            Create your first {PRODUCT_NAME}
          </Link>{' '}
          to earn one.
        </Trans>
      </p>
    );
  }
  return (
    <ul aria-label={t`Unlocked achievements`} className="divide-y divide-border/50">
      {unlocked.map((entry) => {
        const unlockedAt = entry.unlockedAt!;
        const date = formatUnlockDate(unlockedAt, i18n.locale);
        return (
          <li key={entry.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
            <IconTile entry={entry} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{entry.achievement.name}</span>
                <RarityBadge entry={entry} />
              </div>
              <p className="text-xs text-muted">
                <Trans>
                  Unlocked <time dateTime={unlockedAt}>{date}</time>
                </Trans>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function InProgressList({ list }: { list: UserAchievement[] }) {
  const { t } = useLingui();
  const started = list
    .filter((a) => !a.isUnlocked && a.progress > 0)
    .sort((a, b) => b.progress / b.achievement.requirement - a.progress / a.achievement.requirement);
  if (started.length === 0) {
    return (
      <p className="text-sm text-muted">
        <Trans>Create, open boxes and share to start making progress.</Trans>
      </p>
    );
  }
  return (
    <ul aria-label={t`Achievements in progress`} className="space-y-3">
      {started.map((entry) => {
        const { name } = entry.achievement;
        return (
          <li key={entry.id} className="flex items-center gap-3">
            <IconTile entry={entry} />
            <div className="min-w-0 flex-1 space-y-1.5">
              <div className="flex items-baseline justify-between gap-2">
                <span className="truncate font-semibold">{entry.achievement.name}</span>
                <span className="shrink-0 text-sm font-bold tabular-nums text-zinc-200">
                  {entry.progress}/{entry.achievement.requirement}
                </span>
              </div>
              <ProgressBar
                value={entry.progress}
                max={entry.achievement.requirement}
                label={t`${name} progress`}
                fillClassName={rarityBar[entry.achievement.rarity]}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function LoadingBlocks() {
  return (
    <div aria-busy="true" className="space-y-4">
      <p role="status" className="sr-only">
        <Trans>Loading achievements…</Trans>
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-40 animate-pulse rounded-2xl border border-border/50 bg-surface/60" />
      ))}
    </div>
  );
}

/** /achievements (docs/product.md §2): stats, unlocked out of total, the catalogue, unlocked and in-progress lists. */
export function AchievementsScreen() {
  const { t, i18n } = useLingui();
  const achievements = useAchievements();
  const stats = useMyStats();
  const list = achievements.data ?? [];
  const unlockedCount = list.filter((a) => a.isUnlocked).length;
  const total = list.length;
  const percent = new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(
    total ? Math.round((unlockedCount / total) * 100) / 100 : 0,
  );

  return (
    <div className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:py-10">
      <div className="space-y-1">
        <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight">
          <Trophy className="size-7 text-amber-300" aria-hidden="true" /> <Trans>Achievements</Trans>
        </h1>
        <p className="text-sm text-muted">
          <Trans>Unlock badges by creating, opening boxes, sharing and playing every day.</Trans>
        </p>
      </div>

      <SectionCard className="p-4 sm:p-6" title={t`Your Stats`} icon={ChartColumn}>
        <StatsTiles wide stats={stats.data} />
      </SectionCard>

      {achievements.isPending ? (
        <PendingRead>
          <LoadingBlocks />
        </PendingRead>
      ) : achievements.isError ? (
        <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
          <span>
            <Trans>Failed to load achievements. Please try again.</Trans>
          </span>
          <Button size="sm" variant="outline" onClick={() => void achievements.refetch()}>
            <RefreshCw aria-hidden="true" /> <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : (
        <>
          <Card className="space-y-3 p-4 sm:p-6">
            <div className="flex items-end justify-between gap-3">
              <div>
                <h2 className="text-lg font-bold">
                  <Trans>Progress</Trans>
                </h2>
                <p className="text-sm text-muted">
                  <Trans>
                    {unlockedCount} of {total} unlocked
                  </Trans>
                </p>
              </div>
              <span className="text-3xl font-extrabold tabular-nums">{percent}</span>
            </div>
            <ProgressBar value={unlockedCount} max={total} label={t`Achievements unlocked`} className="h-3" />
          </Card>

          <SectionCard
            className="p-4 sm:p-6"
            title={t`All Achievements`}
            icon={Trophy}
            action={<span className="text-sm text-muted">{list.length}</span>}
          >
            <Catalogue list={list} />
          </SectionCard>

          <div className="grid gap-5 lg:grid-cols-2">
            <SectionCard
              className="p-4 sm:p-6"
              title={t({ message: 'Unlocked', context: 'Heading of the list of unlocked achievements' })}
              icon={CheckCircle2}
              action={<span className="text-sm text-muted">{unlockedCount}</span>}
            >
              <UnlockedList list={list} />
            </SectionCard>
            <SectionCard className="p-4 sm:p-6" title={t`In Progress`} icon={Hourglass}>
              <InProgressList list={list} />
            </SectionCard>
          </div>
        </>
      )}
    </div>
  );
}

import type { AchievementRarity } from '@contract/achievements';
import type { UnlockedAchievement } from '@contract/profiles';
import { cn } from '@/lib/cn';

const rarityStyles: Record<AchievementRarity, string> = {
  common: 'border-zinc-400/40 bg-zinc-400/10 text-zinc-200',
  rare: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
  epic: 'border-purple-400/40 bg-purple-400/10 text-purple-200',
  legendary: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Unlocked achievements as cards: icon, name, description, rarity and when it was unlocked. */
export function AchievementList({ achievements }: { achievements: UnlockedAchievement[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Unlocked achievements">
      {achievements.map(({ id, unlockedAt, achievement }) => (
        <li key={id} className="flex gap-3 rounded-2xl border border-border/60 bg-surface-2/40 p-3">
          <span
            className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-brand/30 to-brand-2/20 text-2xl"
            aria-hidden="true"
          >
            {achievement.icon}
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-bold">{achievement.name}</h3>
              <span
                className={cn(
                  'rounded-full border px-2 text-[11px] font-semibold capitalize leading-5',
                  rarityStyles[achievement.rarity],
                )}
              >
                {achievement.rarity}
              </span>
            </div>
            <p className="text-sm text-zinc-300">{achievement.description}</p>
            <p className="mt-0.5 text-xs text-muted">
              Unlocked <time dateTime={unlockedAt}>{dateFormat.format(new Date(unlockedAt))}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

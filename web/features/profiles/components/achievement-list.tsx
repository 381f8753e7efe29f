import type { AchievementRarity } from '@contract/achievements';
import type { UnlockedAchievement } from '@contract/profiles';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn';
import { formatShortDate } from './format-date';

const rarityStyles: Record<AchievementRarity, string> = {
  common: 'border-zinc-400/40 bg-zinc-400/10 text-zinc-200',
  rare: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
  epic: 'border-purple-400/40 bg-purple-400/10 text-purple-200',
  legendary: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
};

/** The rarity's word on its badge, lower case: the badge capitalizes it ("Common"). */
const rarityLabels: Record<AchievementRarity, MessageDescriptor> = {
  common: msg({ message: 'common', context: 'achievement rarity' }),
  rare: msg({ message: 'rare', context: 'achievement rarity' }),
  epic: msg({ message: 'epic', context: 'achievement rarity' }),
  legendary: msg({ message: 'legendary', context: 'achievement rarity' }),
};

/** Unlocked achievements as cards: icon, name, description, rarity and when it was unlocked. */
export function AchievementList({ achievements }: { achievements: UnlockedAchievement[] }) {
  const { t, i18n } = useLingui();
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={t`Unlocked achievements`}>
      {achievements.map(({ id, unlockedAt, achievement }) => {
        const date = formatShortDate(unlockedAt, i18n.locale);
        return (
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
                  {i18n._(rarityLabels[achievement.rarity])}
                </span>
              </div>
              <p className="text-sm text-zinc-300">{achievement.description}</p>
              <p className="mt-0.5 text-xs text-muted">
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

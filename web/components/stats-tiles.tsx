import { PRODUCT_NAME_PLURAL } from '@contract/product';
import type { UserStats } from '@contract/profiles';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Flame, Gift, type LucideIcon, PackageOpen, Target, Users, Zap } from 'lucide-react';
import { cn } from '@/lib/cn';

const tiles: { key: keyof UserStats; label: MessageDescriptor; icon: LucideIcon; tone: string }[] = [
  { key: 'shrosCreated', label: msg`${PRODUCT_NAME_PLURAL} Created`, icon: Gift, tone: 'text-purple-300' },
  { key: 'shrosParticipated', label: msg`Boxes Opened`, icon: PackageOpen, tone: 'text-pink-300' },
  { key: 'streakDays', label: msg`Day Streak`, icon: Flame, tone: 'text-orange-300' },
  { key: 'correctGuesses', label: msg`Correct Guesses`, icon: Target, tone: 'text-emerald-300' },
  { key: 'consecutiveCorrect', label: msg`Correct in a Row`, icon: Zap, tone: 'text-yellow-300' },
  { key: 'totalParticipants', label: msg`Total Participants`, icon: Users, tone: 'text-sky-300' },
];

/**
 * The six counters of docs/product.md §3 as tiles; dashes while they load. `wide` puts all six on one row
 * on large screens (the achievements page); profiles keep three columns.
 */
export function StatsTiles({ stats, wide = false }: { stats: UserStats | undefined; wide?: boolean }) {
  const { i18n } = useLingui();
  return (
    <dl className={cn('grid grid-cols-2 gap-2.5 sm:grid-cols-3', wide && 'lg:grid-cols-6')}>
      {tiles.map(({ key, label, icon: Icon, tone }) => (
        <div key={key} className="flex flex-col rounded-2xl border border-border/60 bg-surface-2/40 p-3.5">
          <dt className="order-last text-xs font-medium text-muted">{i18n._(label)}</dt>
          <dd className="order-first flex items-center gap-2">
            <Icon className={cn('size-5 shrink-0', tone)} aria-hidden="true" />
            <span className="text-2xl font-extrabold tabular-nums">{stats ? stats[key].toLocaleString() : '–'}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

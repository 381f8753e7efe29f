import type { ExploreCard as ExploreCardData } from '@contract/explore';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import type { ShroStatus, ShroType } from '@contract/shros';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  ArrowRight,
  Clapperboard,
  Gift,
  Image as ImageIcon,
  type LucideIcon,
  Share2,
  Type as TextIcon,
  Tv,
  Users,
} from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatAge } from './format-age';

/** docs/product.md §4 list colours; explore shows waiting as "Active". */
const statusBadges: Record<ShroStatus, { text: MessageDescriptor; className: string }> = {
  waiting: { text: msg`Active`, className: 'border-sky-400/40 bg-sky-500/15 text-sky-200' },
  selected: { text: msg`Selection made`, className: 'border-yellow-400/40 bg-yellow-400/15 text-yellow-200' },
  revealed: { text: msg`Revealed`, className: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-200' },
  expired: { text: msg`Expired`, className: 'border-zinc-400/40 bg-zinc-500/20 text-zinc-300' },
};

/** The Shro's kind of options. */
const types: Record<ShroType, { text: MessageDescriptor; icon: LucideIcon }> = {
  image: { text: msg({ message: 'Image', comment: 'Kind of Shro: its options are images' }), icon: ImageIcon },
  text: { text: msg({ message: 'Text', comment: 'Kind of Shro: its options are texts' }), icon: TextIcon },
  movie: { text: msg({ message: 'Movie', comment: 'Kind of Shro: its options are movies' }), icon: Clapperboard },
  tv: { text: msg({ message: 'TV', comment: 'Kind of Shro: its options are TV shows' }), icon: Tv },
};

/** Each closed box gets its own tint, so the row reads as four distinct mystery boxes. */
const boxTints = [
  'from-purple-500/70 to-fuchsia-500/50',
  'from-pink-500/70 to-rose-500/50',
  'from-indigo-500/70 to-purple-500/50',
  'from-fuchsia-500/70 to-pink-500/50',
];

const EXPLORE_CARD_BOXES = 4;

function Avatar({ username, imageUrl }: { username: string; imageUrl: string | null }) {
  if (imageUrl) return <img src={imageUrl} alt="" className="size-8 shrink-0 rounded-full object-cover" />;
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand to-brand-2 text-sm font-bold uppercase text-white"
    >
      {username.charAt(0)}
    </span>
  );
}

export interface ExploreCardProps {
  card: ExploreCardData;
  activeHashtag: string | null;
  onHashtag: (tag: string) => void;
  onShare: (card: ExploreCardData) => void;
  onOpen: (card: ExploreCardData) => void;
}

/** One public Shro (docs/product.md §2 Explore): never any box content, only four closed boxes. */
export function ExploreCard({ card, activeHashtag, onHashtag, onShare, onOpen }: ExploreCardProps) {
  const { t, i18n } = useLingui();
  const status = statusBadges[card.status];
  const type = types[card.type];
  const hashtags = (card.hashtags ?? '').split(',').filter(Boolean).slice(0, 2);
  const boxes = card.boxes.slice(0, EXPLORE_CARD_BOXES);
  const titleId = `explore-card-${card.id}`;
  const href = pageHref('session', { id: card.id });
  const { title, participantCount } = card;
  const boxCount = boxes.length;

  return (
    <article
      aria-labelledby={titleId}
      className="group flex flex-col gap-3 rounded-2xl border border-border/70 bg-surface/80 p-4 shadow-lg shadow-black/20 transition-colors hover:border-brand/50"
    >
      <div className="flex items-center gap-2.5">
        <Avatar username={card.creator.username} imageUrl={card.creator.profileImageUrl} />
        <div className="min-w-0 flex-1 text-sm leading-tight">
          <p className="truncate font-semibold text-zinc-100">@{card.creator.username}</p>
          <p className="text-xs text-muted">
            <time dateTime={card.createdAt}>{formatAge(card.createdAt, i18n.locale)}</time>
          </p>
        </div>
        <span
          className={cn(
            'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
            status.className,
          )}
        >
          {i18n._(status.text)}
        </span>
      </div>

      <h2 id={titleId} className="line-clamp-2 text-lg font-bold leading-snug break-words">
        {card.title}
      </h2>

      <ul
        aria-label={t`${plural(boxCount, { one: '# hidden box', other: '# hidden boxes' })}`}
        className="grid grid-cols-4 gap-2"
      >
        {boxes.map(({ id, position }, index) => (
          <li
            key={id}
            aria-label={t`Mystery Box #${position}`}
            className={cn(
              'relative flex aspect-square items-center justify-center rounded-xl bg-gradient-to-br shadow-inner shadow-white/10 ring-1 ring-white/10',
              boxTints[index % boxTints.length],
            )}
          >
            <Gift className="size-6 text-white drop-shadow" aria-hidden="true" />
            <span
              aria-hidden="true"
              className="absolute end-1 bottom-0.5 text-[10px] font-bold text-white/80 tabular-nums"
            >
              {position}
            </span>
          </li>
        ))}
      </ul>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-zinc-300">
        <span className="inline-flex items-center gap-1.5">
          <Users className="size-4 text-muted" aria-hidden="true" />
          <Plural value={participantCount} one="# participant" other="# participants" />
        </span>
        <span className="inline-flex items-center gap-1.5">
          <type.icon className="size-4 text-muted" aria-hidden="true" />
          {i18n._(type.text)}
        </span>
      </div>

      {hashtags.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {hashtags.map((tag) => (
            <button
              key={tag}
              type="button"
              onClick={() => onHashtag(tag)}
              aria-pressed={activeHashtag === tag}
              aria-label={t`Filter by #${tag}`}
              className={cn(
                'min-h-8 rounded-full border px-3 text-xs font-semibold transition-colors',
                activeHashtag === tag
                  ? 'border-brand bg-brand/25 text-white'
                  : 'border-border bg-surface-2/60 text-purple-200 hover:border-brand/60 hover:text-white',
              )}
            >
              #{tag}
            </button>
          ))}
        </div>
      )}

      <div className="mt-auto flex items-center gap-2 pt-1">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => onShare(card)}
          aria-label={t`Share ${title}`}
        >
          <Share2 aria-hidden="true" /> <Trans>Share</Trans>
        </Button>
        <Button asChild size="sm" className="flex-1">
          <Link href={href} onClick={() => onOpen(card)}>
            <Trans>
              Open {PRODUCT_NAME} <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
              <span className="sr-only">: {title}</span>
            </Trans>
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** A placeholder card while the list loads (docs/product.md §9: 10 of them). */
export function ExploreCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="explore-skeleton"
      className="flex flex-col gap-3 rounded-2xl border border-border/50 bg-surface/60 p-4"
    >
      <div className="flex items-center gap-2.5">
        <span className="size-8 animate-pulse rounded-full bg-surface-2" />
        <span className="h-3 w-28 animate-pulse rounded bg-surface-2" />
        <span className="ms-auto h-5 w-14 animate-pulse rounded-full bg-surface-2" />
      </div>
      <span className="h-5 w-3/4 animate-pulse rounded bg-surface-2" />
      <div className="grid grid-cols-4 gap-2">
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className="aspect-square animate-pulse rounded-xl bg-surface-2" />
        ))}
      </div>
      <span className="h-3 w-1/2 animate-pulse rounded bg-surface-2" />
      <div className="flex gap-2">
        <span className="h-9 w-20 animate-pulse rounded-xl bg-surface-2" />
        <span className="h-9 flex-1 animate-pulse rounded-xl bg-surface-2" />
      </div>
    </div>
  );
}

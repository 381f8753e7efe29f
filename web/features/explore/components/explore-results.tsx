import type { ExploreCard as ExploreCardData, ExplorePage } from '@contract/explore';
import { EXPLORE_SKELETON_CARDS } from '@contract/explore-limits';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { PendingRead } from '@/components/pending-read';
import { Button } from '@/components/ui/button';
import { Alert, Spinner } from '@/components/ui/card';
import { ExploreCard, ExploreCardSkeleton } from './explore-card';

export interface CardActions {
  activeHashtag: string | null;
  onHashtag: (tag: string) => void;
  onShare: (card: ExploreCardData) => void;
  onOpen: (card: ExploreCardData) => void;
}

const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** One explore list: 10 skeleton cards while it loads, the cards, "Load more", or what is missing. */
export function ExploreResults({
  query,
  label,
  empty,
  actions,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ExplorePage>>;
  label: string;
  empty: ReactNode;
  actions: CardActions;
}) {
  const { t } = useLingui();
  if (query.isPending) {
    return (
      <PendingRead>
        <div aria-busy="true">
          <p role="status" className="sr-only">
            <Trans>Loading {label}…</Trans>
          </p>
          <div className={grid}>
            {Array.from({ length: EXPLORE_SKELETON_CARDS }, (_, i) => (
              <ExploreCardSkeleton key={i} />
            ))}
          </div>
        </div>
      </PendingRead>
    );
  }

  if (query.isError && !query.data) {
    return (
      <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
        <span>
          <Trans>Failed to load {label}. Please try again.</Trans>
        </span>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" /> <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }

  const cards = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (cards.length === 0) return <>{empty}</>;

  return (
    <div className="space-y-5">
      <ul aria-label={label} className={grid}>
        {cards.map((card) => (
          <li key={card.id} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <ExploreCard card={card} {...actions} />
            </div>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? <Spinner className="size-4" label={t`Loading more`} /> : null}
            <Trans>Load more</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}

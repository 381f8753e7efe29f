import type { ExploreCard as ExploreCardData } from '@contract/explore';
import { EXPLORE_SEARCH_DEBOUNCE_MS, EXPLORE_SEARCH_MIN } from '@contract/explore-limits';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME, PRODUCT_NAME_PLURAL } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Clock, Compass, Flame, Hash, Plus, Search, SearchX, X } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { trackEvent } from '@/lib/analytics';
import { copyText } from '@/lib/copy-text';
import { useSearchParamState } from '@/lib/search-params';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { toast } from '@/lib/use-toast';
import { useRecentShros } from '../api/get-recent';
import { useTrendingShros } from '../api/get-trending';
import { useSearchShros } from '../api/search-shros';
import { useShareShro } from '../api/share-shro';
import { ExploreEmpty } from './explore-empty';
import { type CardActions, ExploreResults } from './explore-results';

const exploreTabs = ['trending', 'recent', 'search'] as const;
export type ExploreTab = (typeof exploreTabs)[number];
const isExploreTab = (value: string | null): value is ExploreTab => exploreTabs.some((tab) => tab === value);

/** A hashtag as the URL gives it: `#` and case do not matter, as for the API's filter. */
const hashtagOf = (raw: string | null) => raw?.trim().replace(/^#+/, '').toLowerCase() || null;

/** docs/product.md §9: the copy toast lasts 2 s. */
const COPY_TOAST_MS = 2000;

// Tight gaps below `sm`, so the three tabs fit side by side from 320 px up.
const triggerClass =
  'flex h-11 min-w-0 flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-xl px-1.5 text-sm sm:gap-2 sm:px-2 font-semibold text-muted transition-colors hover:text-zinc-100 data-[state=active]:bg-gradient-to-r data-[state=active]:from-brand data-[state=active]:to-brand-2 data-[state=active]:text-white data-[state=active]:shadow-lg data-[state=active]:shadow-brand/20 [&_svg]:size-4 [&_svg]:shrink-0';

function CreateLink() {
  return (
    <Button asChild size="sm">
      <Link href={pageHref('create')}>
        <Plus aria-hidden="true" /> <Trans>Create a {PRODUCT_NAME}</Trans>
      </Link>
    </Button>
  );
}

function TrendingList({ hashtag, actions }: { hashtag: string | null; actions: CardActions }) {
  const { t } = useLingui();
  const query = useTrendingShros(hashtag);
  return (
    <ExploreResults
      query={query}
      label={t`Trending ${PRODUCT_NAME_PLURAL}`}
      actions={actions}
      empty={
        <ExploreEmpty icon={Flame} title={hashtag ? t`Nothing trending in #${hashtag}` : t`Nothing trending yet`}>
          <p className="max-w-sm text-sm text-muted">
            <Trans>Public {PRODUCT_NAME_PLURAL} show up here as people open their boxes. Start one!</Trans>
          </p>
          <CreateLink />
        </ExploreEmpty>
      }
    />
  );
}

function RecentList({ hashtag, actions }: { hashtag: string | null; actions: CardActions }) {
  const { t } = useLingui();
  const query = useRecentShros(hashtag);
  return (
    <ExploreResults
      query={query}
      label={t`Recent ${PRODUCT_NAME_PLURAL}`}
      actions={actions}
      empty={
        <ExploreEmpty
          icon={Compass}
          title={hashtag ? t`No ${PRODUCT_NAME_PLURAL} tagged #${hashtag}` : t`No public ${PRODUCT_NAME_PLURAL} yet`}
        >
          <p className="max-w-sm text-sm text-muted">
            <Trans>Publish one on the explore page and it appears here.</Trans>
          </p>
          <CreateLink />
        </ExploreEmpty>
      }
    />
  );
}

/** "Type at least 3 characters to search", the web's words for the API's EXPLORE_MESSAGES.searchTooShort. */
function useSearchTooShortText() {
  const { t } = useLingui();
  const min = EXPLORE_SEARCH_MIN;
  return t`Type at least ${min} characters to search`;
}

function SearchList({ term, actions }: { term: string; actions: CardActions }) {
  const { t } = useLingui();
  const tooShortText = useSearchTooShortText();
  const ready = term.length >= EXPLORE_SEARCH_MIN;
  const query = useSearchShros(term);
  if (!ready) {
    return (
      <ExploreEmpty icon={Search} title={t`Search public ${PRODUCT_NAME_PLURAL}`}>
        <p className="text-sm text-muted">{tooShortText}</p>
      </ExploreEmpty>
    );
  }
  return (
    <ExploreResults
      query={query}
      label={t`Search results`}
      actions={actions}
      empty={
        <ExploreEmpty icon={SearchX} title={t`No ${PRODUCT_NAME_PLURAL} match “${term}”`}>
          <p className="text-sm text-muted">
            <Trans>Try another word or a hashtag.</Trans>
          </p>
        </ExploreEmpty>
      }
    />
  );
}

/**
 * /explore (docs/product.md §2): search, Trending/Recent/Search tabs, a hashtag filter, and cards.
 * The tab and the hashtag live in the URL (`?tab=recent&hashtag=food`), so Back and a shared link
 * keep them.
 */
export function ExploreScreen() {
  const [params, setParams] = useSearchParamState();
  const rawTab = params.get('tab');
  const tab: ExploreTab = isExploreTab(rawTab) ? rawTab : 'trending';
  const hashtag = hashtagOf(params.get('hashtag'));
  const setTab = (next: ExploreTab) => setParams({ tab: next === 'trending' ? null : next });
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim(), EXPLORE_SEARCH_DEBOUNCE_MS);
  const { mutate: recordShare } = useShareShro();
  const inputId = useId();
  const hintId = useId();
  const { t } = useLingui();
  const tooShortText = useSearchTooShortText();

  useEffect(() => {
    trackEvent('view_explore');
  }, []);

  const onShare = useCallback(
    async (card: ExploreCardData) => {
      const link = `${window.location.origin}/session/${encodeURIComponent(card.id)}`;
      if (await copyText(link)) {
        const { title } = card;
        toast({ title: t`Link copied!`, description: t`Share "${title}" with anyone.`, duration: COPY_TOAST_MS });
        trackEvent('share_shro', { label: 'explore' });
        // Counting the share must never get in the way of the copy.
        recordShare(card.id, { onError: () => {} });
      } else {
        toast({ title: t`Failed to copy`, description: t`Please copy the URL manually`, variant: 'destructive' });
      }
    },
    [recordShare, t],
  );

  const actions = useMemo<CardActions>(
    () => ({
      activeHashtag: hashtag,
      onHashtag: (tag) => {
        // The filter is the recent list's (GET /api/explore?hashtag=), so it opens there.
        setParams({ tab: 'recent', hashtag: tag });
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
      onShare: (card) => void onShare(card),
      onOpen: (card) => trackEvent('join_public_shro', { label: card.id }),
    }),
    [hashtag, onShare, setParams],
  );

  const tooShort = input.trim().length > 0 && input.trim().length < EXPLORE_SEARCH_MIN;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5 px-4 py-6 sm:py-10">
      <div className="space-y-1">
        <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight">
          <Compass className="size-7 text-purple-300" aria-hidden="true" /> <Trans>Explore</Trans>
        </h1>
        <p className="text-sm text-muted">
          <Trans>Discover public {PRODUCT_NAME_PLURAL} from the community and open a box.</Trans>
        </p>
      </div>

      <search className="block space-y-1.5">
        <label htmlFor={inputId} className="sr-only">
          <Trans>Search {PRODUCT_NAME_PLURAL}</Trans>
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 start-3.5 size-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <Input
            id={inputId}
            type="search"
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              if (event.target.value.trim()) setTab('search');
            }}
            placeholder={t`Search by title or #hashtag`}
            aria-describedby={hintId}
            autoComplete="off"
            enterKeyHint="search"
            className="h-12 ps-10"
          />
        </div>
        <p id={hintId} aria-live="polite" className={tooShort ? 'text-xs text-amber-200' : 'sr-only'}>
          {tooShortText}
        </p>
      </search>

      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as ExploreTab)} className="space-y-4">
        <Tabs.List
          aria-label={t`Explore sections`}
          className="flex gap-1 rounded-2xl border border-border/70 bg-surface/80 p-1"
        >
          <Tabs.Trigger value="trending" className={triggerClass}>
            <Flame aria-hidden="true" /> <Trans>Trending</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="recent" className={triggerClass}>
            <Clock aria-hidden="true" /> <Trans>Recent</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="search" className={triggerClass}>
            <Search aria-hidden="true" /> <Trans>Search</Trans>
          </Tabs.Trigger>
        </Tabs.List>

        {hashtag && tab !== 'search' && (
          <div className="flex flex-wrap items-center gap-2 rounded-2xl border border-brand/40 bg-brand/10 px-3 py-2 text-sm">
            <Hash className="size-4 text-purple-200" aria-hidden="true" />
            <span>
              <Trans>
                Showing <strong className="font-semibold text-white">#{hashtag}</strong>
              </Trans>
            </span>
            <Button variant="ghost" size="sm" className="ms-auto" onClick={() => setParams({ hashtag: null })}>
              <X aria-hidden="true" /> <Trans>Clear filter</Trans>
            </Button>
          </div>
        )}

        <Tabs.Content value="trending" className="outline-none">
          <TrendingList hashtag={hashtag} actions={actions} />
        </Tabs.Content>
        <Tabs.Content value="recent" className="outline-none">
          <RecentList hashtag={hashtag} actions={actions} />
        </Tabs.Content>
        <Tabs.Content value="search" className="outline-none">
          <SearchList term={term} actions={actions} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

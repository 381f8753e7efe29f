import { pageHref } from '@contract/pages';
import { PRODUCT_NAME, PRODUCT_NAME_PLURAL } from '@contract/product';
import type { HistoryTab } from '@contract/shro-inputs';
import { HISTORY_PAGE_SIZE_DEFAULT, historyRange } from '@contract/shros';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Gift, Inbox, Plus, Send, UserPlus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '@/components/empty-state';
import { PendingRead } from '@/components/pending-read';
import { Button } from '@/components/ui/button';
import { Alert, Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { useSearchParamState } from '@/lib/search-params';
import { useShroHistory } from '../../api/get-shros';
import { HistoryCard } from './history-card';
import { Pagination } from './pagination';

const PAGE_SIZE = HISTORY_PAGE_SIZE_DEFAULT;

/** Texts are message descriptors: render them with `i18n._(...)` from `useLingui()`. */
const tabs: { value: HistoryTab; label: MessageDescriptor }[] = [
  { value: 'all', label: msg`All` },
  { value: 'sent', label: msg`Sent` },
  { value: 'received', label: msg`Received` },
];

const empty: Record<HistoryTab, { icon: typeof Gift; title: MessageDescriptor; body: MessageDescriptor }> = {
  all: {
    icon: Gift,
    title: msg`No ${PRODUCT_NAME_PLURAL} yet`,
    body: msg`Create a ${PRODUCT_NAME} for your friends, or open one someone sends you. They all show up here.`,
  },
  sent: {
    icon: Send,
    title: msg`You haven't sent any ${PRODUCT_NAME_PLURAL} yet`,
    body: msg`Hide four options in four mystery boxes and let your friends pick one.`,
  },
  received: {
    icon: Inbox,
    title: msg`No ${PRODUCT_NAME_PLURAL} received yet`,
    body: msg`When a friend sends you a ${PRODUCT_NAME}, or you open one by link, it shows up here. Add friends so they can send you one.`,
  },
};

const isTab = (value: string | null): value is HistoryTab => tabs.some((t) => t.value === value);

/** The page in `?page=`: a whole number from 1, else page 1. */
function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The empty tab's way forward. Received: add friends, who send them; "Create Your First Shro"
 * (docs/product.md §2) only to someone who has created none, the one it is true for.
 */
function EmptyAction({ tab, sentCount }: { tab: HistoryTab; sentCount: number }) {
  const createFirst = (
    <Button asChild variant={tab === 'received' ? 'secondary' : undefined}>
      <Link href={pageHref('create')}>
        <Plus /> <Trans>Create Your First {PRODUCT_NAME}</Trans>
      </Link>
    </Button>
  );
  if (tab !== 'received') return createFirst;
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button asChild>
        <Link href={pageHref('friends')}>
          <UserPlus /> <Trans>Add Friends</Trans>
        </Link>
      </Button>
      {sentCount === 0 && createFirst}
    </div>
  );
}

/**
 * /history: sent and received Shros with tabs, counts, delete and pagination (docs/product.md §2).
 * The tab and page live in the URL (`?tab=sent&page=2`), so Back and a shared link keep them.
 */
export function ShroHistory() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParamState();
  const rawTab = params.get('tab');
  const tab: HistoryTab = isTab(rawTab) ? rawTab : 'all';
  const page = pageOf(params.get('page'));
  const setPage = (next: number, options?: { replace?: boolean }) =>
    setParams({ page: next > 1 ? String(next) : null }, options);
  const query = useShroHistory({ tab, page, pageSize: PAGE_SIZE });
  const data = query.data;
  const counts = data?.counts;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // The list shown belongs to the tab asked for (the previous one stays up while the next loads).
  const current = data && query.isPlaceholderData ? null : data;

  // A page past the end (an old link, or the last card of the last page deleted) shows the last one.
  const lastPage = current ? Math.max(1, Math.ceil(current.total / PAGE_SIZE)) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage, { replace: true });
  });

  function goTo(next: number) {
    setPage(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-16 pt-6 sm:pt-10">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-black tracking-tight sm:text-4xl">
            <span className="bg-gradient-to-r from-purple-200 via-fuchsia-200 to-pink-200 bg-clip-text text-transparent">
              <Trans>Your {PRODUCT_NAME} History</Trans>
            </span>
          </h1>
          <p className="mt-1 text-muted">
            <Trans>Everything you sent and received, newest first.</Trans>
          </p>
        </div>
        <Button asChild>
          <Link href={pageHref('create')}>
            <Plus /> <Trans>Create {PRODUCT_NAME}</Trans>
          </Link>
        </Button>
      </header>

      <Tabs.Root value={tab} onValueChange={(value) => setParams({ tab: value === 'all' ? null : value, page: null })}>
        <Tabs.List
          aria-label={t`${PRODUCT_NAME} history`}
          className="grid grid-cols-3 gap-1 rounded-2xl border border-border/70 bg-surface/70 p-1"
        >
          {tabs.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="flex h-11 items-center justify-center gap-2 rounded-xl text-sm font-semibold text-zinc-300 transition-colors hover:text-white data-[state=active]:bg-gradient-to-r data-[state=active]:from-brand data-[state=active]:to-brand-2 data-[state=active]:text-white data-[state=active]:shadow"
            >
              {i18n._(label)}
              <span className="rounded-full bg-black/25 px-2 py-0.5 text-xs tabular-nums">
                {i18n.number(counts?.[value] ?? 0)}
              </span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        {tabs.map(({ value }) => (
          <Tabs.Content key={value} value={value} className="mt-5 outline-none">
            {query.isError ? (
              <Alert variant="destructive">{errorMessage(query.error, i18n, t`Could not load your history.`)}</Alert>
            ) : !current ? (
              <PendingRead>
                <HistorySkeleton />
              </PendingRead>
            ) : current.items.length === 0 ? (
              <Card>
                <EmptyState
                  icon={empty[value].icon}
                  title={i18n._(empty[value].title)}
                  action={<EmptyAction tab={value} sentCount={counts?.sent ?? 0} />}
                >
                  {i18n._(empty[value].body)}
                </EmptyState>
              </Card>
            ) : (
              <>
                <ul className="space-y-3" aria-busy={query.isFetching || undefined}>
                  {current.items.map((item) => (
                    <HistoryCard
                      key={item.id}
                      item={item}
                      onDeleted={() => {
                        if (current.items.length === 1 && page > 1) setPage(page - 1, { replace: true });
                      }}
                    />
                  ))}
                </ul>
                <div className="mt-6 flex flex-col items-center gap-3">
                  <Pagination page={page} pageCount={pageCount} onPage={goTo} />
                  <p className="text-sm text-muted">
                    <RangeText page={page} total={current.total} />
                  </p>
                </div>
              </>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

function HistorySkeleton() {
  const { t } = useLingui();
  return (
    <ul className="space-y-3" aria-label={t`Loading history`}>
      {[0, 1, 2].map((i) => (
        <li key={i} className="animate-pulse rounded-2xl border border-border/50 bg-surface/60 p-5">
          <div className="flex gap-3">
            <div className="size-11 rounded-xl bg-surface-2" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-1/2 rounded bg-surface-2" />
              <div className="h-3 w-1/3 rounded bg-surface-2" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** "Showing 1 to 10 of 42 Shros" (docs/product.md §2), a plural for languages whose noun follows the count. */
function RangeText({ page, total }: { page: number; total: number }) {
  const { from, to } = historyRange(page, PAGE_SIZE, total);
  return (
    <Plural
      value={total}
      one={`Showing ${from} to ${to} of # ${PRODUCT_NAME_PLURAL}`}
      other={`Showing ${from} to ${to} of # ${PRODUCT_NAME_PLURAL}`}
    />
  );
}

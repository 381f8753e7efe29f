import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** docs/product.md §2 History: at most 5 page buttons. */
const WINDOW = 5;

/** The page numbers to show: a window of at most 5 around the current page. */
export function pageWindow(page: number, pageCount: number): number[] {
  const size = Math.min(WINDOW, pageCount);
  const start = Math.max(1, Math.min(page - Math.floor(WINDOW / 2), pageCount - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

export function Pagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useLingui();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t`Pagination`} className="flex items-center justify-center gap-1.5">
      <Button variant="secondary" size="sm" className="h-11" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="rtl:-scale-x-100" />{' '}
        <span className="hidden sm:inline">
          <Trans>Previous</Trans>
        </span>
        <span className="sr-only sm:hidden">
          <Trans>Previous</Trans>
        </span>
      </Button>
      {pageWindow(page, pageCount).map((n) => (
        <button
          key={n}
          type="button"
          aria-label={t`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
          className={cn(
            'size-11 rounded-xl text-sm font-semibold transition-colors',
            n === page
              ? 'bg-gradient-to-r from-brand to-brand-2 text-white shadow'
              : 'text-zinc-300 hover:bg-surface-2',
          )}
        >
          {i18n.number(n)}
        </button>
      ))}
      <Button
        variant="secondary"
        size="sm"
        className="h-11"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        <span className="hidden sm:inline">
          <Trans>Next</Trans>
        </span>
        <span className="sr-only sm:hidden">
          <Trans>Next</Trans>
        </span>{' '}
        <ChevronRight className="rtl:-scale-x-100" />
      </Button>
    </nav>
  );
}

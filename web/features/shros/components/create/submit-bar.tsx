import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** The bar under the form (sticky on phones): upload progress, Cancel and the create button. */
export function SubmitBar({
  isPending,
  busy,
  progress,
}: {
  isPending: boolean;
  busy: boolean;
  /** 0–1 while images upload, then 1 while the server processes them; null without images. */
  progress: number | null;
}) {
  const { t, i18n } = useLingui();
  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <div className="sticky bottom-0 z-30 -mx-4 border-t border-border/60 bg-base/90 px-4 pb-[calc(0.75rem+env(safe-area-inset-bottom))] pt-3 backdrop-blur-xl sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
      <div className="mx-auto max-w-3xl">
        {isPending && progress !== null && (
          <div className="mb-3" aria-live="polite">
            <div className="mb-1 flex justify-between text-xs text-muted">
              <span>{progress < 1 ? <Trans>Uploading images...</Trans> : <Trans>Processing images...</Trans>}</span>
              <span>{i18n.number(percent / 100, { style: 'percent' })}</span>
            </div>
            <div
              role="progressbar"
              aria-label={t`Upload progress`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-surface-2"
            >
              <div
                className="h-full rounded-full bg-gradient-to-r from-brand to-brand-2 transition-[width] duration-200"
                style={{ width: `${percent}%` }}
              />
            </div>
          </div>
        )}
        <div className="grid grid-cols-[auto_1fr] gap-3 sm:flex sm:justify-end">
          <Button asChild variant="outline" size="lg">
            <Link href="/">
              <Trans>Cancel</Trans>
            </Link>
          </Button>
          <Button type="submit" size="lg" disabled={busy} className="sm:min-w-48">
            <Send />
            {isPending ? <Trans>Creating...</Trans> : <Trans>Create {PRODUCT_NAME}</Trans>}
          </Button>
        </div>
      </div>
    </div>
  );
}

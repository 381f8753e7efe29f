import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatRelativeTime } from '@/lib/relative-time';
import type { CreateDraft } from '../../hooks/create-draft';

/** "Continue your unfinished Shro?": restore the saved draft, or throw it away (decision 017). */
export function DraftOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: CreateDraft;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { i18n } = useLingui();
  const hadImages = draft.boxes.some((b) => b.hadImage);
  const title = draft.title.trim();
  const when = formatRelativeTime(draft.savedAt, i18n.locale);
  return (
    <section
      aria-labelledby="draft-heading"
      className="mb-5 rounded-2xl border border-brand/40 bg-brand/10 px-4 py-3 animate-pop"
    >
      <h2 id="draft-heading" className="flex items-center gap-2 font-bold">
        <History className="size-4 shrink-0 text-purple-300" aria-hidden="true" />{' '}
        <Trans>Continue your unfinished {PRODUCT_NAME}?</Trans>
      </h2>
      <p className="mt-1 text-sm text-zinc-300">
        {title ? (
          <Trans>
            <span className="break-words font-semibold">“{title}”</span>, saved {when}.
          </Trans>
        ) : (
          <Trans>
            <span className="break-words font-semibold">Untitled</span>, saved {when}.
          </Trans>
        )}
        {hadImages && (
          <>
            {' '}
            <Trans>Photos are not kept in a draft: add them again.</Trans>
          </>
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" size="sm" className="h-11" onClick={onRestore}>
          <Trans>Restore draft</Trans>
        </Button>
        <Button type="button" size="sm" variant="ghost" className="h-11" onClick={onDiscard}>
          <Trans>Discard draft</Trans>
        </Button>
      </div>
    </section>
  );
}

import { PRODUCT_NAME } from '@contract/product';
import type { Shro } from '@contract/shro-views';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense } from 'react';
import { PendingRead } from '@/components/pending-read';
import { ApiError } from '@/lib/api-client';
import { LazyPartView } from '@/lib/lazy-part';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useShro } from '../../api/get-shro';
import { filledBoxes } from '../../utils/option-count';
import { shroViewPart } from './session-parts';
import { JoinCard, ShroExpired, ShroLoading, ShroNotFound } from './state-screens';

/** /session/:id — every state and role of docs/product.md §2, refreshed every 2 s. */
/** `shroActions`: more actions for a signed-in viewer (mute, block), from another feature. */
export function ShroPage({ id, shroActions }: { id: string; shroActions?: (shro: Shro) => ReactNode }) {
  const { t } = useLingui();
  const query = useShro(id);
  const shro = query.data;
  const notFound = query.error instanceof ApiError && [400, 403, 404].includes(query.error.status);
  useDocumentTitle(
    shro ? `${shro.title} - ${PRODUCT_NAME}` : notFound ? t`Session Not Found - ${PRODUCT_NAME}` : undefined,
  );

  if (query.isPending)
    return (
      <PendingRead className="m-auto my-16 w-[calc(100%-2rem)] max-w-md">
        <ShroLoading />
      </PendingRead>
    );
  if (query.isError || !shro) {
    if (notFound || !(query.error instanceof ApiError)) return <ShroNotFound />;
    if (query.error.status === 410) return <ShroExpired />;
    return <ShroNotFound />;
  }
  const expiredFacts = {
    title: shro.title,
    type: shro.type,
    creator: shro.creator,
    optionCount: filledBoxes(shro.boxes).length,
  };
  if (shro.viewerRole === 'visitor')
    return shro.status === 'expired' ? (
      <ShroExpired shro={expiredFacts} />
    ) : (
      <JoinCard
        shroId={shro.id}
        title={shro.title}
        creator={shro.creator.username}
        optionCount={filledBoxes(shro.boxes).length}
        expiresAt={shro.isShareable ? shro.expiresAt : null}
      />
    );
  // Expired blocks participation; the creator and those who already opened a box keep their results.
  if (shro.status === 'expired' && shro.viewerRole !== 'creator' && !shro.hasSelected)
    return <ShroExpired shro={expiredFacts} signedIn />;
  // Still loading its code: the loading screen stays (the actions may suspend with it).
  return (
    <Suspense fallback={<ShroLoading />}>
      <LazyPartView part={shroViewPart} shro={shro} actions={shroActions?.(shro)} />
    </Suspense>
  );
}

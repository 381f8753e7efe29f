import { type ModerationQueueItem, REPORT_REASON_LABELS } from '@contract/moderation';
import { useLingui } from '@lingui/react/macro';
import { Flag, ShieldCheck } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Alert, Card, Spinner } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { formatRelativeTime } from '@/lib/relative-time';
import { useModerationQueue } from '../api/get-moderation-queue';
import { type Selected, STATUS_LABELS, TYPE_ICONS, TYPE_LABELS } from './moderation-labels';

/** The queue: open reports grouped by target, oldest first, then Shros waiting for approval. */
export function ModerationQueue({ onReview }: { onReview: (target: Selected) => void }) {
  const queue = useModerationQueue();
  if (queue.isLoading) return <Spinner className="mx-auto block" label="Loading the queue" />;
  if (queue.error) return <Alert variant="destructive">{errorMessage(queue.error)}</Alert>;
  const items = queue.data ?? [];
  if (items.length === 0) {
    return (
      <EmptyState icon={ShieldCheck} title="All clear">
        No open reports and nothing waiting for approval.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Open reports" className="space-y-3">
      {items.map((item) => (
        <QueueCard key={`${item.targetType}-${item.targetId}`} item={item} onReview={onReview} />
      ))}
    </ul>
  );
}

function QueueCard({ item, onReview }: { item: ModerationQueueItem; onReview: (target: Selected) => void }) {
  const { i18n } = useLingui();
  const Icon = TYPE_ICONS[item.targetType];
  const status = item.moderationStatus ? STATUS_LABELS[item.moderationStatus] : null;
  const heading = item.preview ?? (item.gone ? 'Already deleted' : TYPE_LABELS[item.targetType]);
  return (
    <li>
      <Card className="p-4">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-purple-200">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted">
              {TYPE_LABELS[item.targetType]}
              {status && (
                <span className="rounded-full bg-amber-500/15 px-2 py-0.5 normal-case text-amber-200">{status}</span>
              )}
            </p>
            <p className="mt-0.5 break-words font-semibold">{heading}</p>
            {item.owner && <p className="text-sm text-muted">by @{item.owner.username}</p>}
            <p className="mt-2 text-sm">
              {item.reporterCount > 0 ? (
                <>
                  <Flag className="mr-1 inline size-3.5 text-red-300" aria-hidden="true" />
                  {item.reporterCount === 1 ? '1 person reported' : `${item.reporterCount} people reported`}:{' '}
                  {item.reasons.map((r) => REPORT_REASON_LABELS[r]).join(', ')}
                </>
              ) : (
                'Held back by the word filter'
              )}
            </p>
            <p className="text-xs text-muted">
              Waiting since <time dateTime={item.oldestAt}>{formatRelativeTime(item.oldestAt, i18n.locale)}</time>
            </p>
          </div>
        </div>
        <Button
          variant="secondary"
          className="mt-3 w-full"
          onClick={() => onReview({ type: item.targetType, id: item.targetId })}
          aria-label={`Review ${TYPE_LABELS[item.targetType].toLowerCase()} “${heading}”`}
        >
          Review
        </Button>
      </Card>
    </li>
  );
}

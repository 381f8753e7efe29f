import { type ModerationQueueItem, REPORT_REASON_LABELS } from '@contract/moderation';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Flag, ShieldCheck } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Alert, Card, Spinner } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { formatRelativeTime } from '@/lib/relative-time';
import { useModerationQueue } from '../api/get-moderation-queue';
import { type Selected, STATUS_LABELS, TYPE_ICONS, typeLabel } from './moderation-labels';

/** The queue: open reports grouped by target, oldest first, then Shros waiting for approval. */
export function ModerationQueue({ onReview }: { onReview: (target: Selected) => void }) {
  const { t, i18n } = useLingui();
  const queue = useModerationQueue();
  if (queue.isLoading) return <Spinner className="mx-auto block" label={t`Loading the queue`} />;
  if (queue.error) return <Alert variant="destructive">{errorMessage(queue.error, i18n)}</Alert>;
  const items = queue.data ?? [];
  if (items.length === 0) {
    return (
      <EmptyState icon={ShieldCheck} title={t`All clear`}>
        <Trans>No open reports and nothing waiting for approval.</Trans>
      </EmptyState>
    );
  }
  return (
    <ul aria-label={t`Open reports`} className="space-y-3">
      {items.map((item) => (
        <QueueCard key={`${item.targetType}-${item.targetId}`} item={item} onReview={onReview} />
      ))}
    </ul>
  );
}

function QueueCard({ item, onReview }: { item: ModerationQueueItem; onReview: (target: Selected) => void }) {
  const { t, i18n } = useLingui();
  const Icon = TYPE_ICONS[item.targetType];
  const status = item.moderationStatus ? STATUS_LABELS[item.moderationStatus] : null;
  const type = typeLabel(item.targetType, i18n);
  const heading = item.preview ?? (item.gone ? t`Already deleted` : type);
  const owner = item.owner?.username;
  const count = item.reporterCount;
  const reasons = item.reasons.map((r) => i18n._(REPORT_REASON_LABELS[r])).join(', ');
  const since = formatRelativeTime(item.oldestAt, i18n.locale);
  return (
    <li>
      <Card className="p-4">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-purple-200">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted">
              {type}
              {status && (
                <span className="rounded-full bg-amber-500/15 px-2 py-0.5 normal-case text-amber-200">
                  {i18n._(status)}
                </span>
              )}
            </p>
            <p className="mt-0.5 break-words font-semibold">{heading}</p>
            {owner && (
              <p className="text-sm text-muted">
                <Trans>by @{owner}</Trans>
              </p>
            )}
            <p className="mt-2 text-sm">
              {item.reporterCount > 0 ? (
                <>
                  <Flag className="me-1 inline size-3.5 text-red-300" aria-hidden="true" />
                  {t`${plural(count, { one: `# person reported: ${reasons}`, other: `# people reported: ${reasons}` })}`}
                </>
              ) : (
                t`Held back by the word filter`
              )}
            </p>
            <p className="text-xs text-muted">
              <Trans>
                Waiting since <time dateTime={item.oldestAt}>{since}</time>
              </Trans>
            </p>
          </div>
        </div>
        <Button
          variant="secondary"
          className="mt-3 w-full"
          onClick={() => onReview({ type: item.targetType, id: item.targetId })}
          aria-label={i18n._(reviewLabel(item.targetType, heading))}
        >
          <Trans>Review</Trans>
        </Button>
      </Card>
    </li>
  );
}

/** The review button's accessible name, one whole sentence per kind of target. */
function reviewLabel(type: ModerationQueueItem['targetType'], heading: string) {
  switch (type) {
    case 'shro':
      return msg`Review shro “${heading}”`;
    case 'user':
      return msg`Review account “${heading}”`;
    case 'message':
      return msg`Review message “${heading}”`;
    case 'image':
      return msg`Review image “${heading}”`;
  }
}

import type { ReportTargetType } from '@contract/moderation';
import { Alert, Spinner } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { useModerationLog } from '../api/get-moderation-log';
import { LOG_LABELS, TYPE_LABELS } from './moderation-labels';

/** The audit log of every moderator action and content view, newest first (read-only). */
export function AuditLog() {
  const log = useModerationLog(true);
  if (log.isLoading) return <Spinner className="mx-auto block" label="Loading the audit log" />;
  if (log.error) return <Alert variant="destructive">{errorMessage(log.error)}</Alert>;
  const entries = log.data ?? [];
  if (entries.length === 0) return <p className="text-sm text-muted">Nothing logged yet.</p>;
  return (
    <ol aria-label="Audit log" className="space-y-2">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-border bg-surface/80 px-3 py-2 text-sm">
          <p>
            <span className="font-semibold">{entry.moderator ? `@${entry.moderator.username}` : 'Automatic'}</span>{' '}
            <span className="rounded-md bg-surface-2 px-1.5 py-0.5 text-xs">
              {LOG_LABELS[entry.action] ?? entry.action}
            </span>{' '}
            {TYPE_LABELS[entry.targetType as ReportTargetType] ?? entry.targetType}{' '}
            <span className="font-mono text-xs text-muted" title={entry.targetId}>
              {entry.targetId.slice(0, 8)}
            </span>
          </p>
          {entry.reason && <p className="mt-0.5 break-words">{entry.reason}</p>}
          <p className="text-xs text-muted">
            <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

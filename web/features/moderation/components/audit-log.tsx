import type { ReportTargetType } from '@contract/moderation';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Spinner } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { useModerationLog } from '../api/get-moderation-log';
import { LOG_LABELS, TYPE_ICONS, typeLabel } from './moderation-labels';

/** The audit log of every moderator action and content view, newest first (read-only). */
export function AuditLog() {
  const { t, i18n } = useLingui();
  const log = useModerationLog(true);
  if (log.isLoading) return <Spinner className="mx-auto block" label={t`Loading the audit log`} />;
  if (log.error) return <Alert variant="destructive">{errorMessage(log.error, i18n)}</Alert>;
  const entries = log.data ?? [];
  if (entries.length === 0) {
    return (
      <p className="text-sm text-muted">
        <Trans>Nothing logged yet.</Trans>
      </p>
    );
  }
  return (
    <ol aria-label={t`Audit log`} className="space-y-2">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-border bg-surface/80 px-3 py-2 text-sm">
          <p>
            <span className="font-semibold">{entry.moderator ? `@${entry.moderator.username}` : t`Automatic`}</span>{' '}
            <span className="rounded-md bg-surface-2 px-1.5 py-0.5 text-xs">
              {Object.hasOwn(LOG_LABELS, entry.action) ? i18n._(LOG_LABELS[entry.action]!) : entry.action}
            </span>{' '}
            {isTargetType(entry.targetType) ? typeLabel(entry.targetType, i18n) : entry.targetType}{' '}
            <span className="font-mono text-xs text-muted" title={entry.targetId}>
              {entry.targetId.slice(0, 8)}
            </span>
          </p>
          {entry.reason && <p className="mt-0.5 break-words">{entry.reason}</p>}
          <p className="text-xs text-muted">
            <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString(i18n.locale)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

const isTargetType = (value: string): value is ReportTargetType => Object.hasOwn(TYPE_ICONS, value);

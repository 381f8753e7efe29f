import {
  ACTIONS_BY_TARGET,
  type ModerationAction,
  type ModerationTarget,
  REPORT_REASON_LABELS,
  type ReportTargetType,
} from '@contract/moderation';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert, Card, Spinner } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { formatRelativeTime } from '@/lib/relative-time';
import { useModerationTarget } from '../api/get-moderation-target';
import { ActionForm } from './action-form';
import { ACTION_LABELS, type Selected, STATUS_LABELS, typeLabel } from './moderation-labels';

/** One target in review: its content, its reports, and the actions that apply to it. */
export function TargetReview({ target, onBack }: { target: Selected; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const view = useModerationTarget(target);
  const [action, setAction] = useState<{ type: ReportTargetType; id: string; action: ModerationAction } | null>(null);
  const data = view.data;
  const reportCount = data?.reports.length ?? 0;
  const ownerName = data?.owner?.username;
  return (
    <div className="mt-6">
      <Button variant="ghost" onClick={onBack} className="-ms-3">
        <ArrowLeft className="rtl:-scale-x-100" /> <Trans>Back to the queue</Trans>
      </Button>
      {view.isLoading && <Spinner className="mx-auto mt-6 block" label={t`Loading the content`} />}
      {view.error && (
        <Alert variant="destructive" className="mt-4">
          {errorMessage(view.error, i18n)}
        </Alert>
      )}
      {data && (
        <div className="mt-3 space-y-4">
          <ContentCard target={data} />
          <Card className="p-4">
            <h2 className="font-bold">
              <Trans>Open reports ({reportCount})</Trans>
            </h2>
            {data.reports.length === 0 ? (
              <p className="mt-1 text-sm text-muted">
                <Trans>None: this is waiting for approval.</Trans>
              </p>
            ) : (
              <ul className="mt-2 space-y-2">
                {data.reports.map((report, index) => (
                  <li key={`${report.createdAt}-${index}`} className="rounded-xl bg-surface-2 px-3 py-2 text-sm">
                    <span className="font-semibold">{i18n._(REPORT_REASON_LABELS[report.reason])}</span>
                    <span className="text-muted"> · {formatRelativeTime(report.createdAt, i18n.locale)}</span>
                    {report.details && <p className="mt-1 whitespace-pre-wrap break-words">{report.details}</p>}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card className="p-4">
            <h2 className="font-bold">
              <Trans>Decide</Trans>
            </h2>
            {action ? (
              <ActionForm
                action={action}
                subject={
                  action.type === 'user' && data.owner ? `@${data.owner.username}` : typeLabel(action.type, i18n)
                }
                onCancel={() => setAction(null)}
                onDone={onBack}
              />
            ) : (
              <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
                {ACTIONS_BY_TARGET[data.targetType]
                  .filter((a) => applies(a, data))
                  .map((a) => (
                    <Button
                      key={a}
                      variant={a === 'delete' || a === 'suspend' || a === 'hide' ? 'outline' : 'secondary'}
                      className={cn(
                        (a === 'delete' || a === 'suspend' || a === 'hide') && 'border-red-500/60 text-red-200',
                      )}
                      onClick={() => setAction({ type: data.targetType, id: data.targetId, action: a })}
                    >
                      {i18n._(ACTION_LABELS[a])}
                    </Button>
                  ))}
                {data.targetType !== 'user' && data.owner && (
                  <Button
                    variant="outline"
                    className="border-red-500/60 text-red-200"
                    onClick={() => setAction({ type: 'user', id: data.owner!.id, action: 'suspend' })}
                  >
                    <Trans>Suspend @{ownerName}</Trans>
                  </Button>
                )}
              </div>
            )}
          </Card>
        </div>
      )}
    </div>
  );
}

/** Only the actions that change something for this target's current state. */
function applies(action: ModerationAction, target: ModerationTarget): boolean {
  if (target.gone) return action === 'dismiss';
  const status = target.shro?.moderationStatus;
  if (action === 'hide') return status !== 'hidden';
  if (action === 'restore') return status === 'hidden' || status === 'auto_hidden';
  if (action === 'approve') return status === 'pending_review';
  if (action === 'suspend') return !target.user?.suspendedUntil;
  if (action === 'unsuspend') return Boolean(target.user?.suspendedUntil);
  if (action === 'dismiss') return target.reports.length > 0;
  return true;
}

/** "The account no longer exists.": one whole sentence per kind of target. */
const GONE_TEXT = {
  shro: msg`The shro no longer exists.`,
  user: msg`The account no longer exists.`,
  message: msg`The message no longer exists.`,
  image: msg`The image no longer exists.`,
} as const;

/** How a suspension reads: for good or until a date, with the moderator's reason when there is one. */
function suspensionText(user: NonNullable<ModerationTarget['user']>, i18n: I18n): string {
  const reason = user.suspensionReason;
  if (user.suspendedForGood) {
    return reason ? i18n._(msg`Suspended for good: ${reason}`) : i18n._(msg`Suspended for good`);
  }
  const until = new Date(user.suspendedUntil!).toLocaleString(i18n.locale);
  return reason ? i18n._(msg`Suspended until ${until}: ${reason}`) : i18n._(msg`Suspended until ${until}`);
}

function ContentCard({ target }: { target: ModerationTarget }) {
  const { t, i18n } = useLingui();
  if (target.gone) {
    return (
      <Card className="p-4">
        <p className="text-sm text-muted">{i18n._(GONE_TEXT[target.targetType])}</p>
      </Card>
    );
  }
  const type = typeLabel(target.targetType, i18n);
  const owner = target.owner?.username;
  return (
    <Card className="p-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">
        {owner ? (
          <Trans>
            {type}
            <span className="normal-case"> by @{owner}</span>
          </Trans>
        ) : (
          type
        )}
      </p>
      {target.shro && (
        <>
          <h2 className="mt-1 break-words text-lg font-bold">{target.shro.title}</h2>
          <p className="text-sm text-muted">
            {target.shro.isPublic ? t`Public` : target.shro.isShareable ? t`Link` : t`Private`}
            {target.shro.hashtags ? ` · #${target.shro.hashtags.split(',').join(' #')}` : ''}
            {STATUS_LABELS[target.shro.moderationStatus]
              ? ` · ${i18n._(STATUS_LABELS[target.shro.moderationStatus]!)}`
              : ''}
          </p>
          <ol aria-label={t`Boxes`} className="mt-3 grid grid-cols-2 gap-2">
            {target.shro.boxes.map((box) => (
              <BoxCard key={box.position} box={box} />
            ))}
          </ol>
        </>
      )}
      {target.user && (
        <div className="mt-1">
          <h2 className="text-lg font-bold">@{target.user.username}</h2>
          {(target.user.firstName || target.user.lastName) && (
            <p className="text-sm">{[target.user.firstName, target.user.lastName].filter(Boolean).join(' ')}</p>
          )}
          <p className="text-sm text-muted">
            <JoinedLine createdAt={target.user.createdAt} />
          </p>
          {target.user.suspendedUntil && <Alert className="mt-2">{suspensionText(target.user, i18n)}</Alert>}
        </div>
      )}
      {target.message && (
        <div className="mt-2">
          <p className="whitespace-pre-wrap break-words rounded-2xl bg-surface-2 px-3.5 py-2">
            {target.message.content}
          </p>
          <p className="mt-1 text-xs text-muted">
            <SentLine message={target.message} />
          </p>
        </div>
      )}
      {target.image && (
        <img
          src={target.image.url}
          alt={t`Reported content`}
          className="mt-2 max-h-80 w-full rounded-xl object-contain"
        />
      )}
    </Card>
  );
}

type ReviewedBox = NonNullable<ModerationTarget['shro']>['boxes'][number];

function BoxCard({ box }: { box: ReviewedBox }) {
  const { t } = useLingui();
  const position = box.position;
  return (
    <li className="rounded-xl border border-border bg-surface-2 p-2 text-sm">
      <p className="text-xs text-muted">{box.isWinning ? t`Box ${position} · winning` : t`Box ${position}`}</p>
      {box.imageUrl && (
        <img
          src={box.imageUrl}
          alt={t`Box ${position}`}
          className="mt-1 aspect-square w-full rounded-lg object-cover"
        />
      )}
      {box.label && <p className="mt-1 break-words font-semibold">{box.label}</p>}
      {box.textContent && <p className="mt-1 whitespace-pre-wrap break-words">{box.textContent}</p>}
      {box.category && <p className="text-xs text-muted">{box.category}</p>}
    </li>
  );
}

function JoinedLine({ createdAt }: { createdAt: string }) {
  const { i18n } = useLingui();
  const joined = formatRelativeTime(createdAt, i18n.locale);
  return <Trans>Joined {joined}</Trans>;
}

function SentLine({ message }: { message: NonNullable<ModerationTarget['message']> }) {
  const { i18n } = useLingui();
  const when = formatRelativeTime(message.createdAt, i18n.locale);
  const recipient = message.recipient?.username;
  return recipient ? (
    <Trans>
      Sent {when} to @{recipient}
    </Trans>
  ) : (
    <Trans>Sent {when}</Trans>
  );
}

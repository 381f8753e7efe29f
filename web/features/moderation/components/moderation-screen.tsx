import {
  ACTIONS_BY_TARGET,
  MODERATION_REASON_MAX,
  type ModerationAction,
  type ModerationQueueItem,
  type ModerationTarget,
  REPORT_REASON_LABELS,
  type ReportTargetType,
} from '@contract/moderation';
import { ArrowLeft, Flag, Image as ImageIcon, MessageSquare, Package, ShieldCheck, User } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Alert, Card, Spinner } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { formatRelativeTime } from '@/lib/relative-time';
import { toast } from '@/lib/use-toast';
import { useModerationAction, useModerationLog, useModerationQueue, useModerationTarget } from '../api/moderation';

const TYPE_LABELS: Record<ReportTargetType, string> = {
  shro: 'Shro',
  user: 'Account',
  message: 'Message',
  image: 'Image',
};
const TYPE_ICONS = { shro: Package, user: User, message: MessageSquare, image: ImageIcon } as const;

const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss reports',
  hide: 'Hide from explore',
  restore: 'Restore',
  approve: 'Approve',
  delete: 'Delete',
  suspend: 'Suspend account',
  unsuspend: 'Lift suspension',
};

/** The audit log's entries: the actions above, plus what the system and a content view write. */
const LOG_LABELS: Record<string, string> = {
  ...ACTION_LABELS,
  auto_hide: 'Auto-hidden after reports',
  view: 'Viewed reported content',
};

const STATUS_LABELS = {
  visible: null,
  pending_review: 'Waiting for approval',
  auto_hidden: 'Auto-hidden',
  hidden: 'Hidden',
} as const;

/** Suspension lengths offered; `null` is for good. */
const SUSPENSION_DAYS = [
  { label: '1 day', days: 1 },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: 'For good', days: null },
] as const;

type Selected = { type: ReportTargetType; id: string };

/** /moderation: the queue of reported content, each target with its actions, and the audit log. */
export function ModerationScreen() {
  const [selected, setSelected] = useState<Selected | null>(null);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="flex items-center gap-2 text-2xl font-extrabold sm:text-3xl">
        <ShieldCheck className="size-7 text-brand" aria-hidden="true" /> Moderation
      </h1>
      <p className="mt-1 text-sm text-muted">Review reports within 24 hours. Every action and every view is logged.</p>
      {selected ? (
        <TargetReview target={selected} onBack={() => setSelected(null)} />
      ) : (
        <Tabs.Root defaultValue="queue" className="mt-6">
          <Tabs.List aria-label="Moderation" className="grid grid-cols-2 gap-1 rounded-2xl bg-surface-2 p-1">
            {(['queue', 'log'] as const).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="min-h-11 rounded-xl text-sm font-semibold text-muted data-[state=active]:bg-surface data-[state=active]:text-zinc-100"
              >
                {value === 'queue' ? 'Queue' : 'Audit log'}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="queue" className="mt-4">
            <Queue onReview={setSelected} />
          </Tabs.Content>
          <Tabs.Content value="log" className="mt-4">
            <AuditLog />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}

function Queue({ onReview }: { onReview: (target: Selected) => void }) {
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
              Waiting since <time dateTime={item.oldestAt}>{formatRelativeTime(item.oldestAt)}</time>
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

function TargetReview({ target, onBack }: { target: Selected; onBack: () => void }) {
  const view = useModerationTarget(target);
  const [action, setAction] = useState<{ type: ReportTargetType; id: string; action: ModerationAction } | null>(null);
  const data = view.data;
  return (
    <div className="mt-6">
      <Button variant="ghost" onClick={onBack} className="-ml-3">
        <ArrowLeft /> Back to the queue
      </Button>
      {view.isLoading && <Spinner className="mx-auto mt-6 block" label="Loading the content" />}
      {view.error && (
        <Alert variant="destructive" className="mt-4">
          {errorMessage(view.error)}
        </Alert>
      )}
      {data && (
        <div className="mt-3 space-y-4">
          <ContentCard target={data} />
          <Card className="p-4">
            <h2 className="font-bold">Open reports ({data.reports.length})</h2>
            {data.reports.length === 0 ? (
              <p className="mt-1 text-sm text-muted">None: this is waiting for approval.</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {data.reports.map((report, index) => (
                  <li key={`${report.createdAt}-${index}`} className="rounded-xl bg-surface-2 px-3 py-2 text-sm">
                    <span className="font-semibold">{REPORT_REASON_LABELS[report.reason]}</span>
                    <span className="text-muted"> · {formatRelativeTime(report.createdAt)}</span>
                    {report.details && <p className="mt-1 whitespace-pre-wrap break-words">{report.details}</p>}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card className="p-4">
            <h2 className="font-bold">Decide</h2>
            {action ? (
              <ActionForm
                action={action}
                subject={action.type === 'user' && data.owner ? `@${data.owner.username}` : TYPE_LABELS[action.type]}
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
                      {ACTION_LABELS[a]}
                    </Button>
                  ))}
                {data.targetType !== 'user' && data.owner && (
                  <Button
                    variant="outline"
                    className="border-red-500/60 text-red-200"
                    onClick={() => setAction({ type: 'user', id: data.owner!.id, action: 'suspend' })}
                  >
                    Suspend @{data.owner.username}
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

function ContentCard({ target }: { target: ModerationTarget }) {
  if (target.gone) {
    return (
      <Card className="p-4">
        <p className="text-sm text-muted">The {TYPE_LABELS[target.targetType].toLowerCase()} no longer exists.</p>
      </Card>
    );
  }
  return (
    <Card className="p-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">
        {TYPE_LABELS[target.targetType]}
        {target.owner && <span className="normal-case"> by @{target.owner.username}</span>}
      </p>
      {target.shro && (
        <>
          <h2 className="mt-1 break-words text-lg font-bold">{target.shro.title}</h2>
          <p className="text-sm text-muted">
            {target.shro.isPublic ? 'Public' : target.shro.isShareable ? 'Link' : 'Private'}
            {target.shro.hashtags ? ` · #${target.shro.hashtags.split(',').join(' #')}` : ''}
            {STATUS_LABELS[target.shro.moderationStatus] ? ` · ${STATUS_LABELS[target.shro.moderationStatus]}` : ''}
          </p>
          <ol aria-label="Boxes" className="mt-3 grid grid-cols-2 gap-2">
            {target.shro.boxes.map((box) => (
              <li key={box.position} className="rounded-xl border border-border bg-surface-2 p-2 text-sm">
                <p className="text-xs text-muted">
                  Box {box.position}
                  {box.isWinning ? ' · winning' : ''}
                </p>
                {box.imageUrl && (
                  <img
                    src={box.imageUrl}
                    alt={`Box ${box.position}`}
                    className="mt-1 aspect-square w-full rounded-lg object-cover"
                  />
                )}
                {box.label && <p className="mt-1 break-words font-semibold">{box.label}</p>}
                {box.textContent && <p className="mt-1 whitespace-pre-wrap break-words">{box.textContent}</p>}
                {box.category && <p className="text-xs text-muted">{box.category}</p>}
              </li>
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
          <p className="text-sm text-muted">Joined {formatRelativeTime(target.user.createdAt)}</p>
          {target.user.suspendedUntil && (
            <Alert className="mt-2">
              Suspended{' '}
              {target.user.suspendedForGood
                ? 'for good'
                : `until ${new Date(target.user.suspendedUntil).toLocaleString()}`}
              {target.user.suspensionReason ? `: ${target.user.suspensionReason}` : ''}
            </Alert>
          )}
        </div>
      )}
      {target.message && (
        <div className="mt-2">
          <p className="whitespace-pre-wrap break-words rounded-2xl bg-surface-2 px-3.5 py-2">
            {target.message.content}
          </p>
          <p className="mt-1 text-xs text-muted">
            Sent {formatRelativeTime(target.message.createdAt)}
            {target.message.recipient ? ` to @${target.message.recipient.username}` : ''}
          </p>
        </div>
      )}
      {target.image && (
        <img src={target.image.url} alt="Reported content" className="mt-2 max-h-80 w-full rounded-xl object-contain" />
      )}
    </Card>
  );
}

function ActionForm({
  action,
  subject,
  onCancel,
  onDone,
}: {
  action: { type: ReportTargetType; id: string; action: ModerationAction };
  subject: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const mutation = useModerationAction();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<number | null>(7);
  const [problem, setProblem] = useState<string | null>(null);
  const suspend = action.action === 'suspend';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem('A reason is required');
      return;
    }
    setProblem(null);
    const until = suspend && days !== null ? new Date(Date.now() + days * 86_400_000).toISOString() : undefined;
    mutation.mutate(
      {
        targetType: action.type,
        targetId: action.id,
        action: action.action,
        reason: reason.trim(),
        ...(until ? { until } : {}),
      },
      {
        onSuccess: (result) => {
          toast({
            title: `${ACTION_LABELS[action.action]}: done`,
            description: result.resolvedReports
              ? `${result.resolvedReports} ${result.resolvedReports === 1 ? 'report' : 'reports'} closed; reporters are told.`
              : undefined,
          });
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3">
      <p className="font-semibold">
        {ACTION_LABELS[action.action]} · {subject}
      </p>
      {suspend && (
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="mb-2 text-sm font-semibold">How long?</legend>
          {SUSPENSION_DAYS.map((option) => (
            <label
              key={option.label}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-border px-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/10"
            >
              <input
                type="radio"
                name={`${id}-days`}
                className="size-4 accent-brand"
                checked={days === option.days}
                onChange={() => setDays(option.days)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      )}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
          Reason (required, logged and shown to the owner)
        </label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={MODERATION_REASON_MAX}
          rows={3}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim()) setProblem(null);
          }}
        />
      </div>
      {problem && (
        <Alert id={`${id}-problem`} variant="destructive">
          {problem}
        </Alert>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Confirm'}
        </Button>
      </div>
    </form>
  );
}

function AuditLog() {
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

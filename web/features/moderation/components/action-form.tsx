import { MODERATION_REASON_MAX, type ModerationAction, type ReportTargetType } from '@contract/moderation';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { useModerationAction } from '../api/apply-moderation-action';
import { ACTION_LABELS } from './moderation-labels';

/** Suspension lengths offered; `null` is for good. */
const SUSPENSION_DAYS = [
  { label: msg`1 day`, days: 1 },
  { label: msg`7 days`, days: 7 },
  { label: msg`30 days`, days: 30 },
  { label: msg`For good`, days: null },
] as const;

/** The reason (required) and, for a suspension, how long; sends the action. */
export function ActionForm({
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
  const { t, i18n } = useLingui();
  const id = useId();
  const mutation = useModerationAction();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<number | null>(7);
  const [problem, setProblem] = useState<string | null>(null);
  const suspend = action.action === 'suspend';
  const label = i18n._(ACTION_LABELS[action.action]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem(t`A reason is required`);
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
          const count = result.resolvedReports;
          toast({
            title: t`${label}: done`,
            description: count
              ? t`${plural(count, { one: '# report closed; reporters are told.', other: '# reports closed; reporters are told.' })}`
              : undefined,
          });
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error, i18n)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3">
      <p className="font-semibold">
        {label} · {subject}
      </p>
      {suspend && (
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="mb-2 text-sm font-semibold">
            <Trans>How long?</Trans>
          </legend>
          {SUSPENSION_DAYS.map((option) => (
            <label
              key={option.days ?? 'forever'}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-border px-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/10"
            >
              <input
                type="radio"
                name={`${id}-days`}
                className="size-4 accent-brand"
                checked={days === option.days}
                onChange={() => setDays(option.days)}
              />
              {i18n._(option.label)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
          <Trans>Reason (required, logged and shown to the owner)</Trans>
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
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t`Saving…` : t`Confirm`}
        </Button>
      </div>
    </form>
  );
}

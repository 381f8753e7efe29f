import {
  MODERATION_MESSAGES,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '@contract/moderation';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { LoadedPopupProps } from '@/components/load-on-intent';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { useCreateReport, useRefreshAfterBlock } from '../api/create-report';
import type { ReportTarget } from './report-button';

interface ReportDialogProps extends LoadedPopupProps {
  /** At least one; with several, the reporter picks what is wrong first. */
  targets: ReportTarget[];
  /** Whose content it is: offers "Also block @user" (never oneself). */
  person: { id: string; username: string } | null;
  title?: string;
}

const optionClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand';

/**
 * The report dialog (issue 11), loaded when someone reaches for a report button (report-button.tsx): what is wrong (a reason from the list), optional details, and an
 * "Also block" box. On success it says "Thanks, we'll review this".
 */
export default function ReportDialog({ trigger, defaultOpen, targets, person, title }: ReportDialogProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  const create = useCreateReport();
  const [targetIndex, setTargetIndex] = useState(0);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ blocked: boolean } | null>(null);
  const personName = person?.username;

  const refreshAfterBlock = useRefreshAfterBlock();
  // A block made here is applied everywhere once the thanks has been seen: when the dialog
  // closes, or when it goes away with its page.
  const blockPending = useRef(false);
  // Open and on the page: the thanks will be seen, so the refresh waits for it.
  const isOpen = useRef(defaultOpen);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (blockPending.current) refreshAfterBlock();
    };
  }, [refreshAfterBlock]);

  const reset = () => {
    setTargetIndex(0);
    setReason(null);
    setDetails('');
    setAlsoBlock(false);
    setProblem(null);
    setDone(null);
    create.reset();
  };
  const changeOpen = (next: boolean) => {
    setOpen(next);
    isOpen.current = next;
    if (next) return;
    reset();
    if (blockPending.current) {
      blockPending.current = false;
      refreshAfterBlock();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = targets[targetIndex];
    if (!target) return;
    if (!reason) {
      setProblem(t`Choose what is wrong`);
      return;
    }
    setProblem(null);
    create.mutate(
      {
        report: {
          targetType: target.type,
          targetId: target.id,
          reason,
          ...(details.trim() ? { details: details.trim() } : {}),
        },
        blockUserId: alsoBlock && person ? person.id : null,
        dialogShown: () => mounted.current && isOpen.current,
      },
      {
        onSuccess: ({ blocked }) => {
          blockPending.current = blocked;
          setDone({ blocked });
        },
        onError: (error) => setProblem(errorMessage(error, i18n)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent aria-describedby={`${id}-description`}>
        {done ? (
          <div className="flex flex-col items-center py-4 text-center" role="status">
            <CheckCircle2 className="size-12 text-emerald-400" aria-hidden="true" />
            <DialogTitle className="mt-3 pe-0">{i18n._(MODERATION_MESSAGES.reportThanks)}</DialogTitle>
            <DialogDescription id={`${id}-description`}>
              {done.blocked && personName ? (
                <Trans>
                  Our moderators look at every report, usually within 24 hours. We will let you know what we decide. You
                  blocked @{personName}.
                </Trans>
              ) : (
                <Trans>
                  Our moderators look at every report, usually within 24 hours. We will let you know what we decide.
                </Trans>
              )}
            </DialogDescription>
            <Button className="mt-6 w-full" onClick={() => changeOpen(false)}>
              <Trans>Done</Trans>
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate>
            <DialogTitle>{title ?? t`Report`}</DialogTitle>
            <DialogDescription id={`${id}-description`}>
              <Trans>Reports are private: nobody is told who reported them.</Trans>
            </DialogDescription>

            {targets.length > 1 && (
              <fieldset className="mt-5 space-y-2">
                <legend className="mb-2 text-sm font-semibold">
                  <Trans>What are you reporting?</Trans>
                </legend>
                {targets.map((target, index) => (
                  <label key={`${target.type}-${target.id}`} className={optionClass}>
                    <input
                      type="radio"
                      name={`${id}-target`}
                      className="size-4 accent-brand"
                      checked={targetIndex === index}
                      onChange={() => setTargetIndex(index)}
                    />
                    {target.label}
                  </label>
                ))}
              </fieldset>
            )}

            <fieldset
              className="mt-5 grid gap-2 sm:grid-cols-2"
              aria-describedby={problem ? `${id}-problem` : undefined}
            >
              <legend className="mb-2 text-sm font-semibold">
                <Trans>What's wrong?</Trans>
              </legend>
              {REPORT_REASONS.map((value) => (
                <label key={value} className={optionClass}>
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={value}
                    className="size-4 accent-brand"
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setProblem(null);
                    }}
                  />
                  {i18n._(REPORT_REASON_LABELS[value])}
                </label>
              ))}
            </fieldset>

            <div className="mt-5 space-y-1.5">
              <label htmlFor={`${id}-details`} className="text-sm font-semibold">
                <Trans>Details (optional)</Trans>
              </label>
              <Textarea
                id={`${id}-details`}
                value={details}
                maxLength={REPORT_DETAILS_MAX}
                rows={3}
                onChange={(event) => setDetails(event.target.value)}
                placeholder={t`Anything that helps us understand`}
              />
              <p className="text-end text-xs text-muted">
                {details.length}/{REPORT_DETAILS_MAX}
              </p>
            </div>

            {person && (
              <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-brand"
                  checked={alsoBlock}
                  onChange={(event) => setAlsoBlock(event.target.checked)}
                />
                <Trans>Also block @{personName}</Trans>
              </label>
            )}

            {problem && (
              <Alert id={`${id}-problem`} variant="destructive" className="mt-4">
                {problem}
              </Alert>
            )}

            <div className="mt-6 grid grid-cols-2 gap-3">
              <Button type="button" variant="secondary" onClick={() => changeOpen(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? t`Sending…` : t`Send report`}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { LoadOnIntent } from '@/components/load-on-intent';
import { Spinner } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { CheckResult } from '../../hooks/use-commitment-check';

type Subject = 'box' | 'winning box';

/** What the mark says: its label, and the heading and explanation for a box and for the winning box. */
const copy: Record<
  CheckResult,
  { label: MessageDescriptor } & Record<Subject, { heading: MessageDescriptor; body: MessageDescriptor }>
> = {
  verified: {
    label: msg`Verified`,
    box: {
      heading: msg`Verified`,
      body: msg`This box matches the fingerprint (a SHA-256 commitment) published before anyone picked. Your browser recomputed it, so nobody could have swapped the content afterwards.`,
    },
    'winning box': {
      heading: msg`Winning box verified`,
      body: msg`The winning box matches the fingerprint (a SHA-256 commitment) published before anyone picked. Your browser recomputed it, so nobody could have swapped the content afterwards.`,
    },
  },
  mismatch: {
    label: msg`Not verified`,
    box: {
      heading: msg`Not verified`,
      body: msg`Warning: this box does not match the fingerprint published before the pick. Its content may have been changed after it was created.`,
    },
    'winning box': {
      heading: msg`Winning box not verified`,
      body: msg`Warning: the winning box does not match the fingerprint published before the pick. Its content may have been changed after it was created.`,
    },
  },
  unavailable: {
    label: msg`Not checked`,
    box: {
      heading: msg`Not checked`,
      body: msg`Your browser could not check this box (checks need a secure HTTPS connection and the image to load).`,
    },
    'winning box': {
      heading: msg`Winning box not checked`,
      body: msg`Your browser could not check the winning box (checks need a secure HTTPS connection and the image to load).`,
    },
  },
};

/** The explanation's Radix popover loads when the user reaches for the mark (decision 094). */
const loadVerifiedPopover = () => import('./verified-popover');

/** The result of checking a commitment in the browser, with an explanation on tap. */
export function VerifiedMark({
  result,
  commitment,
  subject = 'box',
  className,
}: {
  result: CheckResult | 'checking';
  commitment?: string;
  subject?: Subject;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  if (result === 'checking')
    return (
      <span className={cn('inline-flex items-center gap-1.5 text-xs text-muted', className)}>
        <Spinner className="size-3.5" label={t`Checking`} /> <Trans>Checking...</Trans>
      </span>
    );
  const label = i18n._(copy[result].label);
  const heading = i18n._(copy[result][subject].heading);
  const body = i18n._(copy[result][subject].body);
  const Icon = result === 'verified' ? ShieldCheck : result === 'mismatch' ? ShieldAlert : ShieldQuestion;
  return (
    <LoadOnIntent
      load={loadVerifiedPopover}
      popup="dialog"
      props={{
        heading,
        body,
        commitment,
      }}
      trigger={
        <button
          type="button"
          className={cn(
            'relative inline-flex min-h-8 items-center gap-1.5 rounded-full border px-2.5 text-xs font-semibold transition-colors before:absolute before:-inset-y-1.5 before:inset-x-0',
            result === 'verified' && 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200 hover:bg-emerald-400/20',
            result === 'mismatch' && 'border-red-400/60 bg-red-500/15 text-red-200 hover:bg-red-500/25',
            result === 'unavailable' && 'border-border bg-surface-2 text-zinc-300',
            className,
          )}
          aria-label={
            subject === 'box'
              ? t`${label}: box content check. More about this check`
              : t`${label}: winning box check. More about this check`
          }
        >
          <Icon className="size-3.5" aria-hidden="true" />
          {heading}
        </button>
      }
    />
  );
}

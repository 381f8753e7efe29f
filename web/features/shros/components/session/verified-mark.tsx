import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { LoadOnIntent } from '@/components/load-on-intent';
import { Spinner } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { CheckResult } from '../../hooks/use-commitment-check';

const copy: Record<CheckResult, { label: string; body: string }> = {
  verified: {
    label: 'Verified',
    body: 'This box matches the fingerprint (a SHA-256 commitment) published before anyone picked. Your browser recomputed it, so nobody could have swapped the content afterwards.',
  },
  mismatch: {
    label: 'Not verified',
    body: 'Warning: this box does not match the fingerprint published before the pick. Its content may have been changed after it was created.',
  },
  unavailable: {
    label: 'Not checked',
    body: 'Your browser could not check this box (checks need a secure HTTPS connection and the image to load).',
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
  subject?: 'box' | 'winning box';
  className?: string;
}) {
  if (result === 'checking')
    return (
      <span className={cn('inline-flex items-center gap-1.5 text-xs text-muted', className)}>
        <Spinner className="size-3.5" label="Checking" /> Checking...
      </span>
    );
  const { label, body } = copy[result];
  const Icon = result === 'verified' ? ShieldCheck : result === 'mismatch' ? ShieldAlert : ShieldQuestion;
  const heading = subject === 'winning box' ? `Winning box ${label.toLowerCase()}` : label;
  return (
    <LoadOnIntent
      load={loadVerifiedPopover}
      popup="dialog"
      props={{
        heading,
        body:
          subject === 'winning box'
            ? body.replace('This box matches', 'The winning box matches').replace('this box', 'the winning box')
            : body,
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
          aria-label={`${label}: ${subject === 'box' ? 'box content' : 'winning box'} check. More about this check`}
        >
          <Icon className="size-3.5" aria-hidden="true" />
          {heading}
        </button>
      }
    />
  );
}

import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn';

/** A labelled progress bar; `value` out of `max`. */
export function ProgressBar({
  value,
  max,
  label,
  className,
  fillClassName = 'bg-gradient-to-r from-brand to-brand-2',
}: {
  value: number;
  max: number;
  label: string;
  className?: string;
  fillClassName?: string;
}) {
  const { t } = useLingui();
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={t`${value} of ${max}`}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-white/10', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500', fillClassName)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

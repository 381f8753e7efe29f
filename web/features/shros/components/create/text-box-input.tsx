import { textBoxLabel } from '@contract/box-labels';
import { OPTION_TEXT_MAX } from '@contract/shros';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trophy } from 'lucide-react';
import { Textarea } from '@/components/ui/input';
import { boxGradient } from '@/lib/box-style';
import { cn } from '@/lib/cn';
import type { FormBox } from '../../hooks/create-form-state';

/** One text box: its option, labelled Option A–D by position (docs/product.md §3). */
export function TextBoxInput({
  box,
  isWinning,
  onText,
}: {
  box: FormBox;
  isWinning: boolean;
  onText: (text: string) => void;
}) {
  const { t } = useLingui();
  const position = box.position;
  const label = textBoxLabel(position);
  const id = `box-text-${box.position}`;
  return (
    <div
      className={cn(
        'rounded-2xl border bg-base/50 p-3 transition-colors focus-within:border-brand',
        isWinning ? 'border-amber-300/80 ring-2 ring-amber-300/40' : 'border-border/70',
      )}
    >
      <div className="mb-2 flex items-center gap-2">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-7 items-center justify-center rounded-lg bg-gradient-to-br text-xs font-black text-white',
            boxGradient(box.position),
          )}
        >
          {box.position}
        </span>
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        {isWinning && (
          <span className="ms-auto inline-flex items-center gap-1 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-amber-950">
            <Trophy className="size-3" aria-hidden="true" /> <Trans>Winner</Trans>
          </span>
        )}
      </div>
      <Textarea
        id={id}
        rows={2}
        maxLength={OPTION_TEXT_MAX}
        value={box.textContent}
        placeholder={t`Option ${position}`}
        onChange={(e) => onText(e.target.value)}
        className="resize-none bg-transparent"
      />
    </div>
  );
}

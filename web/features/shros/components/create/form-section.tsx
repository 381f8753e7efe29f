import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** One numbered block of the create form. */
export function FormSection({
  id,
  step,
  title,
  hint,
  children,
  aside,
}: {
  id: string;
  step: number;
  title: string;
  hint?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={`${id}-heading`}>
        <div className="mb-4 flex items-start gap-3">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand to-brand-2 text-xs font-bold text-white"
          >
            {step}
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={`${id}-heading`} className="font-bold leading-7">
              {title}
            </h2>
            {hint && <p className="text-sm text-muted">{hint}</p>}
          </div>
          {aside}
        </div>
        {children}
      </section>
    </Card>
  );
}

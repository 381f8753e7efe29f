import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** One card of the home inbox (issue 13, item 4): a heading with its count, then the list or its first step. */
export function InboxSection({
  title,
  icon: Icon,
  count,
  className,
  children,
}: {
  title: string;
  icon: LucideIcon;
  count?: number;
  className?: string;
  children: ReactNode;
}) {
  // Not derived from the title: a translated title (Japanese, Hindi…) has no a–z letters to make a unique id of.
  const id = useId();
  return (
    <Card className={cn('p-4 text-start sm:p-5', className)}>
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-3 flex items-center gap-2 text-lg font-bold">
          <Icon className="size-5 text-purple-300" aria-hidden="true" />
          {title}
          {count !== undefined && count > 0 && (
            <span className="rounded-full bg-brand/25 px-2 text-xs font-bold leading-5 text-purple-100">{count}</span>
          )}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** An empty list's one line of help and the step that fills it. */
export function FirstStep({
  text,
  href,
  icon: Icon,
  label,
}: {
  text: string;
  href: string;
  icon: LucideIcon;
  label: string;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-dashed border-border px-4 py-4 sm:flex-row sm:items-center">
      <p className="flex-1 text-sm text-muted">{text}</p>
      <Button asChild variant="secondary" className="h-11 shrink-0 sm:h-9">
        <Link href={href}>
          <Icon /> {label}
        </Link>
      </Button>
    </div>
  );
}

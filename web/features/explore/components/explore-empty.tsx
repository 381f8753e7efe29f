import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A friendly empty or hint state inside a tab. */
export function ExploreEmpty({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border/80 bg-surface/40 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand/30 to-brand-2/20">
        <Icon className="size-7 text-purple-200" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </div>
  );
}

import type { ReportTargetType } from '@contract/moderation';
import { Flag } from 'lucide-react';
import { LoadOnIntent } from '@/components/load-on-intent';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** One thing that can be reported from where the dialog opens, e.g. "This Shro" or "The image in your box". */
export interface ReportTarget {
  type: ReportTargetType;
  id: string;
  /** What the choice says when there is more than one. */
  label: string;
}

/** The dialog, its reasons and its Radix code load when the user reaches for the button (decision 094). */
const loadReportDialog = () => import('./report-dialog');

/** A "Report" button that opens the dialog: mounted by pages next to the content (Shro, profile, chat). */
export function ReportButton({
  targets,
  person,
  label,
  title,
  compact = false,
  className,
}: {
  targets: ReportTarget[];
  person: { id: string; username: string } | null;
  /** The button's accessible name, e.g. "Report this Shro". */
  label: string;
  title?: string;
  /** Icon only (on a chat message). */
  compact?: boolean;
  className?: string;
}) {
  return (
    <LoadOnIntent
      load={loadReportDialog}
      popup="dialog"
      props={{ targets, person, title }}
      trigger={
        <Button
          type="button"
          variant="ghost"
          size={compact ? 'sm' : 'icon'}
          aria-label={label}
          title={label}
          className={cn(compact ? 'h-7 px-1.5 text-muted hover:text-zinc-100' : 'size-11', className)}
        >
          <Flag className={compact ? '!size-3.5' : '!size-5'} aria-hidden="true" />
        </Button>
      }
    />
  );
}

import { MoreHorizontal } from 'lucide-react';
import { LoadOnIntent } from '@/components/load-on-intent';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useBlocks } from '../api/get-blocks';
import { useMutes } from '../api/get-mutes';
import type { SafetyTarget } from './block-dialog';

/** The menu and its Radix code load when the user reaches for the button (decision 094). */
const loadSafetyMenu = () => import('./safety-menu-popup');

/**
 * A "…" menu to mute or block a person and, on a Shro, to mute that Shro (decisions 104, 105).
 * `user` null: only the Shro can be muted (e.g. an achievement has no one behind it).
 */
export function SafetyMenu({
  user,
  shroId,
  label,
  className,
}: {
  user: SafetyTarget | null;
  shroId?: string;
  /** The trigger's accessible name. */
  label: string;
  className?: string;
}) {
  // Read with the page, as before the split: the menu says "Mute" or "Unmute" right when it opens.
  useMutes();
  useBlocks();
  return (
    <LoadOnIntent
      load={loadSafetyMenu}
      popup="menu"
      props={{ user, shroId }}
      trigger={
        <Button variant="ghost" size="icon" className={cn('size-11', className)} aria-label={label}>
          <MoreHorizontal className="!size-5" />
        </Button>
      }
    />
  );
}

import { WifiOff } from 'lucide-react';
import { useOnline } from '@/lib/connection';

/**
 * A small notice under the header while the browser is offline. The live region is always in the
 * page, so screen readers hear the change politely both ways.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {!online && (
        <p className="flex items-center justify-center gap-2 border-b border-amber-400/30 bg-amber-500/15 px-4 py-1.5 text-center text-sm text-amber-100">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>You're offline. Changes can't be saved until you're back online.</span>
        </p>
      )}
    </div>
  );
}

import { Trans } from '@lingui/react/macro';
import { WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useOnline } from '@/lib/connection';

/**
 * Where a read has nothing to show yet: its loading state (`children`) while it can load; offline,
 * a note that it waits for the connection. Reads wait while offline (web/lib/query-client.ts) and
 * go on by themselves when it returns, so without the note a reload offline would load forever.
 * Nothing is kept on the device for this: what was read before the reload is gone (decision 019).
 */
export function PendingRead({ children, className }: { children: ReactNode; className?: string }) {
  const online = useOnline();
  if (online) return children;
  return (
    <div
      role="status"
      className={cn(
        'flex items-center gap-3 rounded-xl border border-dashed border-amber-400/40 bg-amber-500/5 px-4 py-3 text-start text-sm',
        className,
      )}
    >
      <WifiOff aria-hidden="true" className="size-5 shrink-0 text-amber-200" />
      <p className="text-zinc-200">
        <Trans>Can't load this without a connection. It loads by itself when you're back online.</Trans>
      </p>
    </div>
  );
}

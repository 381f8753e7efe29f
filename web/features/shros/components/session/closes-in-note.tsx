import { closesSoon } from '@contract/time-left';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { linkClosesInText } from '@/lib/closes-in';
import { cn } from '@/lib/cn';

/**
 * "This link closes in 3 h" on an open link that expires (issue 13, item 8), or what `wording`
 * says ("This Shro closes in 3 h" on another Shro with a deadline, issue 40, from
 * web/lib/shro-closes-in.ts); it counts down while the page is open.
 */
export function ClosesInNote({
  expiresAt,
  wording = linkClosesInText,
}: {
  expiresAt: string | null;
  wording?: (i18n: I18n, expiresAt: string | null, now: number) => string | null;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  const { i18n } = useLingui();
  const text = wording(i18n, expiresAt, now);
  if (!text) return null;
  return (
    <p
      className={cn(
        'mt-3 inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold',
        closesSoon(expiresAt, now)
          ? 'border-amber-400/50 bg-amber-400/15 text-amber-100'
          : 'border-sky-400/40 bg-sky-500/10 text-sky-100',
      )}
    >
      <Hourglass className="size-4" aria-hidden="true" />
      {text}
    </p>
  );
}

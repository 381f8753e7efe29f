import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { copyText } from './copy-text';
import { toast } from './use-toast';

/** docs/product.md §9: the copied state and the copy toast last 2 s. */
const COPIED_MS = 2000;

/**
 * Copies a link (the older copy method is the fallback), toasts the outcome and shows
 * "copied" for 2 s. `onCopied` runs after a successful copy (sounds, share counting).
 */
export function useCopyLink(
  link: string,
  options: { successDescription: string; failureDescription: string; onCopied?: () => void },
) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (await copyText(link)) {
      setCopied(true);
      options.onCopied?.();
      toast({ title: t`Link copied!`, description: options.successDescription, duration: COPIED_MS });
    } else {
      toast({ title: t`Failed to copy`, description: options.failureDescription, variant: 'destructive' });
    }
  }
  return { copied, copy };
}

import { verifyBox, verifyWinning } from '@contract/commitment';
import type { Shro, ShroBox } from '@contract/shro-views';
import { useQueries, useQuery } from '@tanstack/react-query';

/** `unavailable`: the browser could not check (no Web Crypto outside HTTPS, or the image failed to load). */
export type CheckResult = 'verified' | 'mismatch' | 'unavailable';

const canHash = () => typeof globalThis.crypto?.subtle?.digest === 'function';

async function sha256OfBytes(buffer: ArrayBuffer): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', buffer);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Recomputes an opened box's commitment (contract/commitment.ts) from its content and salt.
 * For an uploaded image the commitment covers the image's SHA-256, so the served bytes are
 * hashed too: a swapped file fails the check even if the JSON looks right.
 */
async function checkBox(box: ShroBox): Promise<CheckResult> {
  if (!box.salt) return 'unavailable';
  if (!canHash()) return 'unavailable';
  if (!(await verifyBox({ ...box, salt: box.salt }))) return 'mismatch';
  if (box.imageSha256 && box.imageUrl) {
    try {
      const response = await fetch(box.imageUrl, { credentials: 'include' });
      if (!response.ok) return 'unavailable';
      if ((await sha256OfBytes(await response.arrayBuffer())) !== box.imageSha256) return 'mismatch';
    } catch {
      return 'unavailable';
    }
  }
  return 'verified';
}

async function checkWinning(shro: Shro): Promise<CheckResult> {
  if (!shro.winningSalt || !canHash()) return 'unavailable';
  return (await verifyWinning(shro)) ? 'verified' : 'mismatch';
}

const checkKey = (box: ShroBox) => ['commitment-check', box.id, box.commitment, box.salt, box.imageSha256] as const;

/** Checks of every box this viewer can see (with its salt); results are cached for the page's life. */
export function useBoxChecks(boxes: ShroBox[]): Map<number, CheckResult | 'checking'> {
  const visible = boxes.filter((box) => box.salt);
  const results = useQueries({
    queries: visible.map((box) => ({
      queryKey: checkKey(box),
      queryFn: () => checkBox(box),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  return new Map(visible.map((box, i) => [box.id, results[i]?.data ?? 'checking']));
}

/** The winning-box commitment, once the winning salt is revealed to this viewer. */
export function useWinningCheck(shro: Shro): CheckResult | 'checking' | null {
  const query = useQuery({
    queryKey: ['commitment-check', 'winning', shro.id, shro.winningSalt, shro.winningBoxPosition],
    queryFn: () => checkWinning(shro),
    enabled: Boolean(shro.winningSalt),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!shro.winningSalt) return null;
  return query.data ?? 'checking';
}

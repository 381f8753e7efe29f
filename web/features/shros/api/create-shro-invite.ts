import type { CreatedInvite } from '@contract/invites';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';

/** Where this browser keeps the invite it made for one of the user's link Shros. */
const storageKey = (shroId: string) => `shro-invite:${shroId}`;

type KeptInvite = Pick<CreatedInvite, 'url' | 'expiresAt'>;

function keptInvite(shroId: string): KeptInvite | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(storageKey(shroId)) ?? 'null') as KeptInvite | null;
    return kept && Date.parse(kept.expiresAt) > Date.now() ? kept : null;
  } catch {
    return null;
  }
}

/**
 * The creator's invite attached to their link Shro (docs/decisions/127-shro-carries-invite.md):
 * POST /api/invites with the Shro's id, made once per browser and kept until it expires, so
 * opening Share again hands out the same link. Null while it loads or when it could not be made:
 * the plain link is shared then.
 */
async function shroInviteLink(shroId: string): Promise<string | null> {
  const kept = keptInvite(shroId);
  if (kept) return kept.url;
  const invite = await apiRequest<CreatedInvite>('POST', apiPaths.invites, { shroId });
  const url = new URL(invite.url, window.location.origin).href;
  try {
    window.localStorage.setItem(storageKey(shroId), JSON.stringify({ url, expiresAt: invite.expiresAt }));
  } catch {
    // Private mode: made again next time, which is fine.
  }
  return url;
}

/** The Shro's link with its creator's invite, for the creator's share dialog; `enabled` only for them. */
export function useShroInviteLink(shroId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['shro-invite', shroId],
    queryFn: () => shroInviteLink(shroId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

import type { ShroStatus } from '@contract/shros';

interface OpenStatusFields {
  status: ShroStatus;
  isPublic: boolean;
  isShareable: boolean;
  participantCount: number;
}

/**
 * The status of a link or public Shro that already has picks: such a Shro stays waiting, open to more
 * picks, until it expires, so "Waiting for selection" would read as if nobody had picked. Null where
 * the spec's own status text fits: private Shros, and open ones with no pick yet.
 */
export function openPicksText(shro: OpenStatusFields): string | null {
  if (shro.status !== 'waiting' || !(shro.isPublic || shro.isShareable) || shro.participantCount === 0) return null;
  const picks = shro.participantCount;
  return `Open · ${picks.toLocaleString()} ${picks === 1 ? 'pick' : 'picks'} so far`;
}

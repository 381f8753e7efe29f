import type { ShroStatus } from '@contract/shros';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

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
export function openPicksText(shro: OpenStatusFields, i18n: I18n): string | null {
  if (shro.status !== 'waiting' || !(shro.isPublic || shro.isShareable) || shro.participantCount === 0) return null;
  const picks = shro.participantCount;
  return i18n._(msg`${plural(picks, { one: 'Open · # pick so far', other: 'Open · # picks so far' })}`);
}

import type { Shro, ShroBox } from '@contract/shro-views';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { userHandle } from '@/components/user-avatar';
import { shownBoxLabel } from '../../utils/box-label';
import { yearOf } from '../../utils/year-of';

/*
 * An opened box in words: for the result card, the reveal, the creator's board and the line a
 * screen reader hears after a pick. Apart from the components that show them, so the Shro's view
 * can say it without loading them (opened-box.tsx).
 */

/** What a box holds, as one line of text: its text, else its label (movie/TV title, image label). */
export function boxText(box: ShroBox, i18n: I18n): string | null {
  return box.textContent ?? box.tmdbData?.title ?? (box.label === null ? null : shownBoxLabel(box.label, i18n));
}

/** A second line: restaurant category, or a movie's year and rating. */
export function boxDetail(box: ShroBox, i18n: I18n): string | null {
  if (box.category) return box.category;
  if (box.tmdbData) {
    const parts = [yearOf(box.tmdbData.release_date)];
    if (box.tmdbData.vote_average) parts.push(`★ ${box.tmdbData.vote_average.toFixed(1)}`);
    return parts.filter(Boolean).join(' · ') || null;
  }
  if (box.textContent && box.label && box.label !== box.textContent) return shownBoxLabel(box.label, i18n);
  return null;
}

export function winMessage(shro: Shro, box: ShroBox, openedBy: string | null, isCreator: boolean, i18n: I18n): string {
  const won = box.position === shro.winningBoxPosition;
  // Called for a Shro with a winning box.
  const winning = String(shro.winningBoxPosition);
  if (isCreator) {
    if (!openedBy)
      return i18n._(won ? msg`They found the winning box!` : msg`They missed it. The winning box was Box #${winning}.`);
    const who = userHandle(openedBy);
    return i18n._(
      won ? msg`${who} found the winning box!` : msg`${who} missed it. The winning box was Box #${winning}.`,
    );
  }
  return i18n._(won ? msg`You found the winning box!` : msg`Not this time! The winning box was Box #${winning}.`);
}

/**
 * What a screen reader hears once the viewer's own box is open: what was inside and, when the
 * Shro has a winning box, whether it was the one ("Box #2: Mountain hike. You found the winning box!").
 */
export function resultAnnouncement(shro: Shro, box: ShroBox, i18n: I18n): string {
  const position = box.position;
  const text = boxText(box, i18n);
  const parts = [i18n._(text !== null ? msg`Box #${position}: ${text}.` : msg`Box #${position}: opened.`)];
  // A restaurant's category or a movie's year and rating; a text box's own label would be noise.
  const detail = box.category || box.tmdbData ? boxDetail(box, i18n) : null;
  if (detail) parts.push(`${detail}.`);
  if (shro.winningBoxPosition !== null) parts.push(winMessage(shro, box, null, false, i18n));
  return parts.join(' ');
}

import { createHash } from 'node:crypto';
import { DELETED_USER_LABEL, isDeletedUsername } from '../../../contract/deleted-user';
import { type Locale, SOURCE_LOCALE } from '../../../contract/locales';
import { type TimeLeft, timeLeft } from '../../../contract/time-left';
import { translate } from '../../i18n/catalogs';
import { isExpired } from '../shros/present';
import type { ShroPreviewRow } from './queries';

/**
 * What a Shro's preview image shows (docs/decisions/125-shro-preview-image.md), worked out from the
 * preview row alone: its title, creator and public state. The row holds no box content, so the
 * card cannot carry any.
 */
export interface PreviewCard {
  /** The language of its words: part of the state key, so two languages never share an image. */
  locale: Locale;
  title: string;
  /** "First Last" when the creator gave a name, else "@username"; "deleted user" for a deleted account. */
  creatorName: string;
  /** "@username" under a given name; null when the name line already is the handle. */
  creatorHandle: string | null;
  /** The letter on the round badge when there is no avatar. */
  creatorInitial: string;
  /** Chooses the badge colour, as the web app's avatar does. */
  creatorColourSeed: string;
  /** The creator's own avatar upload, drawn round. */
  avatarKey: string | null;
  /** How many boxes the creator filled: the card draws that many, never what is in them. */
  boxCount: number;
  open: boolean;
  /** "Open" or "Ended", shown bold before the details. */
  stateLabel: string;
  /** "12 opened · closes in 3 h"; may be empty. */
  stateDetails: string;
  /** "Two mystery boxes. One pick.", beside the brand. */
  tagline: string;
}

/** The image's own words (docs/decisions/167-server-texts.md), small box counts spelled out as the card always had them. */
export const PREVIEW_TEXTS = {
  open: 'Open',
  ended: 'Ended',
  opened: '{count, plural, one {# opened} other {# opened}}',
  beFirst: 'be the first to open a box',
  closesInUnderAMinute: 'closes in under a minute',
  closesInMinutes: 'closes in {count} min',
  closesInHours: 'closes in {count} h',
  closesInDays: 'closes in {count} d',
  untitled: 'A mystery box',
  tagline:
    '{count, plural, =0 {No mystery boxes. One pick.} =1 {One mystery box. One pick.} =2 {Two mystery boxes. One pick.} =3 {Three mystery boxes. One pick.} =4 {Four mystery boxes. One pick.} one {# mystery box. One pick.} other {# mystery boxes. One pick.}}',
} as const;

/** "closes in 3 h" in `locale`, one text per unit as the web words it (web/lib/closes-in.ts). */
function closesInText(locale: Locale, { unit, count }: TimeLeft): string {
  switch (unit) {
    case 'under-a-minute':
      return translate(locale, PREVIEW_TEXTS.closesInUnderAMinute);
    case 'min':
      return translate(locale, PREVIEW_TEXTS.closesInMinutes, { count });
    case 'h':
      return translate(locale, PREVIEW_TEXTS.closesInHours, { count });
    case 'd':
      return translate(locale, PREVIEW_TEXTS.closesInDays, { count });
  }
}

/** Bump when the drawing changes: every state key, ETag and meta URL then changes with it. */
const DESIGN_VERSION = 3;

/**
 * User text as the image draws it: no control or direction-override characters, one line, and
 * at most two combining marks in a row (a "zalgo" title would otherwise grow taller than the card).
 */
export function cleanPreviewText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
      .replace(/(\p{M}{2})\p{M}+/gu, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const firstLetter = (text: string | null) => /[\p{L}\p{N}]/u.exec(text ?? '')?.[0];

/**
 * The card for a Shro that has a preview image, worded in `locale`, else null: one a visitor may
 * see (a link or public one whose creator is not suspended) that moderation also left visible.
 * Anything else keeps the generic image.
 */
export function previewCardOf(row: ShroPreviewRow, now: Date, locale: Locale = SOURCE_LOCALE): PreviewCard | null {
  if (!row.visibleToVisitors || row.moderationStatus !== 'visible') return null;
  const deleted = isDeletedUsername(row.creatorUsername);
  const fullName = cleanPreviewText([row.creatorFirstName, row.creatorLastName].filter(Boolean).join(' '));
  const handle = `@${row.creatorUsername}`;
  const open = !isExpired(row, now);
  const opened =
    row.participantCount > 0 ? translate(locale, PREVIEW_TEXTS.opened, { count: row.participantCount }) : null;
  const left = timeLeft(row.expiresAt?.toISOString() ?? null, now.getTime());
  const details = open
    ? [opened ?? translate(locale, PREVIEW_TEXTS.beFirst), left && closesInText(locale, left)]
    : [opened];
  return {
    locale,
    title: cleanPreviewText(row.title) || translate(locale, PREVIEW_TEXTS.untitled),
    creatorName: deleted ? translate(locale, DELETED_USER_LABEL) : fullName || handle,
    creatorHandle: deleted || !fullName ? null : handle,
    creatorInitial: deleted ? '?' : (firstLetter(fullName) ?? firstLetter(row.creatorUsername) ?? '?').toUpperCase(),
    creatorColourSeed: deleted ? '' : row.creatorUsername,
    avatarKey: deleted ? null : row.creatorAvatarKey,
    boxCount: row.filledBoxes,
    open,
    stateLabel: translate(locale, open ? PREVIEW_TEXTS.open : PREVIEW_TEXTS.ended),
    stateDetails: details.filter(Boolean).join(' · '),
    tagline: translate(locale, PREVIEW_TEXTS.tagline, { count: row.filledBoxes }),
  };
}

/**
 * A short hash of everything the image shows (and of the drawing's version): the ETag, the
 * cache key and the `?v=` of the meta tag URL. "closes in 3 h" and the language are part of it,
 * so the image changes when that text does, and not in between.
 */
export function previewStateKey(card: PreviewCard): string {
  return createHash('sha256')
    .update(JSON.stringify([DESIGN_VERSION, card]))
    .digest('base64url')
    .slice(0, 22);
}

import { isObjectionable } from '../../lib/objectionable';

/** The text of a Shro that strangers read: its title, hashtags and each box's label and text. */
interface ShroText {
  title: string;
  hashtags: string | null;
  boxes: { label?: string | null; textContent?: string | null }[];
}

/**
 * Where a new Shro starts (docs/decisions/112-objectionable-content-filter.md): a public Shro whose
 * text matches the word list waits for a moderator before explore lists it. Private and link Shros
 * are shared with people the creator chose, as chat is, and are not filtered (they can be reported).
 */
export function initialModerationStatus(isPublic: boolean, text: ShroText): 'visible' | 'pending_review' {
  if (!isPublic) return 'visible';
  const texts = [
    text.title,
    text.hashtags?.replaceAll(',', ' '),
    ...text.boxes.flatMap((b) => [b.label, b.textContent]),
  ];
  return texts.some((t) => isObjectionable(t)) ? 'pending_review' : 'visible';
}

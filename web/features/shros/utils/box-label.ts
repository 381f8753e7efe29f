import { defaultBoxLabel, textBoxLetter } from '@contract/box-labels';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * A box's label as the reader reads it: a default one ("Box 2", "Option C", which the Shro keeps
 * in the spec's English) in the page's language, the creator's own as written.
 */
export function shownBoxLabel(label: string, i18n: I18n): string {
  const known = defaultBoxLabel(label);
  if (!known) return label;
  const { position } = known;
  if (known.kind === 'image') return i18n._(msg`Box ${position}`);
  const letter = textBoxLetter(position);
  return i18n._(msg`Option ${letter}`);
}

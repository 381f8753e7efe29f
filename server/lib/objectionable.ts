import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

/**
 * Ordinary words, names and well-known titles that the English list flags because an objectionable
 * word sits inside them (the Scunthorpe problem). Found by running everyday titles and names
 * through the list; see docs/decisions/112-objectionable-content-filter.md.
 */
const ORDINARY_TERMS = [
  'shiitake',
  'cumin',
  'cumming',
  'penistone',
  'cockpit',
  'dickinson',
  'dickson',
  'dickerson',
  'moby dick',
  'dick van dyke',
  'dick tracy',
  'philip k dick',
  'sex and the city',
  'sex education',
  'pussycat',
  'pussy cat',
  'blue tit',
  'great tit',
  'tit for tat',
];

/** Whole first or last names that are ordinary names although the list flags them. */
const ORDINARY_WHOLE_NAMES = new Set(['dick']);

const built = englishDataset.build();
const matcher = new RegExpMatcher({
  ...built,
  whitelistedTerms: [...(built.whitelistedTerms ?? []), ...ORDINARY_TERMS],
  ...englishRecommendedTransformers,
});

/**
 * True when the text holds a word of the maintained English list (obscenity's dataset), including
 * its variants: leetspeak, repeated letters, look-alike characters and words run together.
 */
export function isObjectionable(text: string | null | undefined): boolean {
  return !!text && matcher.hasMatch(text);
}

/** The same check for a first or last name, which lets a few real names through whole. */
export function isObjectionableName(name: string | null | undefined): boolean {
  if (!name) return false;
  if (ORDINARY_WHOLE_NAMES.has(name.trim().toLowerCase())) return false;
  return isObjectionable(name);
}

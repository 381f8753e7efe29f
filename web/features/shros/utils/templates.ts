import type { ShroType } from '@contract/shros';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

type TemplateCategory = 'Personal' | 'Entertainment';
export const TEMPLATE_CATEGORIES = ['All', 'Personal', 'Entertainment'] as const;
export type TemplateFilter = (typeof TEMPLATE_CATEGORIES)[number];

/** The category filter's words: render with `i18n._(...)`. */
export const TEMPLATE_CATEGORY_LABELS: Record<TemplateFilter, MessageDescriptor> = {
  // "All" templates: a word of its own, its gender can differ from the history's "All" (Shros).
  All: msg({ message: 'All', context: 'templates' }),
  Personal: msg`Personal`,
  Entertainment: msg`Entertainment`,
};

/** How the boxes get filled: four free inputs, the restaurant picker or the movie/TV picker. */
type BoxSource = 'custom' | 'restaurants' | 'titles';

export interface ShroTemplate {
  id: 'custom-images' | 'custom-text' | 'where-to-eat' | 'movie-night' | 'binge-watch';
  /** Texts are message descriptors: render them with `i18n._(...)` from `useLingui()`. */
  name: MessageDescriptor;
  description: MessageDescriptor;
  category: TemplateCategory;
  type: ShroType;
  source: BoxSource;
  /** docs/product.md §4: Movie Night and Binge Watch set the title. */
  title?: MessageDescriptor;
  emoji: string;
  gradient: string;
}

/** docs/product.md §2 Create: the five templates and their categories; docs/product.md §4 for the type each sets. */
export const SHRO_TEMPLATES: readonly ShroTemplate[] = [
  {
    id: 'custom-images',
    name: msg`Custom Images`,
    description: msg`Hide up to 4 photos: outfits, places, gifts, anything.`,
    category: 'Personal',
    type: 'image',
    source: 'custom',
    emoji: '🖼️',
    gradient: 'from-fuchsia-500 to-purple-600',
  },
  {
    id: 'custom-text',
    name: msg`Custom Text`,
    description: msg`Write up to 4 options and let fate pick one.`,
    category: 'Personal',
    type: 'text',
    source: 'custom',
    emoji: '✍️',
    gradient: 'from-sky-500 to-indigo-600',
  },
  {
    id: 'where-to-eat',
    name: msg`Where to Eat`,
    description: msg`Pick 4 restaurants. No more "I don't mind, you choose".`,
    category: 'Personal',
    type: 'text',
    source: 'restaurants',
    emoji: '🍕',
    gradient: 'from-orange-500 to-rose-600',
  },
  {
    id: 'movie-night',
    name: msg`Movie Night`,
    description: msg`Search movies and let your friends open tonight's film.`,
    category: 'Entertainment',
    type: 'movie',
    source: 'titles',
    title: msg`Movie Night Decision`,
    emoji: '🎬',
    gradient: 'from-purple-600 to-pink-600',
  },
  {
    id: 'binge-watch',
    name: msg`Binge Watch`,
    description: msg`Can't choose the next series? Hide 4 shows in the boxes.`,
    category: 'Entertainment',
    type: 'tv',
    source: 'titles',
    title: msg`Binge Watch Choice`,
    emoji: '📺',
    gradient: 'from-emerald-500 to-cyan-600',
  },
];

/**
 * The title a template sets (Movie Night, Binge Watch), in the page's language; without `i18n`
 * (the form's pure rules in tests), its English.
 */
export function presetTitle(template: ShroTemplate | null, i18n?: I18n): string | undefined {
  const title = template?.title;
  if (!title) return undefined;
  return i18n ? i18n._(title) : (title.message ?? title.id);
}

export const templateById = (id: string) => SHRO_TEMPLATES.find((t) => t.id === id) ?? null;

/** Custom templates (and no template) offer the Images/Text content tabs. */
export const hasContentTabs = (template: ShroTemplate | null) => !template || template.source === 'custom';

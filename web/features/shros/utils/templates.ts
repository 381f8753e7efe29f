import type { ShroType } from '@contract/shros';

type TemplateCategory = 'Personal' | 'Entertainment';
export const TEMPLATE_CATEGORIES = ['All', 'Personal', 'Entertainment'] as const;
export type TemplateFilter = (typeof TEMPLATE_CATEGORIES)[number];

/** How the boxes get filled: four free inputs, the restaurant picker or the movie/TV picker. */
type BoxSource = 'custom' | 'restaurants' | 'titles';

export interface ShroTemplate {
  id: 'custom-images' | 'custom-text' | 'where-to-eat' | 'movie-night' | 'binge-watch';
  name: string;
  description: string;
  category: TemplateCategory;
  type: ShroType;
  source: BoxSource;
  /** docs/product.md §4: Movie Night and Binge Watch set the title. */
  title?: string;
  emoji: string;
  gradient: string;
}

/** docs/product.md §2 Create: the five templates and their categories; docs/product.md §4 for the type each sets. */
export const SHRO_TEMPLATES: readonly ShroTemplate[] = [
  {
    id: 'custom-images',
    name: 'Custom Images',
    description: 'Hide up to 4 photos: outfits, places, gifts, anything.',
    category: 'Personal',
    type: 'image',
    source: 'custom',
    emoji: '🖼️',
    gradient: 'from-fuchsia-500 to-purple-600',
  },
  {
    id: 'custom-text',
    name: 'Custom Text',
    description: 'Write up to 4 options and let fate pick one.',
    category: 'Personal',
    type: 'text',
    source: 'custom',
    emoji: '✍️',
    gradient: 'from-sky-500 to-indigo-600',
  },
  {
    id: 'where-to-eat',
    name: 'Where to Eat',
    description: 'Pick 4 restaurants. No more "I don\'t mind, you choose".',
    category: 'Personal',
    type: 'text',
    source: 'restaurants',
    emoji: '🍕',
    gradient: 'from-orange-500 to-rose-600',
  },
  {
    id: 'movie-night',
    name: 'Movie Night',
    description: "Search movies and let your friends open tonight's film.",
    category: 'Entertainment',
    type: 'movie',
    source: 'titles',
    title: 'Movie Night Decision',
    emoji: '🎬',
    gradient: 'from-purple-600 to-pink-600',
  },
  {
    id: 'binge-watch',
    name: 'Binge Watch',
    description: "Can't choose the next series? Hide 4 shows in the boxes.",
    category: 'Entertainment',
    type: 'tv',
    source: 'titles',
    title: 'Binge Watch Choice',
    emoji: '📺',
    gradient: 'from-emerald-500 to-cyan-600',
  },
];

export const templateById = (id: string) => SHRO_TEMPLATES.find((t) => t.id === id) ?? null;

/** Custom templates (and no template) offer the Images/Text content tabs. */
export const hasContentTabs = (template: ShroTemplate | null) => !template || template.source === 'custom';

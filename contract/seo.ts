import { PRODUCT_NAME } from './product';

/** What a page tells search engines and link previews. */
export interface PageMetaData {
  title: string;
  description: string;
  /** Path of the canonical URL (origin is added where the page is served). */
  path: string;
  /** Comma-separated, one text to translate (a server text, decision 167). */
  keywords?: string;
  image?: string;
  /** Keep the page out of search indexes (private pages, previews of private things). */
  noindex?: boolean;
  /** schema.org JSON-LD, when the page has some. */
  structuredData?: Record<string, unknown>;
}

/** A page's own texts; its path is the page table's (contract/pages.ts). */
export type PageMetaText = Omit<PageMetaData, 'path'>;

const KEYWORDS = 'mystery box, decision maker, decide with friends, social game, movie night, where to eat';
export const DEFAULT_SOCIAL_IMAGE = '/og-image.png';

/** The app in a sentence, for the structured data of pages that are not about something. */
export const APP_DESCRIPTION = 'Hide four options in four mystery boxes, send them to friends and let them open one.';

/**
 * The app itself, as schema.org sees it: free (price 0 USD), described in the page's language
 * (`description`, the translation of APP_DESCRIPTION).
 */
export function appStructuredData(
  origin: string,
  language: string,
  description: string = APP_DESCRIPTION,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: PRODUCT_NAME,
    url: `${origin}/`,
    applicationCategory: 'SocialNetworkingApplication',
    operatingSystem: 'Web, Android, iOS',
    description,
    inLanguage: language,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
  };
}

/** Metadata of the pages that have their own (docs/product.md §2: home, explore, create). */
export const pageMeta = {
  home: {
    title: `${PRODUCT_NAME} – Mystery box decisions with friends`,
    description:
      'Hide four options in four mystery boxes, send them to friends or the world, and let everyone open one. Decide together, with a reveal.',
    keywords: KEYWORDS,
  },
  explore: {
    title: `Explore public ${PRODUCT_NAME}s - ${PRODUCT_NAME}`,
    description: `Browse trending and recent public ${PRODUCT_NAME}s, search by title or hashtag, and open a mystery box.`,
    keywords: `${KEYWORDS}, explore, trending, hashtags`,
  },
  create: {
    title: `Create ${PRODUCT_NAME} - ${PRODUCT_NAME}`,
    description: 'Fill four mystery boxes with photos, text, movies, TV shows or restaurants and send them to friends.',
    keywords: `${KEYWORDS}, create, templates`,
  },
} satisfies Record<string, PageMetaText>;

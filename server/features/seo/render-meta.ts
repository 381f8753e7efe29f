import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_PARAM, LOCALES, type Locale, SOURCE_LOCALE } from '../../../contract/locales';
import { pageForPath } from '../../../contract/page-for-path';
import { type AppPage, appPages, fixedPages, pageHref } from '../../../contract/pages';
import { PRODUCT_NAME } from '../../../contract/product';
import {
  APP_DESCRIPTION,
  appStructuredData,
  DEFAULT_SOCIAL_IMAGE,
  type PageMetaData,
  pageMeta,
} from '../../../contract/seo';
import type { SessionPartName } from '../../../contract/session-parts';
import { SHRO_PREVIEW_SIZE, shroPreviewImagePath } from '../../../contract/shro-preview';
import type { Db } from '../../db/client';
import { translate, type Wording, word, wording } from '../../i18n/catalogs';
import { escapeHtml } from '../../lib/escape-xml';
import { isSuspendedUntil } from '../moderation/suspension';
import { previewCardOf, previewStateKey } from './preview-state';
import { previewLocales } from './preview-text';
import { findProfilePreview, findShroPreview } from './queries';

/** JSON for a <script> element: `<` escaped so no text can close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** An id of the shape every Shro id has (a well-formed unknown one reads like a private Shro). */
const isShroIdShape = (id: string | undefined): id is string => id !== undefined && /^[A-Za-z0-9-]{1,64}$/.test(id);

/**
 * The Shro id of a `/session/:id` page, as the app's router reads the path (any letter case);
 * undefined for any other path, or an id no Shro can have.
 */
export function shroIdOfPage(pathname: string): string | undefined {
  const page = pageForPath(pathname);
  return page?.name === 'session' && isShroIdShape(page.params.id) ? page.params.id : undefined;
}

/**
 * What a page's first read would fetch, answered in its HTML (decision 140): `apiPath` is the
 * API answer `json` is, byte for byte, for the cookie the page was asked with, at `at` (ms).
 */
export interface InlinePageData {
  apiPath: string;
  json: string;
  at: number;
  /** The page's parts that load on their own which this data shows its viewer (decision 151). */
  parts?: readonly SessionPartName[];
}

/** One first read a page may carry (decisions 140, 176): null when this page or viewer has none. */
export type PageRead = (
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
) => Promise<InlinePageData | null>;

/** Every read of `reads` that this page and viewer have, in order. */
export function pageReads(...reads: PageRead[]) {
  return async (request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<InlinePageData[]> =>
    (await Promise.all(reads.map((read) => read(request, reply, pathname)))).filter((data) => data !== null);
}

/**
 * A signed-in page's first read (decision 176): on `pagePath` for a signed-in viewer, `answer`'s
 * JSON for them, as `apiPath` answers. Any failure inlines nothing: the page then reads it itself.
 */
export function signedInPageRead(
  pagePath: string,
  apiPath: string,
  resolveUser: (request: FastifyRequest) => Promise<{ id: string } | null>,
  answer: (userId: string) => Promise<string>,
): PageRead {
  return async (request, _reply, pathname) => {
    if (pathname !== pagePath) return null;
    try {
      const user = await resolveUser(request);
      if (!user) return null;
      const at = Date.now();
      return { apiPath, json: await answer(user.id), at };
    } catch (error) {
      request.log.warn({ err: error, apiPath }, 'a first read could not be inlined into its page');
      return null;
    }
  };
}

/**
 * One of the page's first reads in a JSON data block before `</head>`, named by its API path: never
 * run (not a script type), read by web/app/early-reads.ts. `<` is escaped, so no text in it can
 * close the element.
 */
export function injectPageData(html: string, data: InlinePageData): string {
  return injectJsonBlock(
    html,
    `data-api-path="${escapeHtml(data.apiPath)}" data-at="${Math.floor(data.at)}"`,
    data.json,
  );
}

/**
 * The signed-in user, as `GET /api/auth/user` answers this page's cookie, in a JSON data block
 * (decision 174): the page knows who is signed in without a round trip before it shows.
 */
export const injectCurrentUser = (html: string, json: string) => injectJsonBlock(html, 'id="current-user"', json);

function injectJsonBlock(html: string, attributes: string, json: string): string {
  const block = `<script type="application/json" ${attributes}>${json.replace(/</g, '\\u003c')}</script>`;
  return html.replace('</head>', () => `${block}</head>`);
}

/**
 * A page's metadata as the server renders it: `notFound` pages answer 404 and have no URL of their
 * own. `namesShro`: the tags name a Shro (its title and creator), so its page may tell anyone
 * about it, crawlers included; without it, only a signed-in viewer's page carries its data.
 * `worded`: the title and description of a page about something, to word in the reader's
 * language; a fixed page's are texts of server/i18n/texts.ts as they are. `imageIn`: a Shro's own
 * preview image in a language, for the page in that language.
 */
export type ServerPageMeta = PageMetaData & {
  notFound?: boolean;
  namesShro?: true;
  worded?: { title: Wording; description: Wording };
  imageIn?: (locale: Locale) => string;
  /** The language the texts are in, once `metaIn` has worded them. */
  language?: Locale;
};

/** The head texts of pages about something (docs/decisions/167-server-texts.md). */
export const PAGE_META_TEXTS = {
  shroTitle: `{title} - ${PRODUCT_NAME}`,
  shroDescription:
    '{filled, plural, one {@{creator} hid # option in # mystery box. Open one to reveal your pick!} other {@{creator} hid # options in # mystery boxes. Open one to reveal your pick!}}',
  unseenShroTitle: `A mystery box is waiting - ${PRODUCT_NAME}`,
  unseenShroDescription: 'Someone sent you a mystery box. Sign in to open it.',
  inviteTitle: `You're invited to ${PRODUCT_NAME}`,
  inviteDescription: `A friend invited you to ${PRODUCT_NAME}: hide options in mystery boxes, send them to friends and let them pick one.`,
  profileTitleNamed: `{name} (@{username}) - ${PRODUCT_NAME}`,
  profileTitle: `@{username} - ${PRODUCT_NAME}`,
  profileDescription: `See @{username}'s achievements and stats on ${PRODUCT_NAME}, and send them a mystery box.`,
} as const;

/** English title and description, and the same to word in another language. */
const about = (title: Wording, description: Wording) => ({
  title: word('en', title),
  description: word('en', description),
  worded: { title, description },
});

/** The page's title, description and image in `locale`. */
export function metaIn(meta: ServerPageMeta, locale: Locale): ServerPageMeta {
  const image = meta.imageIn ? meta.imageIn(locale) : meta.image;
  const worded = meta.worded
    ? { title: word(locale, meta.worded.title), description: word(locale, meta.worded.description) }
    : { title: translate(locale, meta.title), description: translate(locale, meta.description) };
  const keywords = meta.keywords && translate(locale, meta.keywords);
  return { ...meta, ...worded, keywords, image, language: locale };
}

/** Any other path is the app's not-found screen: no canonical link echoing it, indexed by nobody. */
const notFoundMeta = (): ServerPageMeta => ({ ...pageMeta.home, path: '/', noindex: true, notFound: true });

/**
 * The head tags for crawlers and link previews, marked so the client can replace them. An empty
 * `origin` (no trusted one for this request) gives relative URLs.
 */
function renderMetaTags(meta: ServerPageMeta, origin: string, addressed: Locale | undefined): string {
  const language = meta.language ?? SOURCE_LOCALE;
  const inLocale = (locale: Locale | undefined) => `${origin}${meta.path}${locale ? `?${LOCALE_PARAM}=${locale}` : ''}`;
  // One address per language (decision 168): the page's own, canonical; the bare one for every
  // other reader, whose language is negotiated.
  const url = inLocale(addressed);
  const alternates =
    meta.notFound || meta.noindex
      ? []
      : [
          ...LOCALES.map(
            (locale) => `<link rel="alternate" hreflang="${locale}" href="${escapeHtml(inLocale(locale))}">`,
          ),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(inLocale(undefined))}">`,
        ];
  const image = `${origin}${meta.image ?? DEFAULT_SOCIAL_IMAGE}`;
  const tag = (html: string) => html.replace(/^<(\w+)/, '<$1 data-server-meta');
  const tags = [
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.keywords ? `<meta name="keywords" content="${escapeHtml(meta.keywords)}">` : '',
    `<meta name="robots" content="${meta.noindex ? 'noindex, nofollow' : 'index, follow'}">`,
    meta.notFound ? '' : `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...alternates,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${PRODUCT_NAME}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    meta.notFound ? '' : `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    // Both the generic image and a Shro's own are this size: previews can lay out before fetching it.
    `<meta property="og:image:width" content="${SHRO_PREVIEW_SIZE.width}">`,
    `<meta property="og:image:height" content="${SHRO_PREVIEW_SIZE.height}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    `<script type="application/ld+json">${jsonForScript(meta.structuredData ?? appStructuredData(origin, language, translate(language, APP_DESCRIPTION)))}</script>`,
  ];
  return tags.filter(Boolean).map(tag).join('\n    ');
}

/** Page metadata for a path, looking up the Shro or profile a shared link points at. */
export async function metaForPath(db: Db, pathname: string): Promise<ServerPageMeta> {
  // The page the app shows for this path, matched as its router matches (any letter case, a
  // trailing slash): the status and the tags follow what the visitor sees.
  const page = pageForPath(pathname);
  if (!page) return notFoundMeta();
  const entry: AppPage = appPages[page.name];
  // A fixed page with head tags of its own answers them (the page table, decision 093); the others
  // the home page's, kept out of indexes. Either way canonical at the table's path.
  if (typeof entry.path === 'string' && fixedPages.has(entry.path)) {
    return { ...(entry.meta ?? { ...pageMeta.home, noindex: true }), path: entry.path };
  }

  if (page.name === 'session') {
    const id = page.params.id;
    // No Shro has an id of another shape; a well-formed unknown id reads like a private one.
    if (!isShroIdShape(id)) return notFoundMeta();
    const now = new Date();
    const [preview, drawn] = await Promise.all([findShroPreview(db, id, now), previewLocales()]);
    // Title and creator exactly when it has its own image (decision 125): a link or public Shro
    // that moderation left visible, by a creator who is not suspended. Anything else (private,
    // hidden, pending review, auto-hidden, a suspended creator's) previews like a private one.
    const card = preview ? previewCardOf(preview, now) : null;
    if (preview && card) {
      return {
        ...about(
          wording(PAGE_META_TEXTS.shroTitle, { title: preview.title }),
          wording(PAGE_META_TEXTS.shroDescription, { creator: preview.creatorUsername, filled: preview.filledBoxes }),
        ),
        path: pageHref('session', { id }),
        // Versioned by what the image shows, in the language it is drawn in for the page's.
        imageIn: (locale) => {
          const imageLocale = drawn.get(locale);
          return shroPreviewImagePath(id, previewStateKey(previewCardOf(preview, now, imageLocale)!), imageLocale);
        },
        // Link shares reach whoever has the link; only public ones belong in search results.
        noindex: !preview.isPublic,
        namesShro: true,
      };
    }
    return {
      title: PAGE_META_TEXTS.unseenShroTitle,
      description: PAGE_META_TEXTS.unseenShroDescription,
      path: pageHref('session', { id }),
      noindex: true,
    };
  }

  if (page.name === 'invite') {
    // An invite link (docs/decisions/124-invitations.md): a personal page, never in search results.
    // The preview names no one: it is rendered without looking the token up.
    return {
      title: PAGE_META_TEXTS.inviteTitle,
      description: PAGE_META_TEXTS.inviteDescription,
      path: pageHref('invite', { token: page.params.token ?? '' }),
      noindex: true,
    };
  }

  // A page with parameters of its own needs its case above; the public profile is the last one.
  if (page.name !== 'publicProfile') return notFoundMeta();
  // Only a username's own shape is looked up; the app shows the same profile under `/@name/more`.
  const username = page.params.username ?? '';
  const user = /^[A-Za-z0-9_.]{1,30}$/.test(username) ? await findProfilePreview(db, username) : undefined;
  // Profiles are public: an unknown one is simply not found (issue 10, item 12), and so is a
  // suspended user's while it lasts, as its API answer (decision 107).
  if (!user || isSuspendedUntil(user.suspendedUntil)) return notFoundMeta();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return {
    ...about(
      name
        ? wording(PAGE_META_TEXTS.profileTitleNamed, { name, username: user.username })
        : wording(PAGE_META_TEXTS.profileTitle, { username: user.username }),
      wording(PAGE_META_TEXTS.profileDescription, { username: user.username }),
    ),
    path: pageHref('publicProfile', { username: user.username }),
  };
}

/**
 * index.html with the page's title and meta tags in place of the marker; `addressed`, the
 * language its address names (`?lang=`), if any.
 */
export function injectMeta(indexHtml: string, meta: ServerPageMeta, origin: string, addressed?: Locale): string {
  // Replacer functions, not strings: in a replacement string `$&`, `` $` `` and `$'` in a title
  // would paste pieces of the template (quotes included) into the page.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace('<!--server-meta-->', () => renderMetaTags(meta, origin, addressed));
}

import sharp, { type OverlayOptions } from 'sharp';
import { type Locale, SOURCE_LOCALE } from '../../../contract/locales';
import { SHRO_MESSAGES } from '../../../contract/shros';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { LruCache } from '../../lib/lru-cache';
import type { UploadStorage } from '../uploads/storage';
import { type PreviewCard, previewCardOf, previewStateKey } from './preview-state';
import {
  AVATAR,
  buildPreviewSvg,
  previewLayout,
  STATE_TEXT_MAX_WIDTH,
  STATE_TEXT_SIZES,
  stateLineMarkup,
  TEXT_BOX,
} from './preview-svg';
import { fitText, previewLocales, renderMarkup } from './preview-text';
import { findShroPreview } from './queries';

/**
 * Rendered preview images by Shro and state, at most 200, so the cache stays a bounded few MB
 * (decision 125). A state key names exactly one image, so entries never go stale; the day's time to live
 * only lets a long-idle server give the memory back.
 */
const previewCache = new LruCache<Buffer>(200, 24 * 60 * 60 * 1000);

/** The layers of text and the avatar, ready to lay over the SVG. */
interface Layers {
  avatar: Buffer | null;
  name: { png: Buffer; height: number };
  title: { png: Buffer; height: number };
  stateTextWidth: number;
  stateTextSize: number;
}

/** The avatar, cut round at the badge's size; null when it cannot be read (the initial is drawn instead). */
async function roundAvatar(storage: UploadStorage, key: string): Promise<Buffer | null> {
  const bytes = await storage.read(key).catch(() => null);
  if (!bytes) return null;
  const size = AVATAR.size;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></svg>`,
  );
  try {
    return await sharp(bytes)
      .resize(size, size, { fit: 'cover' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * The state line is drawn in the SVG; Pango measures it with the same font, for the pill's width,
 * at the first size that leaves it clear of the boxes.
 */
async function fitStateLine(card: PreviewCard): Promise<{ width: number; size: number }> {
  let fitted = { width: 0, size: 0 };
  for (const size of STATE_TEXT_SIZES) {
    const { width } = await renderMarkup(stateLineMarkup(card), { size, colour: '#ffffff', width: 2000 });
    fitted = { width, size };
    if (width <= STATE_TEXT_MAX_WIDTH) break;
  }
  return fitted;
}

async function renderLayers(card: PreviewCard, storage: UploadStorage): Promise<Layers> {
  const [avatar, name, title, state] = await Promise.all([
    card.avatarKey ? roundAvatar(storage, card.avatarKey) : Promise.resolve(null),
    fitText(card.creatorName, [32], 1, { bold: true, colour: '#f4f4f5', width: TEXT_BOX.name.width }),
    fitText(card.title, [66, 56, 48], 2, { bold: true, colour: '#ffffff', width: TEXT_BOX.title.width }),
    fitStateLine(card),
  ]);
  return { avatar, name, title, stateTextWidth: state.width, stateTextSize: state.size };
}

/** The card's SVG and layers, composed into the 1200 × 630 PNG. */
async function renderPreviewPng(card: PreviewCard, storage: UploadStorage): Promise<Buffer> {
  const layers = await renderLayers(card, storage);
  const measures = {
    nameHeight: layers.name.height,
    titleHeight: layers.title.height,
    stateTextWidth: layers.stateTextWidth,
    stateTextSize: layers.stateTextSize,
  };
  const svg = buildPreviewSvg(card, measures, layers.avatar !== null);
  const layout = previewLayout(card, measures);
  const overlays: OverlayOptions[] = [
    { input: layers.name.png, left: TEXT_BOX.name.left, top: layout.nameTop },
    { input: layers.title.png, left: TEXT_BOX.title.left, top: layout.titleTop },
  ];
  if (layers.avatar) overlays.push({ input: layers.avatar, left: AVATAR.left, top: AVATAR.top });
  // No alpha channel, default compression: a preview is rendered on request; its time matters more than its bytes.
  return sharp(Buffer.from(svg)).composite(overlays).removeAlpha().png().toBuffer();
}

export interface ShroPreviewImage {
  /** The state key: the same image for as long as it stays the same. */
  version: string;
  /** The PNG, rendered on the first call for this state and kept. */
  png(): Promise<Buffer>;
}

/**
 * The preview image of a link or public Shro as it is now, in `locale` where the fonts draw it
 * (`previewLocales`); 404 for a private, unknown, hidden or pending Shro and for a suspended
 * creator's, which keep the generic image.
 */
export async function findShroPreviewImage(
  db: Db,
  storage: UploadStorage,
  shroId: string,
  locale: Locale = SOURCE_LOCALE,
  now = new Date(),
): Promise<ShroPreviewImage> {
  const [row, drawn] = await Promise.all([findShroPreview(db, shroId, now), previewLocales()]);
  const card = row ? previewCardOf(row, now, drawn.get(locale)) : null;
  if (!card) throw notFound(SHRO_MESSAGES.notFound);
  const version = previewStateKey(card);
  // The cache keeps the rendering promise: simultaneous requests for one state render it once.
  return { version, png: () => previewCache.getOrLoad(`${shroId}:${version}`, () => renderPreviewPng(card, storage)) };
}

/** How the cache did (the bench reports it). */
export const previewCacheStats = () => ({
  hits: previewCache.hits,
  misses: previewCache.misses,
  size: previewCache.size,
});

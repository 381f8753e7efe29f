import { directionOf } from '../../../contract/locales';
import { PRODUCT_NAME } from '../../../contract/product';
import { SHRO_PREVIEW_SIZE } from '../../../contract/shro-preview';
import { escapeXml } from '../../lib/escape-xml';
import type { PreviewCard } from './preview-state';

/**
 * The preview image's artwork (docs/decisions/125-shro-preview-image.md) as SVG: background,
 * creator badge, state pill, one closed box per option (as the Shro's page shows) and the brand. The title and the creator's name
 * are user text, drawn on top as separate layers (preview-text.ts) so emoji come out in colour.
 */

const { width: W, height: H } = SHRO_PREVIEW_SIZE;
/** Present on a bare Debian machine (fonts-dejavu-core comes with fontconfig); the rest are fallbacks. */
export const PREVIEW_FONT = 'DejaVu Sans';
const FONT_FAMILY = `'${PREVIEW_FONT}', 'Liberation Sans', Arial, sans-serif`;

// The web app's theme (web/styles.css).
const COLOURS = {
  base: '#1a1625',
  surface2: '#2d2542',
  border: '#3b3254',
  muted: '#a79fbf',
  brand: '#a855f7',
  brand2: '#ec4899',
  success: '#22c55e',
  ribbon: '#fde68a',
  text: '#f4f4f5',
};

const PAD = 64;
export const AVATAR = { left: PAD, top: 52, size: 88 } as const;
const NAME_LEFT = AVATAR.left + AVATAR.size + 24;
/** Where the text layers go and how wide they may be. */
export const TEXT_BOX = {
  name: { left: NAME_LEFT, width: 700 - NAME_LEFT },
  title: { left: PAD, top: 176, bottom: 488, width: 610 },
} as const;
const STATE = { height: 56, textSize: 26, gapAfterTitle: 36, padX: 24, dot: 14, dotGap: 14 } as const;
export const STATE_TEXT_SIZE = STATE.textSize;

// Up to four boxes in a 2 × 2 area on the right, as the generic card has them.
const BOX = { size: 200, gap: 16 } as const;
const GRID_LEFT = W - PAD + 8 - (2 * BOX.size + BOX.gap);
const GRID_TOP = (H - (2 * BOX.size + BOX.gap)) / 2;

/** The state line's sizes, largest first, and its room: up to the boxes' lids, which are drawn over it. */
export const STATE_TEXT_SIZES = [STATE.textSize, 24, 22, 20] as const;
const STATE_TEXT_LEFT = PAD + STATE.padX + STATE.dot + STATE.dotGap;
export const STATE_TEXT_MAX_WIDTH = GRID_LEFT + 0.04 * BOX.size - STATE_TEXT_LEFT;

/** Each position keeps its colours everywhere (web/lib/box-style.ts): from, via, to. */
const BOX_GRADIENTS = [
  ['#a855f7', '#d946ef', '#ec4899'],
  ['#ec4899', '#f43f5e', '#fb923c'],
  ['#fbbf24', '#f97316', '#ef4444'],
  ['#22d3ee', '#0ea5e9', '#6366f1'],
] as const;

/** The web app's avatar gradients (web/components/user-avatar.tsx), picked by the same hash. */
const AVATAR_GRADIENTS = [
  ['#a855f7', '#ec4899'],
  ['#6366f1', '#a855f7'],
  ['#ec4899', '#fb923c'],
  ['#d946ef', '#7c3aed'],
  ['#0ea5e9', '#6366f1'],
  ['#10b981', '#0d9488'],
] as const;

function avatarGradient(seed: string): readonly [string, string] {
  if (!seed) return ['#52525b', '#3f3f46'];
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return AVATAR_GRADIENTS[Math.abs(hash) % AVATAR_GRADIENTS.length]!;
}

/** The sizes of the text layers, measured once they are rendered. */
export interface PreviewMeasures {
  nameHeight: number;
  titleHeight: number;
  /** Width of the state line as drawn (bold label, then details). */
  stateTextWidth: number;
  /** The size it fits its room at (a longer language's words are drawn smaller); the largest without one. */
  stateTextSize?: number;
}

/** Where the text layers and the state pill go, once the text is measured. */
export interface PreviewLayout {
  nameTop: number;
  titleTop: number;
  stateTop: number;
}

/**
 * The name beside the badge (centred on it when no handle goes under it); the title and the
 * state pill as one block between the creator row and the brand, a little above the middle.
 */
export function previewLayout(card: Pick<PreviewCard, 'creatorHandle'>, measures: PreviewMeasures): PreviewLayout {
  const centre = AVATAR.top + AVATAR.size / 2;
  const nameTop = card.creatorHandle ? AVATAR.top + 10 : Math.round(centre - measures.nameHeight / 2);
  const block = measures.titleHeight + STATE.gapAfterTitle + STATE.height;
  const titleTop = Math.round(
    TEXT_BOX.title.top + Math.max(0, (TEXT_BOX.title.bottom - TEXT_BOX.title.top - block) / 3),
  );
  return { nameTop, titleTop, stateTop: titleTop + measures.titleHeight + STATE.gapAfterTitle };
}

/** One closed box as the app draws it (web/components/mystery-box-art.tsx): body, ribbon, lid, bow and "?". */
function mysteryBox(position: number, x: number, y: number, tilt: number): string {
  const s = BOX.size;
  const id = `box${position}`;
  const [from, via, to] = BOX_GRADIENTS[position - 1]!;
  const body = { x: 0.1 * s, y: 0.34 * s, w: 0.8 * s, h: 0.62 * s };
  const lid = { x: 0.04 * s, y: 0.2 * s, w: 0.92 * s, h: 0.18 * s };
  const ribbon = 0.16 * body.w;
  const lidRibbon = 0.15 * lid.w;
  const loop = 0.15 * s;
  const cx = s / 2;
  // Filters (blur, drop shadow) would triple the rendering time: shadows are gradients and offset copies.
  const markY = body.y + body.h * 0.5 + 0.1 * s;
  return `<g transform="translate(${x} ${y}) rotate(${tilt} ${cx} ${cx})">
    <defs>
      <linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${from}"/><stop offset="0.5" stop-color="${via}"/><stop offset="1" stop-color="${to}"/>
      </linearGradient>
    </defs>
    <ellipse cx="${cx}" cy="${body.y + body.h + 2}" rx="${body.w * 0.62}" ry="${0.1 * s}" fill="url(#shadow)"/>
    <rect x="${body.x}" y="${body.y}" width="${body.w}" height="${body.h}" rx="${0.14 * body.w}" fill="url(#${id})"/>
    <rect x="${body.x}" y="${body.y}" width="${body.w}" height="${body.h}" rx="${0.14 * body.w}" fill="url(#shine)"/>
    <rect x="${cx - ribbon / 2}" y="${body.y}" width="${ribbon}" height="${body.h}" fill="${COLOURS.ribbon}" opacity="0.92"/>
    <text x="${cx}" y="${markY + 2}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${0.3 * s}" font-weight="bold" fill="#000" fill-opacity="0.16">?</text>
    <text x="${cx}" y="${markY}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${0.3 * s}" font-weight="bold" fill="#fff">?</text>
    <g transform="translate(${cx} ${lid.y + 2})">
      <rect x="${-loop - 1}" y="${-loop * 0.8}" width="${loop}" height="${loop * 0.8}" rx="${loop * 0.38}" transform="rotate(-28)" fill="${COLOURS.ribbon}" fill-opacity="0.3" stroke="${COLOURS.ribbon}" stroke-width="${0.018 * s + 1}"/>
      <rect x="1" y="${-loop * 0.8}" width="${loop}" height="${loop * 0.8}" rx="${loop * 0.38}" transform="rotate(28)" fill="${COLOURS.ribbon}" fill-opacity="0.3" stroke="${COLOURS.ribbon}" stroke-width="${0.018 * s + 1}"/>
    </g>
    <rect x="${lid.x}" y="${lid.y}" width="${lid.w}" height="${lid.h}" rx="${0.3 * lid.h}" fill="url(#${id})"/>
    <rect x="${lid.x}" y="${lid.y}" width="${lid.w}" height="${lid.h}" rx="${0.3 * lid.h}" fill="url(#lidShine)"/>
    <rect x="${cx - lidRibbon / 2}" y="${lid.y}" width="${lidRibbon}" height="${lid.h}" fill="${COLOURS.ribbon}"/>
  </g>`;
}

/** Where each of `count` boxes goes: rows of two in the 2 × 2 area, a short row centred. */
function boxSpots(count: number): { x: number; y: number }[] {
  const rows = count <= 2 ? [count] : [2, count - 2];
  const step = BOX.size + BOX.gap;
  const top = GRID_TOP + ((2 - rows.length) * step) / 2;
  return rows.flatMap((inRow, row) =>
    Array.from({ length: inRow }, (_, col) => ({
      x: GRID_LEFT + ((2 - inRow) * step) / 2 + col * step,
      y: top + row * step,
    })),
  );
}

function boxes(open: boolean, count: number): string {
  const tilts = [-4, 3, 3, -4];
  const art = boxSpots(count)
    .map((spot, index) => mysteryBox(index + 1, spot.x, spot.y, tilts[index]!))
    .join('');
  // An ended Shro's boxes fade back: nobody can open them any more.
  return open ? art : `<g opacity="0.4">${art}</g>`;
}

function creatorBadge(card: PreviewCard, avatarDrawn: boolean): string {
  const r = AVATAR.size / 2;
  const cx = AVATAR.left + r;
  const cy = AVATAR.top + r;
  const [from, to] = avatarGradient(card.creatorColourSeed);
  const ring = `<circle cx="${cx}" cy="${cy}" r="${r + 4}" fill="${COLOURS.border}"/>`;
  // The avatar image is laid over this spot; without one, the initial on the person's colour.
  const face = avatarDrawn
    ? ''
    : `<defs><linearGradient id="avatar" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#avatar)"/>
    <text x="${cx}" y="${cy + 0.36 * r}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${r}" font-weight="bold" fill="#fff">${escapeXml(card.creatorInitial)}</text>`;
  const handle = card.creatorHandle
    ? `<text x="${TEXT_BOX.name.left}" y="${AVATAR.top + AVATAR.size - 8}" font-family="${FONT_FAMILY}" font-size="26" fill="${COLOURS.muted}">${escapeXml(card.creatorHandle)}</text>`
    : '';
  return `${ring}${face}${handle}`;
}

/** The state line as Pango markup, to measure it as the pill draws it: the label bold, the details not. */
export const stateLineMarkup = (card: Pick<PreviewCard, 'stateLabel' | 'stateDetails'>) =>
  `<b>${escapeXml(card.stateLabel)}</b>${card.stateDetails ? ` · ${escapeXml(card.stateDetails)}` : ''}`;

function statePill(card: PreviewCard, top: number, textWidth: number, textSize: number): string {
  const { dot, padX } = STATE;
  const width = padX + dot + STATE.dotGap + textWidth + padX;
  const colour = card.open ? COLOURS.success : COLOURS.muted;
  const textColour = card.open ? '#dcfce7' : '#e4e4e7';
  const baseline = top + STATE.height / 2 + textSize * 0.36;
  const details = card.stateDetails
    ? `<tspan font-weight="normal" fill-opacity="0.9"> · ${escapeXml(card.stateDetails)}</tspan>`
    : '';
  // librsvg lays a text's spans out in its direction: a right-to-left language's pill is mirrored,
  // its label at the right after the dot, so it reads first.
  const rtl = directionOf(card.locale) === 'rtl';
  const dotX = rtl ? PAD + width - padX - dot / 2 : PAD + padX + dot / 2;
  const text = rtl ? `x="${PAD + padX + textWidth}" direction="rtl"` : `x="${STATE_TEXT_LEFT}"`;
  return `<rect x="${PAD}" y="${top}" width="${width}" height="${STATE.height}" rx="${STATE.height / 2}" fill="${colour}" fill-opacity="${card.open ? 0.16 : 0.14}" stroke="${colour}" stroke-opacity="0.55" stroke-width="2"/>
    <circle cx="${dotX}" cy="${top + STATE.height / 2}" r="${dot / 2}" fill="${colour}"/>
    <text ${text} y="${baseline}" font-family="${FONT_FAMILY}" font-size="${textSize}" font-weight="bold" fill="${textColour}" xml:space="preserve">${escapeXml(card.stateLabel)}${details}</text>`;
}

/** The brand in the corner: the app's mark (web/components/logo.tsx), its name and the card's tagline. */
function brand(tagline: string): string {
  const size = 52;
  const k = size / 64;
  const x = PAD - 6;
  const y = H - PAD - size + 8;
  return `<g transform="translate(${x} ${y}) scale(${k})">
      <rect x="12" y="24" width="40" height="28" rx="4" fill="url(#brand)"/>
      <rect x="9" y="17" width="46" height="10" rx="3" fill="#c084fc"/>
      <rect x="29" y="17" width="6" height="35" fill="${COLOURS.ribbon}"/>
      <path d="M32 17c-6-9-15-6-10 0zM32 17c6-9 15-6 10 0z" fill="${COLOURS.ribbon}"/>
    </g>
    <text x="${x + size + 8}" y="${H - PAD}" font-family="${FONT_FAMILY}" font-size="32" font-weight="bold" fill="#f5d0fe">${PRODUCT_NAME}</text>
    <text x="${x + size + 8 + 96}" y="${H - PAD}" font-family="${FONT_FAMILY}" font-size="24" fill="${COLOURS.muted}">${escapeXml(tagline)}</text>`;
}

/**
 * The card's SVG: everything but the title and the name. A pure function of what the card shows
 * and the text layers' measured sizes; it is handed nothing of the boxes but their number.
 */
export function buildPreviewSvg(card: PreviewCard, measures: PreviewMeasures, avatarDrawn: boolean): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <radialGradient id="bg" cx="0.15" cy="0" r="1.1">
      <stop offset="0" stop-color="#3b1d5e"/><stop offset="0.7" stop-color="${COLOURS.base}"/>
    </radialGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${COLOURS.brand2}" stop-opacity="0.28"/><stop offset="1" stop-color="${COLOURS.brand2}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shine" x1="0" y1="0" x2="0.6" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.3"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="lidShine" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.08"/>
    </linearGradient>
    <linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${COLOURS.brand}"/><stop offset="1" stop-color="${COLOURS.brand2}"/>
    </linearGradient>
    <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="${COLOURS.base}"/>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="${GRID_LEFT + BOX.size + BOX.gap / 2}" cy="${H / 2}" r="330" fill="url(#glow)"/>
  ${creatorBadge(card, avatarDrawn)}
  ${statePill(card, previewLayout(card, measures).stateTop, measures.stateTextWidth, measures.stateTextSize ?? STATE.textSize)}
  ${boxes(card.open, card.boxCount)}
  ${brand(card.tagline)}
</svg>`;
}

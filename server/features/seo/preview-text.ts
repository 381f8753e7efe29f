import sharp from 'sharp';
import { LOCALES, type Locale, SOURCE_LOCALE } from '../../../contract/locales';
import { escapeXml } from '../../lib/escape-xml';
import { PREVIEW_FONT, STATE_TEXT_SIZE } from './preview-svg';

/**
 * User text of the preview image (title, creator name) rendered by Pango through sharp's text
 * input: unlike SVG text in librsvg it draws colour emoji (Noto Color Emoji, found by fontconfig),
 * and it tells us how much room the text took, so it can be fitted and ellipsised.
 */

export interface TextLayer {
  png: Buffer;
  /** Of the ink: Pango's output is cropped to what it drew. */
  width: number;
  height: number;
}

interface TextStyle {
  size: number;
  bold?: boolean;
  colour: string;
  width: number;
}

async function render(markup: string, style: TextStyle): Promise<TextLayer> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${style.colour}">${markup}</span>`,
      font: `${PREVIEW_FONT}${style.bold ? ' Bold' : ''} ${style.size}px`,
      // At 72 dpi a point is a pixel.
      dpi: 72,
      rgba: true,
      width: style.width,
      wrap: 'word-char',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/** Plain text (escaped for Pango's markup), rendered once. */
const renderText = (text: string, style: TextStyle) => render(escapeXml(text), style);

/** Our own Pango markup (user text in it escaped with escapeXml), rendered once. */
export const renderMarkup = render;

const lineSteps = new Map<string, Promise<number>>();

/** The distance from one line to the next at this size, measured once per size and weight. */
function lineStep(style: TextStyle): Promise<number> {
  const key = `${style.size}:${style.bold ?? false}`;
  let step = lineSteps.get(key);
  if (!step) {
    step = Promise.all([render('Hg', style), render('Hg\nHg', style)]).then(([one, two]) => two.height - one.height);
    lineSteps.set(key, step);
  }
  return step;
}

/**
 * Whether a layer holds at most `lines` lines. Its height is of the ink (a line of "x" is lower
 * than one with "Hg", an emoji a little higher), so the limit sits halfway between the tallest
 * `lines` lines and the lowest `lines + 1`.
 */
async function fits(layer: TextLayer, style: TextStyle, lines: number): Promise<boolean> {
  return layer.height <= (await lineStep(style)) * (lines - 1) + 1.5 * style.size;
}

const graphemes = (text: string) =>
  [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((part) => part.segment);

/**
 * The text in at most `lines` lines: at the first size it fits at, else at the last size cut
 * short with an ellipsis, at a word break when one is near the end.
 */
export async function fitText(
  text: string,
  sizes: readonly number[],
  lines: number,
  style: Omit<TextStyle, 'size'>,
): Promise<TextLayer & { size: number }> {
  for (const size of sizes) {
    const layer = await renderText(text, { ...style, size });
    if (await fits(layer, { ...style, size }, lines)) return { ...layer, size };
  }
  const size = sizes[sizes.length - 1]!;
  const full = { ...style, size };
  const parts = graphemes(text);
  // No dangling dash or comma before the ellipsis.
  const ending = (prefix: string) => `${prefix.replace(/[\s\p{P}]+$/u, '')}…`;
  const cut = (count: number) => ending(parts.slice(0, count).join(''));
  const attempt = async (candidate: string) => {
    const layer = await renderText(candidate, full);
    return (await fits(layer, full, lines)) ? layer : null;
  };
  // The longest prefix that fits with its ellipsis (the whole text did not).
  let low = 0;
  let high = parts.length - 1;
  let best = await attempt('…');
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const layer = await attempt(cut(middle));
    if (layer) {
      low = middle;
      best = layer;
    } else high = middle - 1;
  }
  // A cut inside a word goes back to the word's start when that loses little.
  const prefix = parts.slice(0, low).join('');
  const space = prefix.lastIndexOf(' ');
  if (/\S/.test(parts[low] ?? ' ') && space > prefix.length * 0.7) {
    const atWord = await attempt(ending(prefix.slice(0, space)));
    if (atWord) best = atWord;
  }
  if (!best) throw new Error('an ellipsis alone does not fit the preview text box');
  return { ...best, size };
}

/**
 * A few letters of each language whose script the fonts the repo installs may lack (DejaVu Sans
 * has Latin and Arabic, but neither Japanese nor Devanagari); the Latin-script languages need none.
 */
const SCRIPT_SAMPLES: Partial<Record<Locale, string>> = {
  ja: 'あいうえおか',
  ar: 'ابتثجح',
  hi: 'अआइकखग',
};

/** An unassigned code point, which no font draws: Pango draws its box for a missing letter. */
const MISSING = '\u0378';

/**
 * Whether the machine's fonts draw `sample`: Pango draws a letter no font has as a box of one
 * width, so a text all of boxes measures exactly as many missing letters do.
 */
export async function fontsDraw(sample: string): Promise<boolean> {
  const style = { size: STATE_TEXT_SIZE, colour: '#ffffff', width: 2000 };
  const [drawn, missing] = await Promise.all([
    renderText(sample, style),
    renderText(MISSING.repeat([...sample].length), style),
  ]);
  return drawn.width !== missing.width || drawn.height !== missing.height;
}

let drawnLocales: Promise<ReadonlyMap<Locale, Locale>> | undefined;

/**
 * The language each language's preview image is drawn in: its own where the fonts draw its
 * script, else English, since a box per letter tells nobody anything.
 */
export function previewLocales(): Promise<ReadonlyMap<Locale, Locale>> {
  // Asked once: the fonts do not change while the server runs.
  drawnLocales ??= Promise.all(
    LOCALES.map(async (locale) => {
      const sample = SCRIPT_SAMPLES[locale];
      const drawn = !sample || (await fontsDraw(sample).catch(() => false));
      return [locale, drawn ? locale : SOURCE_LOCALE] as const;
    }),
  ).then((pairs) => new Map(pairs));
  return drawnLocales;
}

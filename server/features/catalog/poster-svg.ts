import { escapeXml } from '../../lib/escape-xml';
import type { OfflineTitle } from './offline-title';

const POSTER_WIDTH = 500;
const POSTER_HEIGHT = 750;

const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
const MAX_TITLE_LINES = 4;
// Font size and the characters per line that fit the poster width at that size, largest first.
const TITLE_SIZES: ReadonlyArray<{ fontSize: number; maxChars: number }> = [
  { fontSize: 48, maxChars: 14 },
  { fontSize: 40, maxChars: 17 },
  { fontSize: 34, maxChars: 20 },
  { fontSize: 28, maxChars: 25 },
];

/** Splits a title into lines of at most `maxChars`, breaking over-long words with a hyphen. */
export function wrapTitle(title: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const rawWord of title.trim().split(/\s+/)) {
    let word = rawWord;
    while (word.length > maxChars) {
      if (current) {
        lines.push(current);
        current = '';
      }
      lines.push(`${word.slice(0, maxChars - 1)}-`);
      word = word.slice(maxChars - 1);
    }
    if (!current) current = word;
    else if (current.length + 1 + word.length <= maxChars) current = `${current} ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function fitTitle(title: string): { fontSize: number; lines: string[] } {
  for (const size of TITLE_SIZES) {
    const lines = wrapTitle(title, size.maxChars);
    if (lines.length <= MAX_TITLE_LINES) return { fontSize: size.fontSize, lines };
  }
  const smallest = TITLE_SIZES[TITLE_SIZES.length - 1] ?? { fontSize: 28, maxChars: 25 };
  const lines = wrapTitle(title, smallest.maxChars).slice(0, MAX_TITLE_LINES);
  const last = lines[MAX_TITLE_LINES - 1] ?? '';
  lines[MAX_TITLE_LINES - 1] = `${last.slice(0, smallest.maxChars - 1).trimEnd()}…`;
  return { fontSize: smallest.fontSize, lines };
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** A stable hue per title: the golden angle spreads neighbouring ids around the colour wheel. */
function hueFor(kind: 'movie' | 'tv', id: number): number {
  return (id * 137.508 + (kind === 'tv' ? 200 : 0)) % 360;
}

function clapperboardGlyph(accent: string): string {
  const stripes = [0, 1, 2, 3]
    .map((i) => {
      const x = 14 + i * 38;
      return `<polygon points="${x},0 ${x + 20},0 ${x + 8},30 ${x - 12},30" fill="${accent}"/>`;
    })
    .join('');
  return `<g>
    <rect x="170" y="170" width="160" height="112" rx="10" fill="#ffffff" fill-opacity="0.92"/>
    <rect x="170" y="170" width="160" height="18" fill="${accent}" fill-opacity="0.85"/>
    <rect x="186" y="206" width="128" height="8" rx="4" fill="${accent}" fill-opacity="0.35"/>
    <rect x="186" y="226" width="96" height="8" rx="4" fill="${accent}" fill-opacity="0.35"/>
    <rect x="186" y="246" width="112" height="8" rx="4" fill="${accent}" fill-opacity="0.35"/>
    <g transform="translate(170 128) rotate(-14 0 30)">
      <rect x="0" y="0" width="160" height="30" rx="6" fill="#ffffff" fill-opacity="0.92"/>
      ${stripes}
    </g>
    <circle cx="176" cy="166" r="7" fill="#ffffff"/>
  </g>`;
}

function televisionGlyph(accent: string): string {
  return `<g>
    <line x1="250" y1="152" x2="212" y2="106" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/>
    <line x1="250" y1="152" x2="290" y2="100" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/>
    <circle cx="212" cy="106" r="7" fill="#ffffff"/>
    <circle cx="290" cy="100" r="7" fill="#ffffff"/>
    <rect x="150" y="150" width="200" height="140" rx="18" fill="#ffffff" fill-opacity="0.92"/>
    <rect x="166" y="166" width="138" height="108" rx="10" fill="${accent}"/>
    <rect x="176" y="176" width="52" height="10" rx="5" fill="#ffffff" fill-opacity="0.35"/>
    <circle cx="327" cy="190" r="9" fill="${accent}"/>
    <circle cx="327" cy="220" r="9" fill="${accent}" fill-opacity="0.6"/>
    <rect x="318" y="244" width="18" height="5" rx="2" fill="${accent}" fill-opacity="0.6"/>
    <rect x="318" y="256" width="18" height="5" rx="2" fill="${accent}" fill-opacity="0.6"/>
    <line x1="190" y1="290" x2="176" y2="312" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>
    <line x1="310" y1="290" x2="324" y2="312" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>
  </g>`;
}

/** Film-strip perforations down both edges of a movie poster. */
function perforations(): string {
  const holes: string[] = [];
  for (let y = 18; y < POSTER_HEIGHT - 10; y += 36) {
    holes.push(`<rect x="8" y="${y}" width="14" height="20" rx="3"/>`);
    holes.push(`<rect x="${POSTER_WIDTH - 22}" y="${y}" width="14" height="20" rx="3"/>`);
  }
  return `<g fill="#000000" fill-opacity="0.35">${holes.join('')}</g>`;
}

/** Builds the placeholder poster SVG for an offline catalogue title. */
export function buildPosterSvg(kind: 'movie' | 'tv', title: OfflineTitle): string {
  const hue = hueFor(kind, title.id);
  const top = hslToHex(hue, 48, 30);
  const bottom = hslToHex((hue + 28) % 360, 55, 8);
  const accent = hslToHex(hue, 60, 38);
  const glow = hslToHex(hue, 70, 60);

  const { fontSize, lines } = fitTitle(title.title);
  const lineHeight = Math.round(fontSize * 1.18);
  const titleTop = 450 - Math.round(((lines.length - 1) * lineHeight) / 2);
  const titleText = lines
    .map((line, index) => `<tspan x="250" y="${titleTop + index * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  const afterTitle = titleTop + (lines.length - 1) * lineHeight;
  const year = title.releaseDate.slice(0, 4);
  const kindLabel = kind === 'movie' ? 'MOVIE' : 'TV SERIES';

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" viewBox="0 0 ${POSTER_WIDTH} ${POSTER_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1">
      <stop offset="0" stop-color="${top}"/>
      <stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.3" r="0.5">
      <stop offset="0" stop-color="${glow}" stop-opacity="0.35"/>
      <stop offset="1" stop-color="${glow}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" fill="url(#bg)"/>
  <rect width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" fill="url(#glow)"/>
  ${kind === 'movie' ? perforations() : ''}
  <text x="250" y="70" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="20" font-weight="bold" letter-spacing="6" fill="#ffffff" fill-opacity="0.7">${kindLabel}</text>
  ${kind === 'movie' ? clapperboardGlyph(accent) : televisionGlyph(accent)}
  <text text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${fontSize}" font-weight="bold" fill="#ffffff">${titleText}</text>
  <rect x="215" y="${afterTitle + 34}" width="70" height="4" rx="2" fill="${glow}"/>
  <text x="250" y="${afterTitle + 92}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="34" fill="#ffffff" fill-opacity="0.9">${escapeXml(year)}</text>
  <text x="250" y="${afterTitle + 132}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="22" fill="#ffffff" fill-opacity="0.65">${escapeXml(title.genre)} · ★ ${title.voteAverage.toFixed(1)}</text>
</svg>`;
}

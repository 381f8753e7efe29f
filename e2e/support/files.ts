import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The build's list of the files of each page and Shro-page part (vite.config.ts `pagePreloads`,
 * decision 151), from the build the server under test serves.
 */
export function pagePreloads(): {
  pages: Record<string, string[]>;
  parts: Record<string, string[]>;
  /** Each language's first catalog part (decision 169). */
  locales: Record<string, string[]>;
} {
  const file = path.resolve(process.env.WEB_DIST ?? 'dist/web', 'page-preloads.json');
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** A real PNG made with sharp: a coloured square with a word on it. */
export async function pngFile(name: string, word: string, colors: [string, string]) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>
    </linearGradient></defs>
    <rect width="480" height="480" fill="url(#g)"/>
    <text x="240" y="270" font-family="sans-serif" font-size="72" font-weight="700" fill="#fff" text-anchor="middle">${word}</text>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A small SVG picture, an accepted profile image type. */
export const avatarSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><defs><linearGradient id="g"><stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#ec4899"/></linearGradient></defs><rect width="200" height="200" fill="url(#g)"/><circle cx="100" cy="80" r="40" fill="#fff"/><rect x="45" y="130" width="110" height="70" rx="35" fill="#fff"/></svg>',
);

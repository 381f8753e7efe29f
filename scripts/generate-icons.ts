/**
 * Renders the app icons and the social preview card from SVG with sharp. Run once after
 * changing the artwork: `node --import tsx scripts/generate-icons.ts` (outputs are committed).
 */
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve('web/public');

const box = (size: number, padding: number) => {
  const s = size - padding * 2;
  const k = s / 64;
  const t = (v: number) => padding + v * k;
  return `
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a855f7"/><stop offset="1" stop-color="#ec4899"/></linearGradient></defs>
    <rect x="${t(12)}" y="${t(24)}" width="${40 * k}" height="${28 * k}" rx="${4 * k}" fill="url(#g)"/>
    <rect x="${t(9)}" y="${t(17)}" width="${46 * k}" height="${10 * k}" rx="${3 * k}" fill="#c084fc"/>
    <rect x="${t(29)}" y="${t(17)}" width="${6 * k}" height="${35 * k}" fill="#fde68a"/>
    <path transform="translate(${padding} ${padding}) scale(${k})" d="M32 17c-6-9-15-6-10 0zM32 17c6-9 15-6 10 0z" fill="#fde68a"/>`;
};

async function icon(file: string, size: number, padding: number, rounded: boolean) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <rect width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="#1a1625"/>${box(size, padding)}</svg>`;
  await sharp(Buffer.from(svg)).png().toFile(path.join(out, file));
}

async function socialCard() {
  const w = 1200;
  const h = 630;
  const boxes = [0, 1, 2, 3]
    .map((i) => {
      const x = 640 + (i % 2) * 250;
      const y = 90 + Math.floor(i / 2) * 230;
      return `<g transform="translate(${x} ${y}) rotate(${i % 2 ? 4 : -4} 100 100)">
        <rect width="200" height="200" rx="28" fill="url(#g)" opacity="0.95"/>
        <text x="100" y="128" font-family="DejaVu Sans, sans-serif" font-size="96" font-weight="700" fill="#fff" text-anchor="middle">?</text></g>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs>
      <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a855f7"/><stop offset="1" stop-color="#ec4899"/></linearGradient>
      <radialGradient id="bg" cx="0.2" cy="0" r="1"><stop offset="0" stop-color="#3b1d5e"/><stop offset="1" stop-color="#1a1625"/></radialGradient>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    <text x="80" y="250" font-family="DejaVu Sans, sans-serif" font-size="110" font-weight="800" fill="#f5d0fe">Shro</text>
    <text x="80" y="340" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#e9d5ff">Four mystery boxes.</text>
    <text x="80" y="395" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#e9d5ff">One pick. Decide together.</text>
    ${boxes}
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(path.join(out, 'og-image.png'));
}

await icon('icon-192.png', 192, 16, true);
await icon('icon-512.png', 512, 40, true);
await icon('icon-maskable-512.png', 512, 100, false);
await icon('apple-touch-icon.png', 180, 14, false);
await socialCard();
console.log('icons written to', out);

/**
 * Renders the app icons, the social preview card, and the native shells' launcher icons and splash
 * screens (Android mipmaps and splash drawables, the iOS AppIcon and Splash sets) from one SVG
 * artwork with sharp. Run once after changing the artwork: `node --import tsx scripts/generate-icons.ts`
 * (outputs are committed).
 */
import path from 'node:path';
import sharp from 'sharp';
import { BRAND_BACKGROUND } from '../contract/product';

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

type Backdrop = 'rounded' | 'square' | 'circle' | 'none';

/** The box on the brand background, or on nothing for Android's adaptive foreground (the launcher draws the background). */
function iconSvg(size: number, padding: number, backdrop: Backdrop) {
  const background = {
    rounded: `<rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${BRAND_BACKGROUND}"/>`,
    square: `<rect width="${size}" height="${size}" fill="${BRAND_BACKGROUND}"/>`,
    circle: `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="${BRAND_BACKGROUND}"/>`,
    none: '',
  }[backdrop];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${background}${box(size, padding)}</svg>`;
}

async function icon(file: string, size: number, padding: number, rounded: boolean) {
  await sharp(Buffer.from(iconSvg(size, padding, rounded ? 'rounded' : 'square')))
    .png()
    .toFile(path.join(out, file));
}

/** Android: legacy and round launcher icons, and the adaptive icon's foreground (its safe zone is the middle two thirds). */
async function androidIcons() {
  const res = path.resolve('android/app/src/main/res');
  const densities = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 };
  for (const [density, scale] of Object.entries(densities)) {
    const dir = path.join(res, `mipmap-${density}`);
    const launcher = 48 * scale;
    const foreground = 108 * scale;
    await sharp(Buffer.from(iconSvg(launcher, launcher * 0.08, 'rounded')))
      .png()
      .toFile(path.join(dir, 'ic_launcher.png'));
    await sharp(Buffer.from(iconSvg(launcher, launcher * 0.14, 'circle')))
      .png()
      .toFile(path.join(dir, 'ic_launcher_round.png'));
    await sharp(Buffer.from(iconSvg(foreground, foreground * 0.22, 'none')))
      .png()
      .toFile(path.join(dir, 'ic_launcher_foreground.png'));
  }
}

/** A splash screen: the box centred on the brand background, a quarter of the shorter side. */
async function splash(file: string, width: number, height: number) {
  const size = Math.round(Math.min(width, height) / 4);
  const mark = await sharp(Buffer.from(iconSvg(size, 0, 'none')))
    .png()
    .toBuffer();
  await sharp({ create: { width, height, channels: 3, background: BRAND_BACKGROUND } })
    .composite([{ input: mark, gravity: 'centre' }])
    // A palette keeps these mostly flat images small in the repository.
    .png({ palette: true, compressionLevel: 9 })
    .toFile(file);
}

/** Android's splash drawables at the sizes Capacitor's template ships (portrait; landscape swaps them). */
async function androidSplashes() {
  const res = path.resolve('android/app/src/main/res');
  const portrait = {
    mdpi: [320, 480],
    hdpi: [480, 800],
    xhdpi: [720, 1280],
    xxhdpi: [960, 1600],
    xxxhdpi: [1280, 1920],
  };
  for (const [density, [width, height]] of Object.entries(portrait) as [string, [number, number]][]) {
    await splash(path.join(res, `drawable-port-${density}`, 'splash.png'), width, height);
    await splash(path.join(res, `drawable-land-${density}`, 'splash.png'), height, width);
  }
  await splash(path.join(res, 'drawable', 'splash.png'), 480, 320);
}

/** iOS: the single 1024 px AppIcon (opaque, square: iOS rounds it) and the universal splash image. */
async function iosAssets() {
  const assets = path.resolve('ios/App/App/Assets.xcassets');
  await sharp(Buffer.from(iconSvg(1024, 110, 'square')))
    .flatten({ background: BRAND_BACKGROUND })
    .png()
    .toFile(path.join(assets, 'AppIcon.appiconset', 'AppIcon-512@2x.png'));
  for (const file of ['splash-2732x2732.png', 'splash-2732x2732-1.png', 'splash-2732x2732-2.png']) {
    await splash(path.join(assets, 'Splash.imageset', file), 2732, 2732);
  }
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
await androidIcons();
await androidSplashes();
await iosAssets();
console.log('icons written to', out, 'android/ and ios/');

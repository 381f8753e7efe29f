import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_MESSAGES, LOCALES } from '../../../contract/locales';
import { SHRO_PREVIEW_SIZE, shroPreviewImagePath } from '../../../contract/shro-preview';
import type { Shro } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { shros, users } from '../../db/schema/index';
import { createShro, createUser, insertShro, png, type SignedInUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { findShroPreviewImage, previewCacheStats } from './preview-image';
import { cleanPreviewText, type PreviewCard, previewCardOf, previewStateKey } from './preview-state';
import { buildPreviewSvg } from './preview-svg';
import { fitText, fontsDraw, previewLocales } from './preview-text';
import { findShroPreview, type ShroPreviewRow } from './queries';

/** Issue 13, item 6: a link or public Shro's own preview image (decision 125). */

let ctx: TestContext;
let creator: SignedInUser;
let stranger: SignedInUser;

const SECRETS = ['SECRET-PIZZA', 'SECRET-SUSHI', 'SECRET-TACOS', 'SECRET-CURRY'];
const textOptions = JSON.stringify(SECRETS.map((content, i) => ({ content, label: `LABEL-${i}` })));

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
  creator = await createUser(ctx, { username: 'preview_maker', firstName: 'Ana', lastName: 'Silva' });
  stranger = await createUser(ctx);
});
afterAll(() => ctx.close());

const previewUrl = (id: string) => `/api/sessions/${id}/preview.png`;
const getPreview = (id: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: previewUrl(id), headers });
const make = (fields: Record<string, unknown>) =>
  createShro(ctx, creator.cookie, { title: 'Where do we eat tonight? 🍕', textOptions, ...fields });

describe('GET /api/sessions/:id/preview.png', () => {
  let link: Shro;
  beforeAll(async () => {
    link = await make({ isShareable: true });
  });

  it('answers a link Shro with a 1200 × 630 PNG to anyone, signed in or not, cacheable with an ETag', async () => {
    const callers: Record<string, string>[] = [{}, { cookie: stranger.cookie }, { cookie: creator.cookie }];
    for (const headers of callers) {
      const response = await getPreview(link.id, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers.etag).toMatch(/^"[\w-]{22}"$/);
      const image = await sharp(response.rawPayload).metadata();
      expect({ format: image.format, width: image.width, height: image.height }).toEqual({
        format: 'png',
        ...SHRO_PREVIEW_SIZE,
      });
    }
  });

  it('answers 304 to a matching If-None-Match, with the same ETag and caching', async () => {
    const first = await getPreview(link.id);
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await getPreview(link.id, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=300');
    }
    expect((await getPreview(link.id, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('renders a public Shro too, and an expired one as ended', async () => {
    const publicShro = await make({ isPublic: true, isShareable: false });
    expect((await getPreview(publicShro.id)).statusCode).toBe(200);
    const expired = await make({ isShareable: true });
    await ctx.database.db
      .update(shros)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(shros.id, expired.id));
    const response = await getPreview(expired.id);
    expect(response.statusCode).toBe(200);
    const row = (await findShroPreview(ctx.database.db, expired.id))!;
    expect(previewCardOf(row, new Date())).toMatchObject({ open: false, stateLabel: 'Ended', stateDetails: '' });
  });

  it.each<[string, () => Promise<string>]>([
    ['a private Shro', async () => (await insertShro(ctx, creator.id, { title: 'Private surprise' })).id],
    ['an unknown Shro', async () => '00000000-0000-0000-0000-000000000000'],
    ...(['hidden', 'pending_review', 'auto_hidden'] as const).map(
      (status) =>
        [
          `a Shro under moderation (${status})`,
          async () => {
            const shro = await make({ isPublic: true, isShareable: false });
            await ctx.database.db.update(shros).set({ moderationStatus: status }).where(eq(shros.id, shro.id));
            return shro.id;
          },
        ] as [string, () => Promise<string>],
    ),
  ])('answers 404 {message} for %s, to its creator as well', async (_what, idOf) => {
    const id = await idOf();
    const callers: Record<string, string>[] = [{}, { cookie: creator.cookie }];
    for (const headers of callers) {
      const response = await getPreview(id, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: SHRO_MESSAGES.notFound, code: expect.any(String) });
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it("answers 404 for a suspended creator's Shros, and shows them again once the suspension ends", async () => {
    const banned = await createUser(ctx);
    const shro = await createShro(ctx, banned.cookie, { isShareable: true });
    await ctx.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 3_600_000), suspensionReason: 'spam' })
      .where(eq(users.id, banned.id));
    expect((await getPreview(shro.id)).statusCode).toBe(404);
    await ctx.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, banned.id));
    expect((await getPreview(shro.id)).statusCode).toBe(200);
  });

  it('refuses an over-long ?v= with 400 and ignores any other', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: `${previewUrl(link.id)}?v=${'a'.repeat(65)}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The preview version must be at most 64 characters');
    const stale = await ctx.app.inject({ method: 'GET', url: `${previewUrl(link.id)}?v=old` });
    expect(stale.statusCode).toBe(200);
  });

  it('draws the language ?lang= names, each with its own ETag and cached image, English without it', async () => {
    const shro = await make({ isShareable: true, title: 'Each in its language' });
    const at = (lang?: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: `${previewUrl(shro.id)}${lang ? `?lang=${lang}` : ''}`, headers });
    const english = await at();
    // The caller's own language never decides: only the address does, so caches keep one image per URL.
    const asked = await at(undefined, { 'accept-language': 'es', cookie: 'shro_locale=fr' });
    expect(asked.headers.etag).toBe(english.headers.etag);
    const before = previewCacheStats();
    const [spanish, arabic] = [await at('es'), await at('ar')];
    for (const response of [spanish, arabic]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
    }
    expect(new Set([english.headers.etag, spanish.headers.etag, arabic.headers.etag]).size).toBe(3);
    expect(spanish.rawPayload.equals(english.rawPayload)).toBe(false);
    // Two languages never share a cached image.
    expect(previewCacheStats().misses - before.misses).toBe(2);
    expect((await at('es', { 'if-none-match': String(english.headers.etag) })).statusCode).toBe(200);
    expect((await at('es', { 'if-none-match': String(spanish.headers.etag) })).statusCode).toBe(304);
    // A language whose script the fonts cannot draw gets the English image (preview-text.ts).
    const drawn = await previewLocales();
    for (const locale of LOCALES.filter((each) => drawn.get(each) === 'en')) {
      expect((await at(locale)).headers.etag, locale).toBe(english.headers.etag);
    }
  });

  it('refuses a language Shro does not speak with 400 {message, code}', async () => {
    for (const lang of ['xx', 'EN', 'pt-br', '']) {
      const bad = await ctx.app.inject({ method: 'GET', url: `${previewUrl(link.id)}?lang=${lang}` });
      expect(bad.statusCode, lang).toBe(400);
      expect(bad.json()).toEqual({ message: LOCALE_MESSAGES.unknown, code: 'locale.unknown' });
    }
  });

  it('changes its ETag when what it shows changes, and only then', async () => {
    const shro = await make({ isShareable: true, expiresAt: new Date(Date.now() + 3 * 3_600_000).toISOString() });
    const before = String((await getPreview(shro.id)).headers.etag);
    expect(String((await getPreview(shro.id)).headers.etag)).toBe(before);
    await ctx.database.db.update(shros).set({ participantCount: 12 }).where(eq(shros.id, shro.id));
    const after = String((await getPreview(shro.id)).headers.etag);
    expect(after).not.toBe(before);
    // A request that still holds the old image gets the new one.
    expect((await getPreview(shro.id, { 'if-none-match': before })).statusCode).toBe(200);
  });

  it('renders one state once, however many ask at the same time', async () => {
    const shro = await make({ isShareable: true, title: 'Rendered once' });
    const before = previewCacheStats();
    const answers = await Promise.all(Array.from({ length: 5 }, () => getPreview(shro.id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const after = previewCacheStats();
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(4);
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
  });

  it("draws the creator's avatar round when they have one", async () => {
    const pictured = await createUser(ctx, { firstName: 'Pic' });
    const form = await multipart({}, [
      { field: 'profileImage', filename: 'me.png', type: 'image/png', data: await png(300, 300) },
    ]);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { ...form.headers, cookie: pictured.cookie },
      payload: form.payload,
    });
    expect(patched.statusCode).toBe(200);
    const shro = await createShro(ctx, pictured.cookie, { isShareable: true });
    const row = (await findShroPreview(ctx.database.db, shro.id))!;
    expect(`/api/uploads/${row.creatorAvatarKey}`).toBe(patched.json().profileImageUrl);
    const response = await getPreview(shro.id);
    expect(response.statusCode).toBe(200);
    // The avatar's own colour (png()'s rgb(200, 40, 90)) is in the badge's middle.
    const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const [r, g, b] = at(64 + 44, 52 + 44);
    expect(Math.abs(r! - 200) + Math.abs(g! - 40) + Math.abs(b! - 90)).toBeLessThan(30);
  });
});

describe('what the preview shows', () => {
  it('is built from a row that holds no box content: neither the card nor the SVG carries any', async () => {
    const shro = await make({ isShareable: true });
    const row = (await findShroPreview(ctx.database.db, shro.id))!;
    const card = previewCardOf(row, new Date())!;
    const svg = buildPreviewSvg(card, { nameHeight: 30, titleHeight: 140, stateTextWidth: 300 }, false);
    for (const drawn of [JSON.stringify(row), JSON.stringify(card), svg]) {
      for (const secret of [...SECRETS, 'LABEL-0', 'LABEL-3']) expect(drawn).not.toContain(secret);
      // No image of any box, or anything else, is referenced: the SVG loads nothing.
      expect(drawn).not.toMatch(/<image|href=|\/api\/uploads\//);
    }
    expect(card).toMatchObject({
      title: 'Where do we eat tonight? 🍕',
      creatorName: 'Ana Silva',
      creatorHandle: '@preview_maker',
      creatorInitial: 'A',
    });
    expect(svg).toContain('@preview_maker');
    expect(svg).toContain('be the first to open a box');
  });

  const row = (values: Partial<ShroPreviewRow> = {}): ShroPreviewRow => ({
    visibleToVisitors: true,
    title: 'Movie night',
    isPublic: false,
    isShareable: true,
    moderationStatus: 'visible',
    participantCount: 0,
    expiresAt: null,
    creatorUsername: 'ana',
    creatorFirstName: null,
    creatorLastName: null,
    creatorAvatarKey: null,
    filledBoxes: 4,
    ...values,
  });
  const now = new Date('2026-03-01T12:00:00Z');
  /** "closes in {h} h" for most of the hour that follows `now`. */
  const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000 + 50 * 60_000);

  it('draws one box per filled option, as the page shows them, and says how many (second walk, item 1)', async () => {
    const two = await createShro(ctx, creator.cookie, {
      title: 'Two options',
      isShareable: true,
      textOptions: JSON.stringify([{ content: 'SECRET-PIZZA' }, { content: 'SECRET-SUSHI' }]),
    });
    const card = previewCardOf((await findShroPreview(ctx.database.db, two.id))!, now)!;
    expect(card.boxCount).toBe(2);
    const measures = { nameHeight: 30, titleHeight: 140, stateTextWidth: 300 };
    const boxesIn = (svg: string) => svg.match(/<linearGradient id="box\d"/g)?.length ?? 0;
    const svg = buildPreviewSvg(card, measures, false);
    expect(boxesIn(svg)).toBe(2);
    expect(svg).toContain('Two mystery boxes. One pick.');
    for (const secret of SECRETS) expect(svg).not.toContain(secret);
    const four = previewCardOf(row(), now)!;
    expect(boxesIn(buildPreviewSvg(four, measures, false))).toBe(4);
    expect(buildPreviewSvg(previewCardOf(row({ filledBoxes: 1 }), now)!, measures, false)).toContain(
      'One mystery box. One pick.',
    );
    // The count is part of the state, so the cached image changes with it.
    expect(previewStateKey(previewCardOf(row({ filledBoxes: 3 }), now)!)).not.toBe(previewStateKey(four));
  });

  it('says whether it is open, how many opened and when it closes', () => {
    const state = (values: Partial<ShroPreviewRow>) => {
      const card = previewCardOf(row(values), now)!;
      return [card.stateLabel, card.stateDetails].filter(Boolean).join(' · ');
    };
    expect(state({ participantCount: 12, expiresAt: inHours(3) })).toBe('Open · 12 opened · closes in 3 h');
    expect(state({ participantCount: 1 })).toBe('Open · 1 opened');
    expect(state({})).toBe('Open · be the first to open a box');
    expect(state({ participantCount: 12_345 })).toBe('Open · 12,345 opened');
    expect(state({ participantCount: 7, expiresAt: new Date(now.getTime() - 1) })).toBe('Ended · 7 opened');
    expect(state({ expiresAt: new Date(now.getTime() - 1) })).toBe('Ended');
  });

  it("words its state, count, fallback title and a deleted creator in the image's language", () => {
    const state = (locale: 'es' | 'fr' | 'ar', values: Partial<ShroPreviewRow>) => {
      const card = previewCardOf(row(values), now, locale)!;
      return [card.stateLabel, card.stateDetails].filter(Boolean).join(' · ');
    };
    expect(state('es', { participantCount: 12, expiresAt: inHours(3) })).toBe(
      'Abierto · 12 personas lo abrieron · cierra en 3 h',
    );
    expect(state('es', { participantCount: 12_345 })).toBe('Abierto · 12.345 personas lo abrieron');
    expect(state('es', {})).toBe('Abierto · sé el primero en abrir una caja');
    expect(state('es', { participantCount: 7, expiresAt: new Date(now.getTime() - 1) })).toBe(
      'Terminado · 7 personas lo abrieron',
    );
    expect(state('fr', { participantCount: 1, expiresAt: inHours(3) })).toBe('Ouvert · 1 l’a ouvert · ferme dans 3 h');
    expect(state('fr', { participantCount: 12_345 })).toBe('Ouvert · 12\u202f345 l’ont ouvert');
    expect(state('ar', { participantCount: 12, expiresAt: inHours(3) })).toBe(
      'مفتوح · فتحه 12 شخصًا · يُغلق خلال 3 ساعات',
    );
    expect(state('ar', { participantCount: 2, expiresAt: inHours(2) })).toBe('مفتوح · فتحه شخصان · يُغلق خلال ساعتين');

    const measures = { nameHeight: 30, titleHeight: 140, stateTextWidth: 300 };
    const svg = (locale: 'es' | 'fr' | 'ar', values: Partial<ShroPreviewRow> = {}) =>
      buildPreviewSvg(previewCardOf(row(values), now, locale)!, measures, false);
    expect(svg('es', { filledBoxes: 2 })).toContain('Dos cajas misteriosas. Una sola elección.');
    expect(svg('es', { filledBoxes: 1 })).toContain('Una caja misteriosa. Una sola elección.');
    expect(svg('fr', { filledBoxes: 4 })).toContain('Quatre boîtes mystère. Un seul choix.');
    expect(svg('ar', { filledBoxes: 2 })).toContain('صندوقان غامضان. اختيار واحد فقط.');
    // Right to left: the pill is mirrored so that its label reads first.
    expect(svg('ar')).toContain('direction="rtl"');
    expect(svg('es')).not.toContain('direction="rtl"');
    expect(svg('es')).not.toMatch(/mystery|opened|closes/);

    expect(previewCardOf(row({ title: '' }), now, 'es')!.title).toBe('Una caja misteriosa');
    expect(previewCardOf(row({ creatorUsername: 'deleted-user-1a2b' }), now, 'fr')!.creatorName).toBe(
      'utilisateur supprimé',
    );
    // The language is part of the state: two languages never share an image.
    const keys = (['en', 'es', 'fr', 'ar'] as const).map((locale) =>
      previewStateKey(previewCardOf(row({ expiresAt: inHours(3) }), now, locale)!),
    );
    expect(new Set(keys).size).toBe(4);
  });

  it('names the creator by their name with the handle under it, or by the handle alone', () => {
    expect(previewCardOf(row({ creatorFirstName: 'Émile', creatorLastName: 'Zola' }), now)).toMatchObject({
      creatorName: 'Émile Zola',
      creatorHandle: '@ana',
      creatorInitial: 'É',
    });
    expect(previewCardOf(row({ creatorFirstName: '🎉' }), now)).toMatchObject({
      creatorName: '🎉',
      creatorHandle: '@ana',
      creatorInitial: 'A',
    });
    expect(previewCardOf(row({ creatorUsername: 'deleted-user-1a2b' }), now)).toMatchObject({
      creatorName: 'deleted user',
      creatorHandle: null,
      creatorInitial: '?',
      avatarKey: null,
    });
  });

  it('has none for a Shro visitors may not see (private, a suspended creator’s), nor a hidden or pending one', () => {
    expect(previewCardOf(row({ isShareable: false, visibleToVisitors: false }), now)).toBeNull();
    expect(previewCardOf(row({ isShareable: false, isPublic: true }), now)).not.toBeNull();
    for (const moderationStatus of ['hidden', 'pending_review', 'auto_hidden'] as const) {
      expect(previewCardOf(row({ moderationStatus }), now)).toBeNull();
    }
  });

  it('keeps its state key while the picture stays the same, and changes it with the picture', () => {
    const key = (values: Partial<ShroPreviewRow>, at = now) => previewStateKey(previewCardOf(row(values), at)!);
    const base = key({ expiresAt: inHours(3) });
    // Twenty minutes on, it still "closes in 3 h"…
    expect(key({ expiresAt: inHours(3) }, new Date(now.getTime() + 20 * 60_000))).toBe(base);
    // …an hour on, it closes in 2 h: a new picture.
    expect(key({ expiresAt: inHours(3) }, new Date(now.getTime() + 3_600_000))).not.toBe(base);
    for (const change of [
      { participantCount: 1 },
      { title: 'Movie night!' },
      { creatorFirstName: 'Ana' },
      { creatorAvatarKey: 'a'.repeat(32) },
      { creatorUsername: 'ana2' },
    ]) {
      expect(key({ expiresAt: inHours(3), ...change }), JSON.stringify(change)).not.toBe(base);
    }
  });

  it('cleans user text: no control or direction characters, one line, no towers of combining marks', () => {
    expect(cleanPreviewText(' Movie\nnight\u202e\u0007 ')).toBe('Movie night');
    expect(cleanPreviewText('Z\u0301\u0302\u0303\u0304\u0305o')).toBe('Z\u0301\u0302o');
    // Emoji sequences keep their joiners, skin tones and keycaps.
    expect(cleanPreviewText('👩‍👩‍👧 👍🏽 1️⃣ 🏴󠁧󠁢󠁳󠁣󠁴󠁿')).toBe('👩‍👩‍👧 👍🏽 1️⃣ 🏴󠁧󠁢󠁳󠁣󠁴󠁿');
    expect(previewCardOf(row({ title: '\u0000\u0001' }), now)!.title).toBe('A mystery box');
  });
});

describe("the image's language and the fonts", () => {
  it('tells a script the fonts draw from one they lack', async () => {
    expect(await fontsDraw('Abc')).toBe(true);
    // DejaVu Sans, which the Dockerfile and CI install, has Arabic.
    expect(await fontsDraw('ابتثجح')).toBe(true);
    expect(await fontsDraw('\u0380\u0381\u0382')).toBe(false);
  });

  it('draws each language in its own words where the fonts draw its script, else in English', async () => {
    const drawn = await previewLocales();
    for (const locale of ['en', 'es', 'pt-BR', 'fr', 'de', 'ar'] as const) expect(drawn.get(locale)).toBe(locale);
    for (const [locale, sample] of [
      ['ja', 'あいうえおか'],
      ['hi', 'अआइकखग'],
    ] as const) {
      expect(drawn.get(locale)).toBe((await fontsDraw(sample)) ? locale : 'en');
    }
  });
});

describe('the title layer', () => {
  const style = { bold: true, colour: '#ffffff', width: 610 };

  it('draws emoji in colour (Noto Color Emoji), not as white boxes', async () => {
    const layer = await fitText('🍕', [66], 2, style);
    const { data, info } = await sharp(layer.png).raw().toBuffer({ resolveWithObject: true });
    let coloured = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
    }
    // White text (or a tofu box) has no saturated pixels at all; a pizza slice has many.
    expect(coloured).toBeGreaterThan(200);
  });

  it('fits a long title into two lines with an ellipsis, a short one at the largest size', async () => {
    const short = await fitText('Tacos?', [66, 56, 48], 2, style);
    expect(short.size).toBe(66);
    const long = await fitText('word '.repeat(60).trim(), [66, 56, 48], 2, style);
    expect(long.size).toBe(48);
    const oneLine = await fitText('Hg', [48], 1, style);
    // Two lines of 48 px text, with room for the tallest glyphs, and no third.
    expect(long.height).toBeGreaterThan(oneLine.height * 1.5);
    expect(long.height).toBeLessThan(oneLine.height * 2.6);
  });
});

describe('the meta tags', () => {
  it('point at the image with the current state as version', async () => {
    const shro = await make({ isShareable: true });
    const preview = await findShroPreviewImage(ctx.database.db, ctx.app.uploadStorage, shro.id);
    const card = previewCardOf((await findShroPreview(ctx.database.db, shro.id))!, new Date()) as PreviewCard;
    expect(preview.version).toBe(previewStateKey(card));
    expect(shroPreviewImagePath(shro.id, preview.version)).toBe(
      `/api/sessions/${shro.id}/preview.png?v=${preview.version}`,
    );
    const spanish = await findShroPreviewImage(ctx.database.db, ctx.app.uploadStorage, shro.id, 'es');
    expect(spanish.version).toBe(
      previewStateKey(previewCardOf((await findShroPreview(ctx.database.db, shro.id))!, new Date(), 'es')!),
    );
    expect(shroPreviewImagePath(shro.id, spanish.version, 'es')).toBe(
      `/api/sessions/${shro.id}/preview.png?v=${spanish.version}&lang=es`,
    );
  });
});

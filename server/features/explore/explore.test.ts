import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExploreCard, ExplorePage } from '../../../contract/explore';
import type { Shro } from '../../../contract/shro-views';
import { picks, shros } from '../../db/schema/index';
import { befriend, createShro, createUser, getAs, pickBox, type SignedInUser } from '../../test/factories';
import { plansWithoutSeqScans } from '../../test/query-plans';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';

let ctx: TestContext;
let creator: SignedInUser;
let viewer: SignedInUser;
let friend: SignedInUser;

/** Public Shros created through the API, oldest first; createdAt is then spaced an hour apart. */
const made: Record<string, Shro> = {};
const HOUR = 3_600_000;
const now = Date.now();

async function publicShro(key: string, title: string, hashtags: string | undefined, hoursAgo: number) {
  const shro = await createShro(ctx, creator.cookie, { title, hashtags, isShareable: false, isPublic: true });
  await ctx.database.db
    .update(shros)
    .set({ createdAt: new Date(now - hoursAgo * HOUR) })
    .where(eq(shros.id, shro.id));
  made[key] = shro;
  return shro;
}

/** A pick `hoursAgo` by a fresh user, written straight to the database (test data). */
async function pickAt(key: string, hoursAgo: number) {
  const user = await createUser(ctx, { signedIn: false });
  await ctx.database.db.insert(picks).values({
    shroId: made[key]!.id,
    userId: user.id,
    boxId: made[key]!.boxes[0]!.id,
    createdAt: new Date(now - hoursAgo * HOUR),
  });
}

const get = (url: string, cookie: string | null = viewer.cookie) => getAs(ctx, url, cookie);

async function page(url: string): Promise<ExplorePage> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const titles = (p: ExplorePage) => p.items.map((c) => c.title);

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
  creator = await createUser(ctx);
  viewer = await createUser(ctx);
  friend = await createUser(ctx);

  await publicShro('pizza', 'Pizza Friday', 'pizza,friday', 50);
  await publicShro('movie', 'Movie marathon', 'movies,weekend', 40);
  await publicShro('ramen', 'Ramen or pho?', 'noodles,pizzanight', 30);
  await publicShro('trip', 'Weekend TRIP ideas', 'travel', 20);
  await publicShro('newest', 'Brand new question', undefined, 1);
  await publicShro('odd', '100% sure_thing', 'percent', 25);

  // Not on explore: a link Shro, a private Shro, and a public Shro that has expired.
  const link = await createShro(ctx, creator.cookie, { title: 'Pizza link only', hashtags: 'pizza' });
  made.link = link;
  await befriend(ctx, creator, friend);
  made.private = await createShro(ctx, creator.cookie, {
    title: 'Pizza private',
    hashtags: 'pizza',
    isShareable: false,
    recipients: [friend.id],
  });
  made.expired = await publicShro('expired', 'Pizza expired', 'pizza', 10);
  await ctx.database.db
    .update(shros)
    .set({ expiresAt: new Date(now - HOUR) })
    .where(eq(shros.id, made.expired.id));

  // Picks: the old pizza Shro is busy now, ramen had many picks last week, the trip one today.
  for (let i = 0; i < 3; i++) await pickAt('pizza', 2 + i);
  for (let i = 0; i < 5; i++) await pickAt('ramen', 6 * 24 + i); // 6 days ago: 5 × 1/7
  for (let i = 0; i < 9; i++) await pickAt('movie', 8 * 24 + i); // older than 7 days: no weight
  await pickAt('trip', 1);
});
afterAll(() => ctx.close());

describe('GET /api/explore (recent)', () => {
  it('lists public, unexpired Shros newest first', async () => {
    const p = await page('/api/explore');
    expect(titles(p)).toEqual([
      'Brand new question',
      'Weekend TRIP ideas',
      '100% sure_thing',
      'Ramen or pho?',
      'Movie marathon',
      'Pizza Friday',
    ]);
    expect(p).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
  });

  it('answers cards with hidden boxes: positions and commitments only', async () => {
    const p = await page('/api/explore');
    const card = p.items.find((c) => c.id === made.pizza!.id) as ExploreCard;
    expect(card).toEqual({
      id: made.pizza!.id,
      title: 'Pizza Friday',
      type: 'text',
      status: 'waiting',
      creator: { id: creator.id, username: creator.username, profileImageUrl: null },
      createdAt: new Date(now - 50 * HOUR).toISOString(),
      participantCount: 0,
      hashtags: 'pizza,friday',
      boxes: made.pizza!.boxes.map((b) => ({ id: b.id, position: b.position, commitment: b.commitment })),
    });
    const body = JSON.stringify(p);
    for (const secret of ['Sushi', 'Tacos', 'Curry', 'salt', 'label', 'textContent', 'imageUrl', 'email']) {
      expect(body).not.toContain(secret);
    }
  });

  it('filters by one exact hashtag, any case and with or without #', async () => {
    for (const tag of ['pizza', 'PIZZA', '%23pizza', '  Pizza  ']) {
      expect(titles(await page(`/api/explore?hashtag=${tag}`)), tag).toEqual(['Pizza Friday']);
    }
    expect(titles(await page('/api/explore?hashtag=weekend'))).toEqual(['Movie marathon']);
    expect(titles(await page('/api/explore?hashtag=pizz'))).toEqual([]);
    expect(titles(await page('/api/explore?hashtag='))).toHaveLength(6);
  });

  it('pages with page and pageSize', async () => {
    const first = await page('/api/explore?pageSize=4');
    expect(titles(first)).toEqual(['Brand new question', 'Weekend TRIP ideas', '100% sure_thing', 'Ramen or pho?']);
    expect(first).toMatchObject({ page: 1, pageSize: 4, hasMore: true });
    const second = await page('/api/explore?page=2&pageSize=4');
    expect(titles(second)).toEqual(['Movie marathon', 'Pizza Friday']);
    expect(second.hasMore).toBe(false);
    expect((await page('/api/explore?page=3&pageSize=4')).items).toEqual([]);
    expect((await page('/api/explore?pageSize=50')).items).toHaveLength(6);
    expect((await page('/api/explore?page=&pageSize=')).pageSize).toBe(20);
  });
});

describe('GET /api/explore/trending', () => {
  it('ranks by recent picks weighted by age, then the rest newest first; differs from recent', async () => {
    const p = await page('/api/explore/trending');
    expect(titles(p)).toEqual([
      // 3 picks within hours (≈2.9) > 1 pick an hour ago (≈0.96) > 5 picks 6 days ago (≈0.71).
      'Pizza Friday',
      'Weekend TRIP ideas',
      'Ramen or pho?',
      // Nothing in the last 7 days: newest first (the movie Shro's picks are 8 days old).
      'Brand new question',
      '100% sure_thing',
      'Movie marathon',
    ]);
    expect(titles(p)).not.toEqual(titles(await page('/api/explore')));
  });

  it('pages and takes the same hashtag filter', async () => {
    const p = await page('/api/explore/trending?page=2&pageSize=2');
    expect(titles(p)).toEqual(['Ramen or pho?', 'Brand new question']);
    expect(p.hasMore).toBe(true);
    expect(titles(await page('/api/explore/trending?hashtag=noodles'))).toEqual(['Ramen or pho?']);
  });

  it('moves with real picks through the API', async () => {
    const picker = await createUser(ctx);
    await pickBox(ctx, picker.cookie, made.newest!, 2);
    const second = await createUser(ctx);
    await pickBox(ctx, second.cookie, made.newest!, 3);
    const p = await page('/api/explore/trending');
    expect(titles(p).indexOf('Brand new question')).toBeLessThan(titles(p).indexOf('Weekend TRIP ideas'));
    const card = p.items.find((c) => c.id === made.newest!.id)!;
    expect(card.participantCount).toBe(2);
  });
});

describe('GET /api/explore/search', () => {
  it('matches titles by substring in any case', async () => {
    expect(titles(await page('/api/explore/search?q=trip'))).toEqual(['Weekend TRIP ideas']);
    expect(titles(await page('/api/explore/search?q=%20%20MOVIE%20'))).toEqual(['Movie marathon']);
  });

  it('matches hashtags by substring (the web sends the term as both q and hashtag)', async () => {
    expect(titles(await page('/api/explore/search?q=noodle&hashtag=noodle'))).toEqual(['Ramen or pho?']);
    expect(titles(await page('/api/explore/search?q=%23travel&hashtag=%23travel'))).toEqual(['Weekend TRIP ideas']);
    // Title matches come first, then hashtag-only matches; private, link and expired ones never.
    expect(titles(await page('/api/explore/search?q=pizza&hashtag=pizza'))).toEqual(['Pizza Friday', 'Ramen or pho?']);
  });

  it('takes % and _ literally', async () => {
    expect(titles(await page('/api/explore/search?q=100%25'))).toEqual(['100% sure_thing']);
    expect(titles(await page('/api/explore/search?q=%25%25%25'))).toEqual([]);
    expect(titles(await page('/api/explore/search?q=e_t'))).toEqual(['100% sure_thing']);
    expect(titles(await page('/api/explore/search?q=___'))).toEqual([]);
  });

  it('pages', async () => {
    const p = await page('/api/explore/search?q=pizza&hashtag=pizza&pageSize=1');
    expect(titles(p)).toEqual(['Pizza Friday']);
    expect(p.hasMore).toBe(true);
    const second = await page('/api/explore/search?q=pizza&hashtag=pizza&page=2&pageSize=1');
    expect(titles(second)).toEqual(['Ramen or pho?']);
    expect(second.hasMore).toBe(false);
  });

  it('needs 3 to 100 characters after trimming', async () => {
    for (const query of ['', 'q=', 'q=ab', 'q=%20%20ab%20%20', 'hashtag=ab', 'q=a&q=b']) {
      const response = await get(`/api/explore/search?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({
        message: 'Type at least 3 characters to search',
        code: expect.any(String),
      });
    }
    const long = await get(`/api/explore/search?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'Search terms can be at most 100 characters', code: expect.any(String) });
    expect((await get(`/api/explore/search?q=${'a'.repeat(100)}`)).statusCode).toBe(200);
  });
});

describe('exclusions and bad input', () => {
  it('never lists private, link-only or expired Shros', async () => {
    const hidden = [made.link!.id, made.private!.id, made.expired!.id];
    for (const url of [
      '/api/explore?pageSize=50',
      '/api/explore/trending?pageSize=50',
      '/api/explore/search?q=pizza&hashtag=pizza',
      '/api/explore?hashtag=pizza',
    ]) {
      const ids = (await page(url)).items.map((c) => c.id);
      for (const id of hidden) expect(ids, url).not.toContain(id);
    }
    // The expired one comes back if its expiry is pushed into the future.
    await ctx.database.db
      .update(shros)
      .set({ expiresAt: new Date(Date.now() + HOUR) })
      .where(inArray(shros.id, [made.expired!.id]));
    expect(titles(await page('/api/explore?hashtag=pizza'))).toEqual(['Pizza expired', 'Pizza Friday']);
    await ctx.database.db
      .update(shros)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shros.id, made.expired!.id));
  });

  it('refuses bad paging and hashtags with 400 and a message', async () => {
    const cases: [string, string][] = [
      ['/api/explore?page=0', 'page must be a whole number from 1 to 500'],
      ['/api/explore?page=-1', 'page must be a whole number from 1 to 500'],
      ['/api/explore?page=1.5', 'page must be a whole number from 1 to 500'],
      ['/api/explore?page=abc', 'page must be a whole number from 1 to 500'],
      ['/api/explore?page=501', 'page must be a whole number from 1 to 500'],
      ['/api/explore?page=1&page=2', 'page must be a whole number from 1 to 500'],
      ['/api/explore/trending?pageSize=0', 'pageSize must be a whole number from 1 to 50'],
      ['/api/explore/trending?pageSize=51', 'pageSize must be a whole number from 1 to 50'],
      ['/api/explore/search?q=pizza&pageSize=1e3', 'pageSize must be a whole number from 1 to 50'],
      ['/api/explore?hashtag=two%20words', expect.stringContaining('Hashtags may only contain') as unknown as string],
      ['/api/explore?hashtag=a,b', expect.stringContaining('Hashtags may only contain') as unknown as string],
      [`/api/explore/trending?hashtag=${'x'.repeat(31)}`, expect.stringContaining('Hashtags') as unknown as string],
    ];
    for (const [url, message] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message, code: expect.any(String) });
    }
  });

  it('needs sign-in (spec §2: /explore is login required)', async () => {
    for (const url of ['/api/explore', '/api/explore/trending', '/api/explore/search?q=pizza']) {
      const response = await get(url, null);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('can answer the hashtag filter and search from their indexes', async () => {
    // On a table this small the planner prefers the recent index; without it and without
    // sequential scans, what is left shows the filter and search indexes fit these queries.
    const plans = await plansWithoutSeqScans(
      ctx.database.db,
      [
        "select id from shros where is_public and string_to_array(hashtags, ',') @> array['pizza']",
        "select id from shros where is_public and title ilike '%pizza fri%'",
        "select id from shros where is_public and hashtags ilike '%noodle%'",
      ],
      ['drop index shros_public_recent_idx'],
    );
    expect(plans[0]).toContain('shros_public_hashtag_tags_idx');
    expect(plans[1]).toContain('shros_public_title_trgm_idx');
    expect(plans[2]).toContain('shros_public_hashtags_trgm_idx');
  });
});

describe('a Shro with fewer than four options (second walk, item 1)', () => {
  it('shows only its filled boxes on its card, as its page does, and still no content', async () => {
    const two = await createShro(ctx, creator.cookie, {
      title: 'Two options only',
      isShareable: false,
      isPublic: true,
      textOptions: JSON.stringify([{ content: 'Sushi' }, { content: 'Tacos' }]),
    });
    try {
      const card = (await page('/api/explore')).items.find((c) => c.id === two.id) as ExploreCard;
      const filled = two.boxes.filter((b) => !b.isEmpty);
      expect(filled).toHaveLength(2);
      expect(card.boxes).toEqual(filled.map((b) => ({ id: b.id, position: b.position, commitment: b.commitment })));
      expect(JSON.stringify(card)).not.toMatch(/Sushi|Tacos/);
    } finally {
      await ctx.database.db.delete(shros).where(eq(shros.id, two.id));
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplorePage } from '../../../contract/explore';
import { shros } from '../../db/schema/index';
import {
  befriend,
  createShro,
  createUser,
  getShro,
  pickBox,
  type SignedInUser,
  textOptions,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * A public Shro whose title, hashtags or box text matches the word list is created but waits for a
 * moderator before explore lists it; its creator is told, nobody else. Link and private Shros are
 * not filtered (docs/decisions/112-objectionable-content-filter.md).
 */

let ctx: TestContext;
let creator: SignedInUser;
let viewer: SignedInUser;
beforeAll(async () => {
  ctx = await createTestApp();
  [creator, viewer] = await Promise.all([createUser(ctx), createUser(ctx)]);
});
afterAll(() => ctx.close());

const stored = async (id: string) =>
  (await ctx.database.db.select({ status: shros.moderationStatus }).from(shros).where(eq(shros.id, id)))[0]!.status;
const onExplore = async (id: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/explore?pageSize=50',
    headers: { cookie: viewer.cookie },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as ExplorePage).items.some((card) => card.id === id);
};
const publicShro = (fields: Record<string, unknown>) =>
  createShro(ctx, creator.cookie, { isShareable: false, isPublic: true, ...fields });

describe('public Shros and the word list', () => {
  it.each([
    ['title', { title: 'Wh0re or not?' }],
    ['hashtags', { title: 'Dinner', hashtags: 'food, fuckit' }],
    ['a text box', { title: 'Dinner', textOptions: textOptions('Pizza', 'Sushi', 'sh1t burger', 'Curry') }],
    [
      'a box label',
      { title: 'Dinner', textOptions: JSON.stringify([{ content: 'Pizza', label: 'b1tch' }, { content: 'Sushi' }]) },
    ],
  ])('a match in the %s keeps it off explore and tells only its creator', async (_name, fields) => {
    const shro = await publicShro(fields);
    expect(shro.moderation).toBe('pending_review');
    expect(await stored(shro.id)).toBe('pending_review');
    expect(await onExplore(shro.id)).toBe(false);
    expect((await getShro(ctx, shro.id, creator.cookie)).json()).toMatchObject({ moderation: 'pending_review' });
    // Anyone else who opens it sees no moderation state at all.
    expect((await getShro(ctx, shro.id, viewer.cookie)).json()).toMatchObject({ moderation: null });
    expect((await getShro(ctx, shro.id)).json()).toMatchObject({ moderation: null });
  });

  it('an ordinary public Shro is listed at once, ordinary titles with look-alike words too', async () => {
    const shro = await publicShro({
      title: 'Dick Van Dyke movies in Scunthorpe',
      hashtags: 'assassin, cocktail',
      textOptions: textOptions('Shiitake ramen', 'Cumin lamb', 'Moby Dick', 'Essex fish'),
    });
    expect(shro.moderation).toBe('visible');
    expect(await stored(shro.id)).toBe('visible');
    expect(await onExplore(shro.id)).toBe(true);
  });

  it('lists a reviewed Shro once a moderator makes it visible', async () => {
    const shro = await publicShro({ title: 'Sh1t films' });
    expect(await onExplore(shro.id)).toBe(false);
    await ctx.database.db.update(shros).set({ moderationStatus: 'visible' }).where(eq(shros.id, shro.id));
    expect(await onExplore(shro.id)).toBe(true);
  });
});

describe('link and private Shros are not filtered', () => {
  it('a link Shro with the same words stays visible', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'Sh1t films', isShareable: true });
    expect(shro.moderation).toBe('visible');
    expect(await stored(shro.id)).toBe('visible');
    // It can still be opened by whoever has the link.
    const opened = await pickBox(ctx, viewer.cookie, shro, 1);
    expect(opened.hasSelected).toBe(true);
  });

  it('a private Shro between friends stays visible', async () => {
    const friend = await createUser(ctx);
    await befriend(ctx, creator, friend);
    const shro = await createShro(ctx, creator.cookie, {
      title: 'Sh1t films',
      isShareable: false,
      recipients: JSON.stringify([friend.id]),
    });
    expect(await stored(shro.id)).toBe('visible');
    expect((await getShro(ctx, shro.id, friend.cookie)).json()).toMatchObject({ moderation: null });
  });
});

import { and, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COPY_MESSAGES } from '../../../contract/shro-copy';
import type { Shro } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { shroBoxes, shros, uploads } from '../../db/schema/index';
import {
  createShro,
  createUser,
  gameRowCounts,
  gameWorld,
  getShro,
  pickBox,
  png,
  type SignedInUser,
  statsRow,
} from '../../test/factories';
import type { TestContext } from '../../test/test-app';

let ctx: TestContext;
let creator: SignedInUser;
let friend: SignedInUser;

beforeAll(async () => {
  [ctx, creator, friend] = await gameWorld(1);
});
afterAll(() => ctx.close());

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const copy = (id: string, cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/copy`,
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });
async function expire(id: string) {
  await ctx.database.db
    .update(shros)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(shros.id, id));
  // Changed behind the app's back: its read cache must forget the Shro.
  ctx.app.shroCache.clear();
}

async function expectRejected(send: () => Promise<LightMyRequestResponse>, status: number, message: string) {
  const before = await gameRowCounts(ctx);
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ message, code: expect.any(String) });
  expect(await gameRowCounts(ctx)).toEqual(before);
}

describe('POST /api/sessions/:id/copy', () => {
  let expired: Shro;
  beforeAll(async () => {
    expired = await createShro(ctx, creator.cookie, {
      title: 'Friday film',
      hashtags: 'movies',
      winningBoxPosition: 3,
      expiresAt: hoursFromNow(1),
    });
    await pickBox(ctx, friend.cookie, expired, 2);
    await expire(expired.id);
  });

  it('copies an expired link into a new open link with the new expiry; picks start again', async () => {
    const before = (await statsRow(ctx, creator.id))?.shrosCreated ?? 0;
    const expiresAt = hoursFromNow(24);
    const response = await copy(expired.id, creator.cookie, { expiresAt });
    expect(response.statusCode, response.body).toBe(201);
    const fresh: Shro = response.json();
    expect(fresh.id).not.toBe(expired.id);
    expect(fresh).toMatchObject({
      title: 'Friday film',
      type: 'text',
      status: 'waiting',
      viewerRole: 'creator',
      isShareable: true,
      isPublic: false,
      hashtags: 'movies',
      expiresAt: new Date(expiresAt).toISOString(),
      winningBoxPosition: 3,
      participantCount: 0,
      participants: [],
    });
    expect(fresh.boxes.map((b) => [b.position, b.textContent])).toEqual(
      expired.boxes.map((b) => [b.position, b.textContent]),
    );
    // A new game: new salts, so new commitments.
    expect(fresh.boxes.map((b) => b.commitment)).not.toEqual(expired.boxes.map((b) => b.commitment));
    expect(fresh.winningCommitment).not.toBe(expired.winningCommitment);
    expect((await statsRow(ctx, creator.id))?.shrosCreated).toBe(before + 1);

    // The friend who opened the old one can open the copy; the original stays expired.
    const opened = await pickBox(ctx, friend.cookie, fresh, 1);
    expect(opened.boxes.find((b) => b.position === 1)?.textContent).toBe('Pizza');
    expect((await getShro(ctx, expired.id, creator.cookie)).json().status).toBe('expired');
  });

  it('copies with no expiry (null)', async () => {
    const response = await copy(expired.id, creator.cookie, { expiresAt: null });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ expiresAt: null, status: 'waiting' });
  });

  it('shares image files by reference, and deleting one copy keeps the image of the other', async () => {
    const original = await createShro(ctx, creator.cookie, { title: 'Which shirt?' }, [
      await png(),
      await png(64, 64, { r: 1, g: 2, b: 3 }),
    ]);
    const uploadsBefore = (await ctx.database.db.select().from(uploads)).length;
    const filesBefore = await ctx.app.uploadStorage.count();
    const response = await copy(original.id, creator.cookie, { expiresAt: hoursFromNow(2) });
    expect(response.statusCode, response.body).toBe(201);
    const fresh: Shro = response.json();
    expect((await ctx.database.db.select().from(uploads)).length).toBe(uploadsBefore);
    expect(await ctx.app.uploadStorage.count()).toBe(filesBefore);
    expect(fresh.boxes.filter((b) => b.imageUrl).map((b) => b.imageSha256)).toEqual(
      original.boxes.filter((b) => b.imageUrl).map((b) => b.imageSha256),
    );

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${original.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.app.uploadStorage.count()).toBe(filesBefore);
    const image = await ctx.app.inject({
      method: 'GET',
      url: fresh.boxes[0]!.imageUrl!,
      headers: { cookie: creator.cookie },
    });
    expect(image.statusCode).toBe(200);

    // The last Shro holding them goes: the files go too.
    await ctx.app.inject({ method: 'DELETE', url: `/api/sessions/${fresh.id}`, headers: { cookie: creator.cookie } });
    expect(await ctx.app.uploadStorage.count()).toBe(filesBefore - 2);
    const keys = await ctx.database.db
      .select({ key: shroBoxes.imageKey })
      .from(shroBoxes)
      .where(eq(shroBoxes.shroId, fresh.id));
    expect(keys).toEqual([]);
  });

  /** Runs `meanwhile` once, when the copy's transaction is about to start (after its read of the source). */
  function beforeNextTransaction(meanwhile: () => Promise<void>) {
    const { db } = ctx.database;
    const original = db.transaction.bind(db);
    let done = false;
    const spy = vi.spyOn(db, 'transaction').mockImplementation((async (...args: Parameters<typeof original>) => {
      if (!done) {
        done = true;
        await meanwhile();
      }
      return original(...args);
    }) as typeof original);
    return () => spy.mockRestore();
  }

  it('answers 404 and stores nothing when the Shro was deleted after it was read', async () => {
    const original = await createShro(ctx, creator.cookie, { title: 'Gone soon' }, [
      await png(61, 61),
      await png(61, 62, { r: 9, g: 8, b: 7 }),
    ]);
    expect((await getShro(ctx, original.id, creator.cookie)).statusCode).toBe(200);
    let before: Awaited<ReturnType<typeof gameRowCounts>> | undefined;
    const restore = beforeNextTransaction(async () => {
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${original.id}`,
        headers: { cookie: creator.cookie },
      });
      expect(deleted.statusCode).toBe(200);
      before = await gameRowCounts(ctx);
    });
    try {
      const response = await copy(original.id, creator.cookie, { expiresAt: hoursFromNow(2) });
      expect([response.statusCode, response.json()]).toEqual([
        404,
        { message: SHRO_MESSAGES.notFound, code: expect.any(String) },
      ]);
    } finally {
      restore();
    }
    expect(await gameRowCounts(ctx)).toEqual(before);
  });

  it('answers 409 and stores nothing when one of its images was removed after it was read', async () => {
    const original = await createShro(ctx, creator.cookie, { title: 'Image goes' }, [
      await png(62, 62),
      await png(62, 63, { r: 9, g: 8, b: 7 }),
    ]);
    const [box] = await ctx.database.db
      .select({ key: shroBoxes.imageKey })
      .from(shroBoxes)
      .where(and(eq(shroBoxes.shroId, original.id), isNotNull(shroBoxes.imageKey)));
    expect((await getShro(ctx, original.id, creator.cookie)).statusCode).toBe(200);
    // As a moderator's image deletion does (moderation/queries.ts clearImageEverywhere), behind the cache.
    let before: Awaited<ReturnType<typeof gameRowCounts>> | undefined;
    const restore = beforeNextTransaction(async () => {
      await ctx.database.db.update(shroBoxes).set({ imageKey: null }).where(eq(shroBoxes.imageKey, box!.key!));
      await ctx.database.db.delete(uploads).where(eq(uploads.key, box!.key!));
      before = await gameRowCounts(ctx);
    });
    try {
      const response = await copy(original.id, creator.cookie, { expiresAt: hoursFromNow(2) });
      expect([response.statusCode, response.json()]).toEqual([
        409,
        { message: COPY_MESSAGES.imageGone, code: expect.any(String) },
      ]);
    } finally {
      restore();
    }
    expect(await gameRowCounts(ctx)).toEqual(before);
  });

  it('a copy and a delete at once: either the copy is refused, or it keeps working images', async () => {
    for (let round = 0; round < 4; round++) {
      const original = await createShro(ctx, creator.cookie, { title: `Race ${round}` }, [
        await png(63 + round, 63),
        await png(63 + round, 64, { r: 9, g: 8, b: 7 }),
      ]);
      expect((await getShro(ctx, original.id, creator.cookie)).statusCode).toBe(200);
      const [copied, deleted] = await Promise.all([
        copy(original.id, creator.cookie, { expiresAt: hoursFromNow(2) }),
        ctx.app.inject({ method: 'DELETE', url: `/api/sessions/${original.id}`, headers: { cookie: creator.cookie } }),
      ]);
      expect(deleted.statusCode).toBe(200);
      if (copied.statusCode !== 201) {
        expect([copied.statusCode, copied.json()]).toEqual([
          404,
          { message: SHRO_MESSAGES.notFound, code: expect.any(String) },
        ]);
        continue;
      }
      const imageUrl = (copied.json() as Shro).boxes.find((b) => b.imageUrl)!.imageUrl!;
      const image = await ctx.app.inject({ method: 'GET', url: imageUrl, headers: { cookie: creator.cookie } });
      expect(image.statusCode).toBe(200);
    }
  });

  it('answers 401 to a visitor', async () => {
    await expectRejected(() => copy(expired.id, undefined, { expiresAt: null }), 401, 'Unauthorized');
  });

  it('answers 403 to anyone else who can see it, 404 to those who cannot and for an unknown id', async () => {
    await expectRejected(() => copy(expired.id, friend.cookie, { expiresAt: null }), 403, COPY_MESSAGES.notCreator);
    const privateOne = await createShro(ctx, creator.cookie, { isShareable: false, friendId: friend.id });
    const stranger = await createUser(ctx);
    await expectRejected(() => copy(privateOne.id, stranger.cookie, { expiresAt: null }), 404, SHRO_MESSAGES.notFound);
    await expectRejected(
      () => copy('00000000-0000-4000-8000-000000000000', creator.cookie, { expiresAt: null }),
      404,
      SHRO_MESSAGES.notFound,
    );
    await expectRejected(() => copy(privateOne.id, friend.cookie, { expiresAt: null }), 403, COPY_MESSAGES.notCreator);
  });

  it('refuses a private or public Shro: only links are shared again', async () => {
    const privateOne = await createShro(ctx, creator.cookie, { isShareable: false, friendId: friend.id });
    await expectRejected(() => copy(privateOne.id, creator.cookie, { expiresAt: null }), 400, COPY_MESSAGES.notLink);
    const publicOne = await createShro(ctx, creator.cookie, { isPublic: true });
    await expectRejected(() => copy(publicOne.id, creator.cookie, { expiresAt: null }), 400, COPY_MESSAGES.notLink);
  });

  it('applies create’s expiry rule and refuses malformed bodies', async () => {
    await expectRejected(
      () => copy(expired.id, creator.cookie, { expiresAt: new Date(Date.now() - 1000).toISOString() }),
      400,
      SHRO_MESSAGES.expiryPast,
    );
    await expectRejected(
      () => copy(expired.id, creator.cookie, { expiresAt: hoursFromNow(31 * 24) }),
      400,
      SHRO_MESSAGES.expiryTooFar,
    );
    await expectRejected(
      () => copy(expired.id, creator.cookie, { expiresAt: 'tomorrow' }),
      400,
      SHRO_MESSAGES.expiryInvalid,
    );
    await expectRejected(() => copy(expired.id, creator.cookie, { expiresAt: 3 }), 400, SHRO_MESSAGES.expiryInvalid);
    await expectRejected(() => copy(expired.id, creator.cookie, {}), 400, SHRO_MESSAGES.expiryInvalid);
    await expectRejected(
      () => copy(expired.id, creator.cookie, { expiresAt: null, title: 'New title' }),
      400,
      'Unknown field "title".',
    );
  });
});

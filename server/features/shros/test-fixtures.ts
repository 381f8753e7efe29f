import { count } from 'drizzle-orm';
import sharp from 'sharp';
import type { Shro } from '../../../contract/shros';
import { loadConfig } from '../../config';
import {
  friendships,
  notifications,
  participations,
  reactions,
  shroBoxes,
  shroRecipients,
  shros,
  uploads,
} from '../../db/schema/index';
import { type MultipartFile, multipart } from '../../test/multipart';
import { createSignedInUser, createTestApp, type TestContext } from '../../test/test-app';

/** Test data for the game: friendships, images, and creates through the real API. */

/** The app on a fresh database, with a write limit no test here reaches. */
export function createGameTestApp(): Promise<TestContext> {
  return createTestApp({ rateLimits: { ...loadConfig().rateLimits, writesPerUser: 100_000, writesPerIp: 100_000 } });
}

export async function makeFriends(ctx: TestContext, a: { id: string }, b: { id: string }) {
  const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
  await ctx.database.db.insert(friendships).values({ userLowId: low, userHighId: high });
}

export type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

/** A creator and `n` of their friends, all signed in. */
export async function creatorWithFriends(ctx: TestContext, n: number) {
  const creator = await createSignedInUser(ctx);
  const friends: SignedIn[] = [];
  for (let i = 0; i < n; i++) {
    const friend = await createSignedInUser(ctx);
    await makeFriends(ctx, creator.user, friend.user);
    friends.push(friend);
  }
  return { creator, friends };
}

export const textOptions = (...contents: string[]) => JSON.stringify(contents.map((content) => ({ content })));

/** POST /api/sessions as multipart, like the web form. */
export async function postShro(
  ctx: TestContext,
  cookie: string | undefined,
  fields: Record<string, string | number | boolean | string[] | undefined>,
  files: MultipartFile[] = [],
) {
  const { payload, headers } = await multipart(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/sessions',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

/** A text Shro through the API; fails the test unless it was created. */
export async function createTextShro(
  ctx: TestContext,
  cookie: string,
  fields: Record<string, string | number | boolean | string[] | undefined> = {},
): Promise<Shro> {
  const response = await postShro(ctx, cookie, {
    title: 'Where do we eat?',
    type: 'text',
    textOptions: textOptions('Pizza', 'Sushi', 'Tacos', 'Curry'),
    isShareable: 'true',
    ...fields,
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function getShro(ctx: TestContext, id: string, cookie?: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: cookie ? { cookie } : {} });
}

export async function select(ctx: TestContext, id: string, cookie: string, boxId: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/select`,
    payload: { boxId },
    headers: { cookie },
  });
}

export async function solidPng(width = 64, height = 64, color = { r: 200, g: 40, b: 90 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export const imageFile = (data: Buffer, filename = 'photo.png', type = 'image/png'): MultipartFile => ({
  field: 'images',
  data,
  filename,
  type,
});

/** Row counts of every table a create, select, react or delete may touch. */
export async function gameRowCounts(ctx: TestContext) {
  const { db } = ctx.database;
  const tables = { shros, shroBoxes, shroRecipients, participations, reactions, uploads, notifications };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0]!.n]),
  );
  return Object.fromEntries(entries) as Record<keyof typeof tables, number>;
}

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, or } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Shro } from '../../contract/shro-views';
import { TERMS_VERSION } from '../../contract/terms';
import { filterSafe } from '../../tests/support/filter-safe';
import {
  authSessions,
  friendRequests,
  friendships,
  notifications,
  picks,
  reactions,
  shroBoxes,
  shroRecipients,
  shros,
  uploads,
  userStats,
  users,
} from '../db/schema/index';
import { hashPassword } from '../features/auth/password';
import { insertBlock } from '../features/blocks/queries';
import { insertFriendship } from '../features/friends/queries';
import { grantModerator } from '../features/moderation/queries';
import { type MultipartFile, multipart } from './multipart';
import { createTestApp, type TestContext, withoutWriteLimits } from './test-app';

/**
 * The one vocabulary for test data (docs/decisions/097-one-test-vocabulary.md): users and auth
 * sessions straight in the database, Shros and picks through the real API.
 */

/** A user row as `createUser(ctx, { signedIn: false })` gives it. */
export type TestUser = typeof users.$inferSelect;
/** A user row plus the Cookie header (`shro_sid=…`) of a live auth session. */
export type SignedInUser = TestUser & { cookie: string };
type UserOptions = Partial<typeof users.$inferInsert> & { signedIn?: boolean };

export const TEST_PASSWORD = 'secret123';
let knownHash: Promise<string> | undefined;
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A random username the word filter accepts: random letters and digits sometimes spell a listed
 * word (leetspeak included), and a test that later sends the name through the API would get a 400.
 */
const randomUsername = () => filterSafe(() => `user_${randomUUID().replaceAll('-', '').slice(0, 10)}`);

/**
 * A user in the database (password `TEST_PASSWORD`), signed in unless `signedIn: false`; any
 * column may be given (`username`, `timeZone`, …).
 */
export async function createUser(ctx: TestContext, options?: UserOptions & { signedIn?: true }): Promise<SignedInUser>;
export async function createUser(
  ctx: Pick<TestContext, 'database'>,
  options: UserOptions & { signedIn: false },
): Promise<TestUser>;
export async function createUser(
  ctx: Pick<TestContext, 'database'> & Partial<Pick<TestContext, 'app'>>,
  { signedIn: signIn = true, ...columns }: UserOptions = {},
): Promise<TestUser | SignedInUser> {
  knownHash ??= hashPassword(TEST_PASSWORD);
  const username = columns.username ?? randomUsername();
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      id: randomUUID(),
      email: `${username.toLowerCase()}@example.com`,
      passwordHash: await knownHash,
      // Registered under the current terms, as every new account is; pass `termsAcceptedAt: null` for an older account.
      termsAcceptedAt: new Date(),
      termsVersion: TERMS_VERSION,
      ...columns,
      username,
    })
    .returning();
  if (!signIn) return row!;
  if (!ctx.app) throw new Error('createUser: signing in needs the app');
  return { ...row!, cookie: await signedIn(ctx as TestContext, row!) };
}

/** A new auth session for `user`, made in the database as a login would; returns the Cookie header. */
export async function signedIn(ctx: Pick<TestContext, 'app' | 'database'>, user: { id: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ctx.database.db.insert(authSessions).values({
    id: createHash('sha256').update(token).digest('hex'),
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return `shro_sid=${ctx.app.signCookie(token)}`;
}

/** The `name=value` pair of the auth cookie a response set, for the next request's Cookie header. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'shro_sid');
  if (!cookie) throw new Error(`no auth cookie in response ${response.statusCode}: ${response.body}`);
  return `shro_sid=${cookie.value}`;
}

/** Signs in through the real login call (for tests of login itself); returns the Cookie header. */
export async function logIn(app: FastifyInstance, username: string, password = TEST_PASSWORD): Promise<string> {
  return cookieFrom(await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } }));
}

/** Makes two users friends, straight in the database. */
export async function befriend(ctx: Pick<TestContext, 'database'>, a: { id: string }, b: { id: string }) {
  await insertFriendship(ctx.database.db, a.id, b.id);
}

/** `blocker` blocks `blocked`, straight in the database (the route also ends friendships; this only blocks). */
export async function block(ctx: Pick<TestContext, 'database'>, blocker: { id: string }, blocked: { id: string }) {
  await insertBlock(ctx.database.db, blocker.id, blocked.id);
}

/** What links two users, either way round: the number of friendships (0 or 1) and the pending requests. */
export async function pairLinks(ctx: Pick<TestContext, 'database'>, a: string, b: string) {
  const { db } = ctx.database;
  const friendshipRows = await db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.userLowId, a), eq(friendships.userHighId, b)),
        and(eq(friendships.userLowId, b), eq(friendships.userHighId, a)),
      ),
    );
  const requests = await db
    .select()
    .from(friendRequests)
    .where(
      or(
        and(eq(friendRequests.fromUserId, a), eq(friendRequests.toUserId, b)),
        and(eq(friendRequests.fromUserId, b), eq(friendRequests.toUserId, a)),
      ),
    );
  return { friendships: friendshipRows.length, requests };
}

/** A signed-in creator and `n` signed-in friends of theirs. */
export async function creatorWithFriends(ctx: TestContext, n: number) {
  const creator = await createUser(ctx);
  const friends: SignedInUser[] = [];
  for (let i = 0; i < n; i++) {
    const friend = await createUser(ctx);
    await befriend(ctx, creator, friend);
    friends.push(friend);
  }
  return { creator, friends };
}

type GameWorld<N extends 1 | 2> = [
  TestContext,
  SignedInUser,
  ...(N extends 1 ? [SignedInUser] : [SignedInUser, SignedInUser]),
];

/** The game test files' setup: a fresh app without write limits, a creator and `n` friends, in that order. */
export async function gameWorld<N extends 1 | 2>(n: N): Promise<GameWorld<N>> {
  const ctx = await createTestApp(withoutWriteLimits);
  const { creator, friends } = await creatorWithFriends(ctx, n);
  return [ctx, creator, ...friends] as GameWorld<N>;
}

/** A real PNG of one colour. */
export function png(width = 64, height = width, color = { r: 200, g: 40, b: 90 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** An `images` part of a create form. */
export const imageFile = (data: Buffer, filename = 'photo.png', type = 'image/png'): MultipartFile => ({
  field: 'images',
  data,
  filename,
  type,
});

/** Text options as the web form sends them (a JSON list); a JSON body accepts the same text. */
export const textOptions = (...contents: string[]) => JSON.stringify(contents.map((content) => ({ content })));

type FormFields = Record<string, string | number | boolean | string[] | undefined>;

/** POST /api/sessions as multipart, like the web form; the raw response. */
export async function postShro(
  ctx: TestContext,
  cookie: string | undefined,
  fields: FormFields,
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

/** Lists and objects as JSON text, the rest as the browser's FormData would send it. */
const asFormFields = (body: Record<string, unknown>): FormFields =>
  Object.fromEntries(
    Object.entries(body).map(([name, value]) => [
      name,
      typeof value === 'object' && value !== null ? JSON.stringify(value) : (value as FormFields[string]),
    ]),
  );

/**
 * A Shro through the real API; fails the test unless it was created. Without images it is a
 * JSON body (text, movie, TV or restaurant); with images, the web form's multipart. Defaults: a
 * four-option text Shro "Where do we eat?" shared by link; pass `isShareable: false` with
 * `recipients` for friends only, or `isPublic: true`.
 */
export async function createShro(
  ctx: TestContext,
  cookie: string,
  fields: Record<string, unknown> = {},
  images: Buffer[] = [],
): Promise<Shro> {
  const type = fields.type ?? (images.length ? 'image' : 'text');
  const body = {
    title: 'Where do we eat?',
    type,
    isShareable: true,
    ...(type === 'text' ? { textOptions: textOptions('Pizza', 'Sushi', 'Tacos', 'Curry') } : {}),
    ...fields,
  };
  const response = images.length
    ? await postShro(
        ctx,
        cookie,
        asFormFields(body),
        images.map((data, i) => imageFile(data, `p${i}.png`)),
      )
    : await ctx.app.inject({ method: 'POST', url: '/api/sessions', headers: { cookie }, payload: body });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A bare Shro row (no boxes) straight in the database, for tests that only need one to exist. */
export async function insertShro(
  ctx: Pick<TestContext, 'database'>,
  creatorId: string,
  values: Partial<typeof shros.$inferInsert> = {},
) {
  const [row] = await ctx.database.db
    .insert(shros)
    .values({ id: randomUUID(), title: 'Dinner?', type: 'text', creatorId, ...values })
    .returning();
  return row!;
}

/** An avatar's `uploads` row straight in the database, for tests of what serving its bytes does. */
export async function insertAvatarRow(ctx: Pick<TestContext, 'database'>, ownerId: string, key: string, byteSize = 1) {
  await ctx.database.db
    .insert(uploads)
    .values({ key, ownerId, kind: 'avatar', contentType: 'image/webp', width: 1, height: 1, byteSize });
}

/** GET `url` as the holder of `cookie` (a visitor without one); the raw response. */
export function getAs(ctx: Pick<TestContext, 'app'>, url: string, cookie?: string | null) {
  return ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** GET /api/sessions/:id; the raw response. */
export async function getShro(ctx: TestContext, id: string, cookie?: string) {
  return getAs(ctx, `/api/sessions/${id}`, cookie);
}

/** POST /api/sessions/:id/select with any `boxId`; the raw response. */
export async function select(ctx: TestContext, id: string, cookie: string, boxId: unknown) {
  return ctx.app.inject({ method: 'POST', url: `/api/sessions/${id}/select`, payload: { boxId }, headers: { cookie } });
}

/** Opens the box at `position` (1-4); fails the test unless it was opened; the picker's view. */
export async function pickBox(ctx: TestContext, cookie: string, shro: Shro, position: number): Promise<Shro> {
  const box = shro.boxes.find((b) => b.position === position);
  if (!box) throw new Error(`no box at position ${position}`);
  const response = await select(ctx, shro.id, cookie, box.id);
  if (response.statusCode !== 200) throw new Error(`select failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** POST /api/sessions/:id/share; the raw response. */
export async function share(ctx: TestContext, cookie: string, shroId: string) {
  return ctx.app.inject({ method: 'POST', url: `/api/sessions/${shroId}/share`, headers: { cookie } });
}

/** Row counts of every table a create, select, react or delete may touch. */
export async function gameRowCounts(ctx: Pick<TestContext, 'database'>) {
  const { db } = ctx.database;
  const tables = { shros, shroBoxes, shroRecipients, picks, reactions, uploads, notifications };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0]!.n]),
  );
  return Object.fromEntries(entries) as Record<keyof typeof tables, number>;
}

/** The user's notifications (of one `type` if given), oldest first. */
export async function notificationsOf(ctx: Pick<TestContext, 'database'>, userId: string, type?: string) {
  const mine = eq(notifications.userId, userId);
  return ctx.database.db
    .select()
    .from(notifications)
    .where(type ? and(mine, eq(notifications.type, type)) : mine)
    .orderBy(notifications.id);
}

/** The user's stats row (counters, streak), if any. */
export async function statsRow(ctx: Pick<TestContext, 'database'>, userId: string) {
  const [row] = await ctx.database.db.select().from(userStats).where(eq(userStats.userId, userId));
  return row;
}

/** Sets stats counters directly (test data), as if earlier actions had moved them. */
export async function seedStats(
  ctx: Pick<TestContext, 'database'>,
  userId: string,
  values: Partial<typeof userStats.$inferInsert>,
) {
  await ctx.database.db
    .insert(userStats)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userStats.userId, set: values });
}

/** Grants `user` the moderator role, as `npm run moderator -- add NAME` does. */
export async function makeModerator(ctx: Pick<TestContext, 'database'>, user: { id: string }) {
  await grantModerator(ctx.database.db, user.id);
}

/** POST /api/reports with any body; the raw response. */
export async function report(ctx: TestContext, cookie: string | undefined, body: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: body as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });
}

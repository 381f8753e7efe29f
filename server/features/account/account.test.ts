import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, EXPORT_HTML_NAME, EXPORT_JSON_NAME } from '../../../contract/account';
import type { UserAchievement } from '../../../contract/achievements';
import type { Conversation } from '../../../contract/chat';
import { DELETED_USER_LABEL, isDeletedUsername } from '../../../contract/deleted-user';
import type { Shro } from '../../../contract/shro-views';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import {
  analyticsEvents,
  authSessions,
  messages,
  notifications,
  outbox,
  picks,
  pushSubscriptions,
  reports,
  shros,
  uploads,
  userMutes,
  usernameHolds,
  users,
} from '../../db/schema/index';
import {
  befriend,
  block,
  createShro,
  createUser,
  getShro,
  notificationsOf,
  pickBox,
  png,
  type SignedInUser,
  TEST_PASSWORD,
} from '../../test/factories';
import { multipart } from '../../test/multipart';
import { createTestDatabase, type TestContext } from '../../test/test-app';
import { readZip } from '../../test/zip';
import { sweepOrphanFiles } from '../uploads/orphan-sweep';
import { uploadsDirFor } from '../uploads/storage';

/** GET /api/account/export and DELETE /api/account (docs/decisions/114 and 115). */

let ctx: TestContext;
/** Every JSON log line the app wrote, at debug level: deletion must leave nothing of the person in them. */
const logLines: string[] = [];

beforeAll(async () => {
  const { database, drop } = await createTestDatabase();
  const base = loadConfig({ ...process.env, DATA_DIR: ':memory:', LOG_LEVEL: 'debug', NODE_ENV: 'test' });
  const app = await buildApp({
    config: {
      ...base,
      databaseUrl: undefined,
      webDist: '/nonexistent',
      redisPrefix: `shro-test-${randomUUID().slice(0, 8)}`,
      rateLimits: {
        ...base.rateLimits,
        writesPerUser: 100_000,
        writesPerIp: 100_000,
        loginFailuresPerUsername: 3,
        accountExportsPerUser: 3,
      },
    },
    database,
    closeDatabase: false,
    logStream: { write: (line) => logLines.push(line) },
  });
  await app.ready();
  ctx = {
    app,
    database,
    close: async () => {
      await app.close();
      await drop();
    },
  };
});
afterAll(() => ctx.close());

const exportOf = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: cookie ? { cookie } : {} });
const deleteAccount = (cookie: string | undefined, payload?: unknown) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
/** A page view sent as the web app sends it, signed in (cookie) or as a visitor. */
async function viewPage(path: string, cookie?: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/analytics',
    headers: cookie ? { cookie } : {},
    payload: { events: [{ name: 'page_view', category: 'navigation', path }] },
  });
  expect(response.statusCode, response.body).toBe(202);
}
const storedPaths = async () =>
  (await ctx.database.db.select({ path: analyticsEvents.path }).from(analyticsEvents)).map((row) => row.path);
const send = (from: SignedInUser, to: { id: string }, content: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/chat/send',
    headers: { cookie: from.cookie },
    payload: { recipientId: to.id, content, messageType: 'plain' },
  });
const react = (user: SignedInUser, shroId: string, emoji = '🔥') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/sessions/${shroId}/react`,
    headers: { cookie: user.cookie },
    payload: { emoji },
  });
const requestFriend = (from: SignedInUser, to: { id: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/friends/request',
    headers: { cookie: from.cookie },
    payload: { friendId: to.id },
  });

async function setAvatar(user: SignedInUser): Promise<string> {
  const { payload, headers } = await multipart({ firstName: user.firstName ?? undefined }, [
    { field: 'profileImage', filename: 'me.png', type: 'image/png', data: await png(300, 300) },
  ]);
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    payload,
    headers: { ...headers, cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().profileImageUrl as string;
}

async function uniqueUser(): Promise<SignedInUser> {
  const tag = randomUUID().replaceAll('-', '').slice(0, 8);
  return createUser(ctx, { firstName: `Zeb${tag}`, lastName: `Quill${tag}` });
}

/**
 * Where a value is still stored: every text, varchar and jsonb column of every table, found in
 * the catalogue, so tables added later are searched too. `table.column` for each hit.
 */
async function columnsHolding(value: string): Promise<string[]> {
  const { db } = ctx.database;
  const columns = (
    (await db.execute(sql`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema()
        and data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')
      order by table_name, column_name`)) as unknown as { rows: { table: string; column: string }[] }
  ).rows;
  expect(columns.length).toBeGreaterThan(20);
  const hits: string[] = [];
  for (const { table, column } of columns) {
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where strpos(lower(${sql.identifier(column)}::text), lower(${value})) > 0`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

/** A message meant to run as markup wherever it is not escaped. */
const XSS = '<img src=x onerror="alert(1)">';

describe('GET /api/account/export', () => {
  it('answers 401 to a visitor', async () => {
    const response = await exportOf();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: expect.any(String) });
  });

  it('holds everything about the user and their images, and nothing they could not see in the app', async () => {
    const user = await uniqueUser();
    const friend = await uniqueUser();
    const stranger = await uniqueUser();
    await befriend(ctx, user, friend);
    const avatarUrl = await setAvatar(user);

    // The user's own Shro with images: every box, each pointing at its image in the ZIP.
    const own = await createShro(ctx, user.cookie, { title: 'My pictures', isShareable: true }, [
      await png(80, 80, { r: 10, g: 200, b: 30 }),
      await png(90, 90, { r: 10, g: 20, b: 230 }),
    ]);
    await pickBox(ctx, friend.cookie, own, 1);
    // The friend's Shro the user opened one box of: only that box's content.
    const theirs = await createShro(ctx, friend.cookie, {
      title: 'Secret dinner',
      isShareable: true,
      textOptions: JSON.stringify([
        { content: 'Ramen-A1' },
        { content: 'Ramen-B2' },
        { content: 'Ramen-C3' },
        { content: 'Ramen-D4' },
      ]),
    });
    const opened = await pickBox(ctx, user.cookie, theirs, 2);
    const openedText = opened.boxes.find((b) => b.position === 2)!.textContent!;
    expect((await react(user, theirs.id, '😍')).statusCode).toBe(200);
    // A private Shro sent to the user, not opened: no box content at all.
    const sent = await createShro(ctx, friend.cookie, {
      title: 'Unopened gift',
      isShareable: false,
      recipients: [user.id],
      textOptions: JSON.stringify([
        { content: 'Gift-W' },
        { content: 'Gift-X' },
        { content: 'Gift-Y' },
        { content: 'Gift-Z' },
      ]),
    });
    expect((await send(user, friend, 'hello from me')).statusCode).toBe(201);
    expect((await send(friend, user, 'hello back')).statusCode).toBe(201);
    expect((await send(friend, user, XSS)).statusCode).toBe(201);
    expect((await requestFriend(user, stranger)).statusCode).toBe(201);
    await block(ctx, user, (await uniqueUser()) as { id: string });
    await ctx.database.db.insert(userMutes).values({ userId: user.id, mutedId: stranger.id });
    // The stranger blocked the user: not something the app tells them, so not in their export.
    await block(ctx, stranger, user);
    await ctx.database.db.insert(reports).values({
      reporterId: user.id,
      targetType: 'user',
      targetId: stranger.id,
      targetOwnerId: stranger.id,
      reason: 'spam',
    });

    const response = await exportOf(user.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="shro-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const files = await readZip(response.rawPayload);
    const text = files.get(EXPORT_JSON_NAME)!.toString('utf8');
    const data = JSON.parse(text);

    expect(data.profile).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
    });
    expect(text).not.toContain(user.passwordHash);

    // Own Shro: all four boxes... two image boxes with their files, which are the stored bytes.
    const [created] = data.shrosCreated;
    expect(created.id).toBe(own.id);
    // Other people by username only: the participant's id is gone, the creator (the user) keeps theirs.
    expect(created.participants.map((p: { username: string }) => p.username)).toEqual([friend.username]);
    expect(created.participants[0]).not.toHaveProperty('userId');
    expect(created.creatorId).toBe(user.id);
    const imageBoxes = created.boxes.filter((b: { imageFile: string | null }) => b.imageFile);
    expect(imageBoxes).toHaveLength(2);
    const storedKeys = (await ctx.database.db.select().from(uploads).where(eq(uploads.ownerId, user.id))).map(
      (u) => u.key,
    );
    expect(storedKeys).toHaveLength(3);
    expect(storedKeys).toContain(avatarUrl.split('/').pop());
    for (const key of storedKeys) {
      expect(files.get(`images/${key}.webp`)).toEqual(await ctx.app.uploadStorage.read(key));
    }
    expect(data.images.map((i: { key: string }) => i.key).sort()).toEqual([...storedKeys].sort());

    // Their pick: the opened box only, as the app shows it.
    const [pick] = data.picks;
    expect(pick).toMatchObject({ shroId: theirs.id, boxId: opened.selectedBoxId });
    const pickedBoxes = pick.shro.boxes as Shro['boxes'];
    expect(pickedBoxes.filter((b) => b.textContent !== null).map((b) => b.textContent)).toEqual([openedText]);
    const unopenedTexts = ['Ramen-A1', 'Ramen-B2', 'Ramen-C3', 'Ramen-D4'].filter((t) => t !== openedText);
    for (const hidden of unopenedTexts) expect(text).not.toContain(hidden);
    expect(data.shrosReceivedNotOpened.map((s: Shro) => s.id)).toEqual([sent.id]);
    for (const hidden of ['Gift-W', 'Gift-X', 'Gift-Y', 'Gift-Z']) expect(text).not.toContain(hidden);

    expect(data.reactions).toEqual([expect.objectContaining({ shroId: theirs.id, emoji: '😍' })]);
    expect(data.friends).toEqual([expect.objectContaining({ username: friend.username })]);
    expect(data.friends[0]).not.toHaveProperty('userId');
    expect(data.friendRequests).toEqual([
      expect.objectContaining({ fromUserId: user.id, toUsername: stranger.username }),
    ]);
    expect(data.friendRequests[0]).not.toHaveProperty('toUserId');
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual(['hello from me', 'hello back', XSS]);
    expect(data.messages[0]).toMatchObject({ senderId: user.id, recipientUsername: friend.username });
    expect(data.messages[0]).not.toHaveProperty('recipientId');
    expect(data.notifications.map((n: { type: string }) => n.type)).toEqual(
      expect.arrayContaining(['shro_selected', 'shro_received']),
    );
    expect(data.stats).toMatchObject({ shrosCreated: 1 });
    // Achievements begun or unlocked, as GET /api/achievements shows them (decision 147).
    const achievementsShown = await ctx.app.inject({ url: '/api/achievements', headers: { cookie: user.cookie } });
    const begun = (achievementsShown.json() as UserAchievement[]).filter((a) => a.isUnlocked || a.progress > 0);
    expect(data.achievements).toEqual(
      begun.map((a) => ({
        id: a.id,
        name: a.achievement.name,
        progress: a.progress,
        requirement: a.achievement.requirement,
        unlockedAt: a.unlockedAt,
      })),
    );
    expect(data.achievements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'first-shro', progress: 1, requirement: 1, unlockedAt: expect.any(String) }),
        expect.objectContaining({ id: 'shro-master', progress: 1, requirement: 10, unlockedAt: null }),
      ]),
    );
    const [session] = data.authSessions;
    const [storedSession] = await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(session.id).toBe(storedSession!.publicId);
    expect(text).not.toContain(storedSession!.id);
    expect(data.reportsMade).toEqual([
      expect.objectContaining({ targetType: 'user', targetUsername: stranger.username, reason: 'spam' }),
    ]);
    expect(data.blockedUsers).toHaveLength(1);
    expect(data.mutedUsers).toEqual([expect.objectContaining({ username: stranger.username })]);

    // Never another person's email or id (in either file), nor who blocked them.
    const page = files.get(EXPORT_HTML_NAME)!.toString('utf8');
    for (const other of [friend, stranger]) {
      for (const file of [text, page]) {
        expect(file).not.toContain(other.email);
        expect(file).not.toContain(other.id);
      }
    }
    expect(text).not.toContain('"blockedBy');

    // The page to read: every section, user-written text as text, a policy that runs nothing.
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;');
    expect(page).toContain('<meta name="viewport"');
    expect(page).not.toContain('<script');
    expect(page).not.toContain(XSS);
    expect(page).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(page).toContain('hello from me');
    expect(page).toContain('<h2>Messages</h2>');
    expect(page).toContain(friend.username);
    expect(page).toMatch(/<a href="images\/[0-9a-f]{32}\.webp">/);
  });

  it('streams long histories a page at a time: every message, notification and page view, in order, as one JSON text', async () => {
    const user = await uniqueUser();
    const friend = await uniqueUser();
    const { db } = ctx.database;
    // More than two pages (500 rows each) of each long list, with the other person's rows between.
    const many = 1_234;
    await db.insert(messages).values(
      Array.from({ length: many }, (_, i) => ({
        senderId: i % 2 === 0 ? user.id : friend.id,
        recipientId: i % 2 === 0 ? friend.id : user.id,
        content: `message ${i}`,
      })),
    );
    await db.insert(notifications).values(
      Array.from({ length: many * 2 }, (_, i) => ({
        userId: i % 2 === 0 ? user.id : friend.id,
        type: 'shro_received',
        title: 'New Shro',
        message: `notification ${i}`,
      })),
    );
    await db.insert(analyticsEvents).values(
      Array.from({ length: many }, (_, i) => ({
        userId: user.id,
        name: 'page_view',
        category: 'navigation',
        path: `/p/${i}`,
      })),
    );

    const response = await exportOf(user.cookie);
    expect(response.statusCode).toBe(200);
    const text = (await readZip(response.rawPayload)).get(EXPORT_JSON_NAME)!.toString('utf8');
    const data = JSON.parse(text);
    // Written piece by piece, the same text as the whole document stringified at once.
    expect(text).toBe(JSON.stringify(data, null, 2));
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: many }, (_, i) => `message ${i}`),
    );
    expect(data.notifications.map((n: { message: string }) => n.message)).toEqual(
      Array.from({ length: many }, (_, i) => `notification ${i * 2}`),
    );
    expect(data.analyticsEvents.map((e: { path: string }) => e.path)).toEqual(
      Array.from({ length: many }, (_, i) => `/p/${i}`),
    );
    // The paging id stays out, as before.
    expect(Object.keys(data.analyticsEvents[0])).not.toContain('id');
  });

  it('allows 3 exports per hour per user, then 429 with a message; another user is not affected', async () => {
    const user = await uniqueUser();
    for (let i = 0; i < 3; i++) expect((await exportOf(user.cookie)).statusCode).toBe(200);
    const limited = await exportOf(user.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.', code: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await exportOf((await uniqueUser()).cookie)).statusCode).toBe(200);
  });
});

describe('DELETE /api/account refuses bad input and changes nothing', () => {
  it('answers 401 to a visitor', async () => {
    const response = await deleteAccount(undefined, { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{}, ACCOUNT_MESSAGES.passwordRequired],
    [{ password: '' }, ACCOUNT_MESSAGES.passwordRequired],
    [{ password: 12345678 }, ACCOUNT_MESSAGES.passwordRequired],
    [{ password: 'x'.repeat(300) }, ACCOUNT_MESSAGES.wrongPassword],
    [{ password: 'not-the-password' }, ACCOUNT_MESSAGES.wrongPassword],
    [{ password: TEST_PASSWORD, also: 'this' }, 'Unknown field "also"'],
  ])('%o → 400 %s', async (payload, message) => {
    const user = await uniqueUser();
    const response = await deleteAccount(user.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await me(user.cookie)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ username: user.username, email: user.email, passwordHash: user.passwordHash });
  });

  it('counts wrong passwords against the login limit: after 3, even the right one waits', async () => {
    const user = await uniqueUser();
    for (let i = 0; i < 3; i++)
      expect((await deleteAccount(user.cookie, { password: `wrong-${i}` })).statusCode).toBe(400);
    const limited = await deleteAccount(user.cookie, { password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(429);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });
});

describe('DELETE /api/account', () => {
  it('removes everything that was only theirs, keeps other people\'s history as "deleted user", and leaves no trace of them', async () => {
    const alice = await uniqueUser();
    const bob = await uniqueUser();
    const carol = await uniqueUser();
    await befriend(ctx, alice, bob);
    await setAvatar(alice);
    const aliceShro = await createShro(ctx, alice.cookie, { title: 'Alice pictures', isShareable: true }, [
      await png(70, 70),
      await png(75, 75, { r: 1, g: 2, b: 3 }),
    ]);
    await pickBox(ctx, bob.cookie, aliceShro, 1);
    const bobShro = await createShro(ctx, bob.cookie, { title: 'Bob asks', isPublic: true, isShareable: false });
    await pickBox(ctx, alice.cookie, bobShro, 3);
    expect((await react(alice, bobShro.id)).statusCode).toBe(200);
    expect((await send(alice, bob, 'from alice')).statusCode).toBe(201);
    expect((await send(bob, alice, 'from bob')).statusCode).toBe(201);
    expect((await requestFriend(alice, carol)).statusCode).toBe(201);
    expect((await requestFriend(carol, alice)).statusCode).toBe(201); // crossed requests make friends
    await block(ctx, alice, (await uniqueUser()) as { id: string });
    // Her profile page seen by Bob, by a visitor (any case, a trailing slash) and by herself.
    await viewPage(`/@${alice.username}`, bob.cookie);
    await viewPage(`/@${alice.username.toUpperCase()}/?tab=stats`);
    await viewPage(`/@${alice.username}`, alice.cookie);
    await ctx.database.db.insert(pushSubscriptions).values({
      userId: alice.id,
      endpoint: `https://push.example.com/${alice.id}`,
      p256dh: 'key',
      auth: 'auth',
    });
    await ctx.database.db.insert(reports).values({
      reporterId: alice.id,
      targetType: 'user',
      targetId: carol.id,
      targetOwnerId: carol.id,
      reason: 'spam',
    });
    const aliceKeys = (await ctx.database.db.select().from(uploads).where(eq(uploads.ownerId, alice.id))).map(
      (u) => u.key,
    );
    expect(aliceKeys).toHaveLength(3);
    const countBefore = (await getShro(ctx, bobShro.id, bob.cookie)).json().participantCount;
    const bobNotificationsBefore = await notificationsOf(ctx, bob.id);
    expect(bobNotificationsBefore.some((n) => n.message.includes(`@${alice.username}`))).toBe(true);
    // A password of her own (test users share one hash), set as the app does.
    const password = `alice-own-${randomUUID()}`;
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { cookie: alice.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: password },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [{ passwordHash }] = (await ctx.database.db.select().from(users).where(eq(users.id, alice.id))) as [
      typeof alice,
    ];
    // The username's plain SHA-256 too: a guess could be tested against it (decision 126).
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const secrets = [
      alice.email,
      alice.username,
      alice.firstName!,
      alice.lastName!,
      passwordHash,
      sha256(alice.username.toLowerCase()),
      sha256(alice.username),
    ];

    const response = await deleteAccount(alice.cookie, { password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: true });
    const cleared = response.cookies.find((c) => c.name === 'shro_sid');
    expect(cleared?.value).toBe('');

    // Signed out everywhere, and nobody can sign in to it again.
    expect((await me(alice.cookie)).statusCode).toBe(401);
    expect((await deleteAccount(alice.cookie, { password })).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: alice.username, password },
    });
    expect(login.statusCode).toBe(401);

    // Their Shro and images are gone, for everyone.
    expect((await getShro(ctx, aliceShro.id, bob.cookie)).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(shros).where(eq(shros.creatorId, alice.id))).toEqual([]);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.ownerId, alice.id))).toEqual([]);
    for (const key of aliceKeys) expect(await ctx.app.uploadStorage.read(key)).toBeNull();

    // Bob's chat still reads, with "deleted user" on the other side.
    const conversations: Conversation[] = (
      await ctx.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie: bob.cookie } })
    ).json();
    const withAlice = conversations.find((c) => c.user.id === alice.id)!;
    expect(isDeletedUsername(withAlice.user.username)).toBe(true);
    expect(withAlice.user).toMatchObject({ firstName: null, lastName: null, profileImageUrl: null });
    const chat = await ctx.app.inject({ method: 'GET', url: `/api/chat/${alice.id}`, headers: { cookie: bob.cookie } });
    expect(chat.json().map((m: { content: string }) => m.content)).toEqual(['from alice', 'from bob']);
    // …but no one can write to, befriend or find the tombstone.
    expect((await send(bob, { id: alice.id }, 'are you there?')).statusCode).toBe(403);
    expect((await requestFriend(bob, { id: alice.id })).statusCode).toBe(404);
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/friends/search?q=deleted',
      headers: { cookie: bob.cookie },
    });
    expect(search.json()).toEqual([]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${withAlice.user.username}` })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${alice.username}` })).statusCode).toBe(404);

    // Bob's Shro keeps its pick, reaction and count; the picker is the tombstone.
    const bobView: Shro = (await getShro(ctx, bobShro.id, bob.cookie)).json();
    expect(bobView.participantCount).toBe(countBefore);
    const alicePick = bobView.participants.find((p) => p.userId === alice.id)!;
    expect(isDeletedUsername(alicePick.username)).toBe(true);
    expect(alicePick.reaction).toBe('🔥');
    expect(await ctx.database.db.select().from(picks).where(eq(picks.userId, alice.id))).toHaveLength(1);

    // Bob's notifications about Alice stay, naming "deleted user".
    const bobNotifications = await notificationsOf(ctx, bob.id);
    expect(bobNotifications.length).toBeGreaterThan(0);
    expect(bobNotifications.some((n) => n.message.startsWith(DELETED_USER_LABEL))).toBe(true);
    // Alice's own rows are gone: notifications, sessions, friendships, requests, blocks, push, reports.
    expect(await notificationsOf(ctx, alice.id)).toEqual([]);
    expect(await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, alice.id))).toEqual([]);
    expect(
      await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, alice.id)),
    ).toEqual([]);
    expect(await ctx.database.db.select().from(reports).where(eq(reports.reporterId, alice.id))).toEqual([]);
    const friendsOfCarol = await ctx.app.inject({
      method: 'GET',
      url: '/api/friends',
      headers: { cookie: carol.cookie },
    });
    expect(friendsOfCarol.json()).toEqual([]);

    // The name is held for 30 days, as a keyed hash only.
    expect(await ctx.database.db.select().from(usernameHolds)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: null, usernameHash: ctx.app.nameHash(alice.username) }),
      ]),
    );

    // The page views stay, counted, on a neutral path (columnsHolding below checks every column, any case).
    const paths = await storedPaths();
    expect(paths.filter((path) => path === '/@deleted-user' || path === '/@deleted-user/')).toHaveLength(3);
    // Nothing in any table holds their email, name, username or password hash…
    for (const secret of secrets) expect(await columnsHolding(secret), secret).toEqual([]);
    // …nor any log line written while all this happened.
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of secrets)
      expect(logLines.filter((line) => line.toLowerCase().includes(secret.toLowerCase()))).toEqual([]);
  });

  it("rewrites page views of her profile under a name she gave up recently, and leaves other people's alone", async () => {
    const alice = await uniqueUser();
    const bob = await uniqueUser();
    const earlier = alice.username;
    await viewPage(`/@${earlier}`, bob.cookie);
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/username',
      headers: { cookie: alice.cookie },
      payload: { username: `${earlier}_2` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await viewPage(`/@${earlier}_2`);
    await viewPage(`/%40${earlier}_2`);
    // Other people: a longer name that starts like hers, and Bob's own page.
    await viewPage(`/@${earlier}x`);
    await viewPage(`/@${bob.username}`);
    expect((await deleteAccount(alice.cookie, { password: TEST_PASSWORD })).statusCode).toBe(200);
    const paths = await storedPaths();
    expect(paths).toEqual(expect.arrayContaining([`/@${earlier}x`, `/@${bob.username}`]));
    expect(paths.filter((path) => path?.toLowerCase() === `/@${earlier}`.toLowerCase())).toEqual([]);
    expect(paths.filter((path) => path?.toLowerCase().includes(`${earlier}_2`.toLowerCase()))).toEqual([]);
  });

  it('leaves no image behind when the store fails after the commit: database bytes go with the rows, files are logged and swept', async () => {
    const alice = await uniqueUser();
    await createShro(ctx, alice.cookie, { title: 'Doomed pictures' }, [await png(64, 64), await png(66, 66)]);
    const keys = (await ctx.database.db.select().from(uploads).where(eq(uploads.ownerId, alice.id))).map((u) => u.key);
    expect(keys).toHaveLength(2);
    const storage = ctx.app.uploadStorage;
    const failing = vi.spyOn(storage, 'remove').mockRejectedValue(new Error('EBUSY: resource busy'));
    const linesBefore = logLines.length;
    try {
      expect((await deleteAccount(alice.cookie, { password: TEST_PASSWORD })).statusCode).toBe(200);
    } finally {
      failing.mockRestore();
    }
    if (ctx.database.kind === 'postgres') {
      // upload_blobs rows went in the deletion's own transaction.
      for (const key of keys) expect(await storage.read(key)).toBeNull();
      return;
    }
    const warning = logLines
      .slice(linesBefore)
      .map((line) => JSON.parse(line) as { level: number; msg: string; keys?: string[] })
      .find((line) => line.msg.includes('image files not removed'));
    expect(warning).toMatchObject({ level: 40, keys: expect.arrayContaining(keys) });
    for (const key of keys) expect(await storage.read(key)).not.toBeNull();
    // The next start's sweep (here: as if an hour had passed) removes them.
    const inAnHour = new Date(Date.now() + 61 * 60_000);
    await sweepOrphanFiles(ctx.database.db, uploadsDirFor(ctx.app.config.dataDir), { now: inAnHour });
    for (const key of keys) expect(await storage.read(key)).toBeNull();
  });

  it('effects of her picks still held in the outbox keep neither her name nor her zone', async () => {
    const alice = await uniqueUser();
    const bob = await uniqueUser();
    const shro = await createShro(ctx, bob.cookie, { isPublic: true, isShareable: false });
    // A pick's effects held up (dead-lettered, decision 129), as written with the picker's zone (decision 147).
    const [held] = await ctx.database.db
      .insert(outbox)
      .values({
        kind: 'shro.pick',
        shroId: shro.id,
        payload: { userId: alice.id, username: alice.username, creatorId: bob.id, timeZone: 'Asia/Tokyo', at: 'x' },
        failedAt: new Date(),
      })
      .returning({ id: outbox.id });
    expect((await deleteAccount(alice.cookie, { password: TEST_PASSWORD })).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, held!.id));
    expect(row!.payload).toEqual({ userId: alice.id, username: DELETED_USER_LABEL, creatorId: bob.id, at: 'x' });
    await ctx.database.db.delete(outbox).where(eq(outbox.id, held!.id));
  });

  it('a notification Bob got from Alice is rewritten even when it names her among others', async () => {
    const alice = await uniqueUser();
    const bob = await uniqueUser();
    const [row] = await ctx.database.db
      .insert(notifications)
      .values({
        userId: bob.id,
        type: 'shro_selected',
        title: 'Box opened',
        message: `@someone_else and @${alice.username} opened boxes; @${alice.username}x is another person`,
      })
      .returning();
    expect((await deleteAccount(alice.cookie, { password: TEST_PASSWORD })).statusCode).toBe(200);
    const [after] = await ctx.database.db.select().from(notifications).where(eq(notifications.id, row!.id));
    expect(after!.message).toBe(
      `@someone_else and ${DELETED_USER_LABEL} opened boxes; @${alice.username}x is another person`,
    );
  });
});

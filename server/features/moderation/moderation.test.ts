import { createHash } from 'node:crypto';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplorePage } from '../../../contract/explore';
import {
  MODERATION_MESSAGES,
  type ModerationLogEntry,
  type ModerationQueueItem,
  type ModerationTarget,
} from '../../../contract/moderation';
import type { Shro } from '../../../contract/shro-views';
import {
  appSettings,
  authSessions,
  messages,
  moderationLog,
  reports,
  shroBoxes,
  shros,
  uploads,
  usernameHolds,
  users,
} from '../../db/schema/index';
import {
  befriend,
  createShro,
  createUser,
  getShro,
  logIn,
  makeModerator,
  notificationsOf,
  pickBox,
  png,
  report,
  type SignedInUser,
  signedIn,
  TEST_PASSWORD,
} from '../../test/factories';
import { plansWithoutSeqScans } from '../../test/query-plans';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { MODERATOR_COMMAND_USAGE, runModeratorCommand } from './moderator-command';

let ctx: TestContext;
let moderator: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp({ ...withoutWriteLimits, moderatorUsernames: ['env_mod'] });
  moderator = await createUser(ctx);
  await makeModerator(ctx, moderator);
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as Record<string, unknown> });

const act = (body: Record<string, unknown>, cookie = moderator.cookie) =>
  call('POST', '/api/moderation/actions', cookie, body);

const publicShro = (who: SignedInUser, title = 'Best pizza in town?') =>
  createShro(ctx, who.cookie, { title, isShareable: false, isPublic: true });

const reportCount = async () => (await ctx.database.db.select({ n: count() }).from(reports))[0]!.n;
const logCount = async () => (await ctx.database.db.select({ n: count() }).from(moderationLog))[0]!.n;
const logOf = (targetId: string) =>
  ctx.database.db.select().from(moderationLog).where(eq(moderationLog.targetId, targetId)).orderBy(moderationLog.id);
const moderationOf = async (shroId: string) =>
  (await ctx.database.db.select({ m: shros.moderationStatus }).from(shros).where(eq(shros.id, shroId)))[0]?.m;

async function exploreIds(viewer: SignedInUser, path = '/api/explore') {
  const response = await call('GET', path, viewer.cookie);
  expect(response.statusCode).toBe(200);
  return (response.json() as ExplorePage).items.map((card) => card.id);
}

async function sendMessage(from: SignedInUser, to: SignedInUser, content: string): Promise<number> {
  const [row] = await ctx.database.db
    .insert(messages)
    .values({ senderId: from.id, recipientId: to.id, content })
    .returning({ id: messages.id });
  return row!.id;
}

/** A rejected report: the status, the exact message, and no report row added. */
async function expectRejected(cookie: string | undefined, body: unknown, status: number, message: string) {
  const before = await reportCount();
  const response = await report(ctx, cookie, body);
  expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
  expect(await reportCount()).toBe(before);
}

describe('POST /api/reports', () => {
  it('takes a report of a public Shro, a profile, a message and an image, and thanks the reporter', async () => {
    const [owner, reporter] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const shro = await publicShro(owner);
    const messageId = await sendMessage(owner, reporter, 'you will regret this');
    const avatar = await ctx.database.db
      .insert(uploads)
      .values({
        key: 'a'.repeat(32),
        ownerId: owner.id,
        kind: 'avatar',
        contentType: 'image/webp',
        width: 1,
        height: 1,
        byteSize: 1,
      })
      .returning();
    const bodies = [
      { targetType: 'shro', targetId: shro.id, reason: 'spam' },
      { targetType: 'user', targetId: owner.id, reason: 'harassment', details: '  keeps messaging me  ' },
      { targetType: 'message', targetId: String(messageId), reason: 'violence' },
      { targetType: 'image', targetId: avatar[0]!.key, reason: 'sexual' },
    ];
    for (const body of bodies) {
      const response = await report(ctx, reporter.cookie, body);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ status: 'open', message: "Thanks, we'll review this" });
    }
    const rows = await ctx.database.db.select().from(reports).where(eq(reports.reporterId, reporter.id));
    expect(rows.map((r) => [r.targetType, r.targetOwnerId, r.reason, r.details, r.status])).toEqual([
      ['shro', owner.id, 'spam', null, 'open'],
      ['user', owner.id, 'harassment', 'keeps messaging me', 'open'],
      ['message', owner.id, 'violence', null, 'open'],
      ['image', owner.id, 'sexual', null, 'open'],
    ]);
  });

  it('takes a report of an opened box image of a link Shro, but not of a box nobody showed the reporter', async () => {
    const [owner, reporter] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const images = await Promise.all([png(32, 32, { r: 10, g: 10, b: 200 }), png(32, 32, { r: 200, g: 10, b: 10 })]);
    const shro = await createShro(ctx, owner.cookie, { title: 'Which one?' }, images);
    const view = await pickBox(ctx, reporter.cookie, shro, 1);
    const opened = view.boxes
      .find((b) => b.position === 1)!
      .imageUrl!.split('/')
      .pop()!;
    const creatorView: Shro = (await getShro(ctx, shro.id, owner.cookie)).json();
    const unopened = creatorView.boxes
      .find((b) => b.position === 2)!
      .imageUrl!.split('/')
      .pop()!;
    expect(
      (await report(ctx, reporter.cookie, { targetType: 'image', targetId: opened, reason: 'hate' })).statusCode,
    ).toBe(201);
    await expectRejected(
      reporter.cookie,
      { targetType: 'image', targetId: unopened, reason: 'hate' },
      404,
      'Not found',
    );
    // A link Shro and its opened box are reportable too.
    expect(
      (await report(ctx, reporter.cookie, { targetType: 'shro', targetId: shro.id, reason: 'hate' })).statusCode,
    ).toBe(201);
  });

  it('answers 404 for what the reporter cannot see or what does not exist', async () => {
    const [owner, friend, stranger] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    await befriend(ctx, owner, friend);
    const privateShro = await createShro(ctx, owner.cookie, { isShareable: false, recipients: [friend.id] });
    const theirMessage = await sendMessage(owner, friend, 'between us');
    const cases = [
      { targetType: 'shro', targetId: privateShro.id, reason: 'spam' },
      { targetType: 'shro', targetId: 'no-such-shro', reason: 'spam' },
      { targetType: 'user', targetId: 'no-such-user', reason: 'spam' },
      { targetType: 'message', targetId: String(theirMessage), reason: 'spam' },
      { targetType: 'message', targetId: '99999999', reason: 'spam' },
      { targetType: 'message', targetId: 'abc', reason: 'spam' },
      { targetType: 'message', targetId: '99999999999', reason: 'spam' },
      { targetType: 'image', targetId: 'f'.repeat(32), reason: 'spam' },
      { targetType: 'image', targetId: '../etc/passwd', reason: 'spam' },
    ];
    for (const body of cases) await expectRejected(stranger.cookie, body, 404, 'Not found');
    // The recipient of the private Shro may report it.
    expect(
      (await report(ctx, friend.cookie, { targetType: 'shro', targetId: privateShro.id, reason: 'other' })).statusCode,
    ).toBe(201);
  });

  it('refuses reports of oneself or one own content with 400', async () => {
    const [owner, other] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const shro = await publicShro(owner);
    const messageId = await sendMessage(owner, other, 'hello');
    for (const body of [
      { targetType: 'shro', targetId: shro.id, reason: 'spam' },
      { targetType: 'user', targetId: owner.id, reason: 'spam' },
      { targetType: 'message', targetId: String(messageId), reason: 'spam' },
    ]) {
      await expectRejected(owner.cookie, body, 400, MODERATION_MESSAGES.self);
    }
  });

  it('keeps one open report per reporter per target (409), and takes a new one once it was resolved', async () => {
    const [owner, reporter] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const body = { targetType: 'user', targetId: owner.id, reason: 'spam' };
    expect((await report(ctx, reporter.cookie, body)).statusCode).toBe(201);
    await expectRejected(reporter.cookie, { ...body, reason: 'hate' }, 409, MODERATION_MESSAGES.duplicate);
    expect((await act({ targetType: 'user', targetId: owner.id, action: 'dismiss', reason: 'Fine' })).statusCode).toBe(
      200,
    );
    expect((await report(ctx, reporter.cookie, body)).statusCode).toBe(201);
  });

  it('answers one 409 when the same report races itself', async () => {
    const [owner, reporter] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const body = { targetType: 'user', targetId: owner.id, reason: 'spam' };
    const answers = await Promise.all([1, 2, 3].map(() => report(ctx, reporter.cookie, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const [owner, reporter] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const ok = { targetType: 'user', targetId: owner.id, reason: 'spam' };
    await expectRejected(reporter.cookie, { ...ok, extra: 1 }, 400, 'Unknown field "extra".');
    await expectRejected(
      reporter.cookie,
      { ...ok, reason: 'rude' },
      400,
      'reason must be one of spam, harassment, sexual, violence, hate, self_harm, other',
    );
    await expectRejected(
      reporter.cookie,
      { ...ok, targetType: 'session' },
      400,
      'targetType must be one of shro, user, message, image',
    );
    await expectRejected(
      reporter.cookie,
      { ...ok, details: 'x'.repeat(501) },
      400,
      'details must be at most 500 characters',
    );
    await expectRejected(reporter.cookie, { ...ok, details: 5 }, 400, 'details must be text');
    await expectRejected(reporter.cookie, { ...ok, targetId: '' }, 400, 'targetId is required');
    await expectRejected(reporter.cookie, { targetType: 'user', reason: 'spam' }, 400, 'targetId is required');
    expect((await report(ctx, reporter.cookie, { ...ok, details: 'x'.repeat(500) })).statusCode).toBe(201);
  });

  it('needs a signed-in user (401 whatever the body)', async () => {
    await expectRejected(undefined, { nonsense: true }, 401, 'Unauthorized');
  });
});

describe('the report rate limit', () => {
  it('answers 429 with Retry-After once a user used up their reports', async () => {
    const limited = await createTestApp({
      ...withoutWriteLimits,
      rateLimits: { ...withoutWriteLimits.rateLimits, reportsPerUser: 2 },
    });
    try {
      const reporter = await createUser(limited);
      const targets = await Promise.all([1, 2, 3].map(() => createUser(limited, { signedIn: false })));
      const send = (id: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/reports',
          headers: { cookie: reporter.cookie },
          payload: { targetType: 'user', targetId: id, reason: 'spam' },
        });
      expect((await send(targets[0]!.id)).statusCode).toBe(201);
      expect((await send(targets[1]!.id)).statusCode).toBe(201);
      const refused = await send(targets[2]!.id);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('auto-hide', () => {
  it('takes a public Shro off explore once 3 distinct users reported it, until a moderator restores it', async () => {
    const [owner, viewer, a, b, c] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(ctx)));
    const shro = await publicShro(owner!, 'Reported thrice');
    expect(await exploreIds(viewer!)).toContain(shro.id);
    for (const reporter of [a, b]) {
      expect(
        (await report(ctx, reporter!.cookie, { targetType: 'shro', targetId: shro.id, reason: 'spam' })).statusCode,
      ).toBe(201);
    }
    expect(await moderationOf(shro.id)).toBe('visible');
    expect((await report(ctx, c!.cookie, { targetType: 'shro', targetId: shro.id, reason: 'hate' })).statusCode).toBe(
      201,
    );
    expect(await moderationOf(shro.id)).toBe('auto_hidden');
    expect(await exploreIds(viewer!)).not.toContain(shro.id);
    expect(await exploreIds(viewer!, '/api/explore/trending')).not.toContain(shro.id);
    expect(await exploreIds(viewer!, '/api/explore/search?q=thrice')).not.toContain(shro.id);
    const [entry] = await logOf(shro.id);
    expect(entry).toMatchObject({ moderatorId: 'system', action: 'auto_hide', reason: 'Reported by 3 people' });
    // Its creator sees why it is off explore; nobody else sees anything of it.
    expect(((await getShro(ctx, shro.id, owner!.cookie)).json() as Shro).moderation).toBe('auto_hidden');
    expect(((await getShro(ctx, shro.id, viewer!.cookie)).json() as Shro).moderation).toBeNull();

    expect(
      (await act({ targetType: 'shro', targetId: shro.id, action: 'restore', reason: 'Just a pizza poll' })).json(),
    ).toEqual({
      success: true,
      action: 'restore',
      resolvedReports: 3,
    });
    expect(await exploreIds(viewer!)).toContain(shro.id);
    for (const reporter of [a, b, c]) {
      const [note] = await notificationsOf(ctx, reporter!.id, 'report_outcome');
      expect(note?.message).toBe(
        'We reviewed your report of the Shro "Reported thrice" and found no violation of our rules.',
      );
    }
    const [ownerNote] = await notificationsOf(ctx, owner!.id, 'moderation_action');
    expect(ownerNote?.message).toBe('Moderators reviewed your Shro "Reported thrice": it is listed on explore again.');
  });

  it('puts an auto-hidden Shro back on explore when a moderator dismisses its reports', async () => {
    const [owner, viewer, a, b, c] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(ctx)));
    const shro = await publicShro(owner!, 'Dismissed thrice');
    for (const reporter of [a, b, c])
      await report(ctx, reporter!.cookie, { targetType: 'shro', targetId: shro.id, reason: 'spam' });
    expect(await moderationOf(shro.id)).toBe('auto_hidden');
    const answer = await act({ targetType: 'shro', targetId: shro.id, action: 'dismiss', reason: 'Nothing wrong' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await moderationOf(shro.id)).toBe('visible');
    expect(await exploreIds(viewer!)).toContain(shro.id);
  });

  it('counts distinct reporters on public Shros only', async () => {
    const [owner, a, b, c] = await Promise.all([1, 2, 3, 4].map(() => createUser(ctx)));
    const link = await createShro(ctx, owner!.cookie, { title: 'A link' });
    for (const reporter of [a, b, c]) {
      await report(ctx, reporter!.cookie, { targetType: 'shro', targetId: link.id, reason: 'spam' });
    }
    expect(await moderationOf(link.id)).toBe('visible');
  });
});

describe('moderators', () => {
  const moderationGets = (shroId: string) => [
    '/api/moderation/me',
    '/api/moderation/queue',
    `/api/moderation/targets/shro/${shroId}`,
    '/api/moderation/log',
    `/api/moderation/images/${'a'.repeat(32)}`,
  ];

  it('answers 404 to every signed-in user who is not a moderator, 401 to visitors, and writes nothing', async () => {
    const [user, owner] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const shro = await publicShro(owner);
    const logBefore = await logCount();
    for (const url of moderationGets(shro.id)) {
      expect((await call('GET', url, user.cookie)).statusCode).toBe(404);
      expect((await call('GET', url)).statusCode).toBe(401);
    }
    const attempt = await act({ targetType: 'shro', targetId: shro.id, action: 'hide', reason: 'x' }, user.cookie);
    expect({ status: attempt.statusCode, body: attempt.json() }).toEqual({
      status: 404,
      body: { message: 'Not found', code: expect.any(String) },
    });
    expect(await moderationOf(shro.id)).toBe('visible');
    expect(await logCount()).toBe(logBefore);
  });

  it('counts users named in MODERATOR_USERNAMES, whatever the case, and those granted by the command', async () => {
    const named = await createUser(ctx, { username: 'Env_Mod' });
    expect((await call('GET', '/api/moderation/me', named.cookie)).json()).toEqual({ isModerator: true });
    // The claim is kept under the name's keyed hash, never one a guess could test (decision 126).
    const settings = JSON.stringify(await ctx.database.db.select().from(appSettings));
    expect(settings).not.toContain(createHash('sha256').update('env_mod').digest('hex'));
    expect(settings).toContain(`moderator-claim:${ctx.app.nameHash('env_mod')}`);
    expect((await call('GET', '/api/moderation/me', moderator.cookie)).statusCode).toBe(200);
    // The name stays with the account that first held it: renamed, it is no moderator, and
    // whoever takes the name afterwards is not one either (decision 106).
    const renamed = await call('PUT', '/api/auth/username', named.cookie, { username: 'moved_on' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The 30-day hold on the released name has run out.
    await ctx.database.db.delete(usernameHolds);
    const squatter = await createUser(ctx, { username: 'ENV_MOD' });
    expect((await call('GET', '/api/moderation/me', squatter.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/moderation/me', named.cookie)).statusCode).toBe(404);
  });

  it('lists open reports grouped by target, with distinct reporters, reasons, age and a preview, and Shros waiting for approval', async () => {
    const [owner, a, b] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    const shro = await publicShro(owner, 'Grouped target');
    await report(ctx, a.cookie, { targetType: 'shro', targetId: shro.id, reason: 'spam' });
    await report(ctx, b.cookie, { targetType: 'shro', targetId: shro.id, reason: 'hate', details: 'slur in box 2' });
    const pending = await publicShro(owner, 'Waiting for a look');
    await ctx.database.db.update(shros).set({ moderationStatus: 'pending_review' }).where(eq(shros.id, pending.id));

    const queue: ModerationQueueItem[] = (await call('GET', '/api/moderation/queue', moderator.cookie)).json();
    const grouped = queue.find((item) => item.targetId === shro.id);
    expect(grouped).toMatchObject({
      targetType: 'shro',
      owner: { id: owner.id, username: owner.username },
      reporterCount: 2,
      reasons: ['hate', 'spam'],
      preview: 'Grouped target',
      moderationStatus: 'visible',
      gone: false,
    });
    expect(Date.now() - Date.parse(grouped!.oldestAt)).toBeLessThan(60_000);
    expect(queue.find((item) => item.targetId === pending.id)).toMatchObject({
      reporterCount: 0,
      reasons: [],
      moderationStatus: 'pending_review',
    });
    // Never who reported.
    expect(JSON.stringify(queue)).not.toContain(a.id);
    expect(JSON.stringify(queue)).not.toContain(a.username);
  });

  it('shows a reported Shro with every box to a moderator and writes the view to the audit log', async () => {
    const [owner, a] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const shro = await publicShro(owner, 'Boxes inside');
    await report(ctx, a.cookie, { targetType: 'shro', targetId: shro.id, reason: 'other', details: 'look at box 3' });
    const response = await call('GET', `/api/moderation/targets/shro/${shro.id}`, moderator.cookie);
    expect(response.statusCode).toBe(200);
    const target: ModerationTarget = response.json();
    expect(target.shro?.boxes.map((b) => b.textContent)).toEqual(['Pizza', 'Sushi', 'Tacos', 'Curry']);
    expect(target.reports).toEqual([{ reason: 'other', details: 'look at box 3', createdAt: expect.any(String) }]);
    expect(JSON.stringify(target)).not.toContain(a.id);
    const entries = await logOf(shro.id);
    expect(entries.at(-1)).toMatchObject({ moderatorId: moderator.id, action: 'view', targetType: 'shro' });
  });

  it('lets a moderator see the images of a reported Shro; nobody else reaches them there', async () => {
    const [owner, a] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const shro = await createShro(ctx, owner.cookie, { title: 'Pics' }, [
      await png(24, 24),
      await png(24, 24, { r: 1, g: 2, b: 3 }),
    ]);
    await report(ctx, a.cookie, { targetType: 'shro', targetId: shro.id, reason: 'sexual' });
    const target: ModerationTarget = (
      await call('GET', `/api/moderation/targets/shro/${shro.id}`, moderator.cookie)
    ).json();
    const url = target.shro!.boxes.find((b) => b.imageUrl)!.imageUrl!;
    expect(url).toMatch(/^\/api\/moderation\/images\/[0-9a-f]{32}$/);
    const key = url.split('/').at(-1)!;
    const image = await call('GET', url, moderator.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    // Each look at an image is a content view in the audit log.
    expect((await logOf(key)).at(-1)).toMatchObject({ moderatorId: moderator.id, action: 'view', targetType: 'image' });
    const logBefore = await logCount();
    expect((await call('GET', url, owner.cookie)).statusCode).toBe(404);
    expect(await logCount()).toBe(logBefore);
  });

  it('reaches only content in review: an unreported chat, private Shro, profile or image is 404, unlogged, and cannot be acted on', async () => {
    const [owner, friend] = await Promise.all([createUser(ctx), createUser(ctx)]);
    await befriend(ctx, owner, friend);
    const privateShro = await createShro(ctx, owner.cookie, { isShareable: false, recipients: [friend.id] }, [
      await png(20, 20),
      await png(20, 20, { r: 4, g: 5, b: 6 }),
    ]);
    const [image] = await ctx.database.db.select().from(uploads).where(eq(uploads.ownerId, owner.id));
    const messageId = await sendMessage(owner, friend, 'between the two of us');
    const publicOne = await publicShro(owner, 'Nobody complained');
    const logBefore = await logCount();
    const unreported: [string, string][] = [
      ['shro', privateShro.id],
      ['shro', publicOne.id],
      ['message', String(messageId)],
      ['user', owner.id],
      ['image', image!.key],
    ];
    for (const [type, id] of unreported) {
      const view = await call('GET', `/api/moderation/targets/${type}/${id}`, moderator.cookie);
      expect({ type, status: view.statusCode, body: view.json() }).toEqual({
        type,
        status: 404,
        body: { message: 'Not found', code: expect.any(String) },
      });
      const action = type === 'user' ? 'suspend' : 'delete';
      const acted = await act({ targetType: type, targetId: id, action, reason: 'Just looking' });
      expect({ type, status: acted.statusCode, body: acted.json() }).toEqual({
        type,
        status: 404,
        body: { message: 'Not found', code: expect.any(String) },
      });
    }
    const picture = await call('GET', `/api/moderation/images/${image!.key}`, moderator.cookie);
    expect({ status: picture.statusCode, body: picture.json() }).toEqual({
      status: 404,
      body: { message: 'Not found', code: expect.any(String) },
    });
    expect((await call('GET', `/api/moderation/images/${'f'.repeat(32)}`, moderator.cookie)).statusCode).toBe(404);
    // Nothing was looked at nor changed.
    expect(await logCount()).toBe(logBefore);
    expect((await getShro(ctx, privateShro.id, friend.cookie)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(messages).where(eq(messages.id, messageId))).toHaveLength(1);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.key, image!.key))).toHaveLength(1);
    expect((await call('GET', '/api/auth/user', owner.cookie)).statusCode).toBe(200);

    // Once the friend reports the Shro, it is in review: its boxes and their images.
    expect(
      (await report(ctx, friend.cookie, { targetType: 'shro', targetId: privateShro.id, reason: 'other' })).statusCode,
    ).toBe(201);
    expect((await call('GET', `/api/moderation/targets/shro/${privateShro.id}`, moderator.cookie)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/moderation/images/${image!.key}`, moderator.cookie)).statusCode).toBe(200);
    // Its owner may now be acted on (the owner of reported content); the chat stays out of reach.
    expect((await call('GET', `/api/moderation/targets/user/${owner.id}`, moderator.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/moderation/targets/message/${messageId}`, moderator.cookie)).statusCode).toBe(404);
  });

  it('keeps within reach, without a report, a suspended account (to lift it) and a Shro moderators hid (to restore it)', async () => {
    const owner = await createUser(ctx);
    const shro = await publicShro(owner, 'Hidden without a report');
    await ctx.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 3600_000), suspensionReason: 'Old case' })
      .where(eq(users.id, owner.id));
    await ctx.database.db.update(shros).set({ moderationStatus: 'hidden' }).where(eq(shros.id, shro.id));
    expect((await call('GET', `/api/moderation/targets/user/${owner.id}`, moderator.cookie)).statusCode).toBe(200);
    expect(
      (await act({ targetType: 'user', targetId: owner.id, action: 'unsuspend', reason: 'Appeal' })).statusCode,
    ).toBe(200);
    expect((await act({ targetType: 'shro', targetId: shro.id, action: 'restore', reason: 'Fine' })).statusCode).toBe(
      200,
    );
    expect(await moderationOf(shro.id)).toBe('visible');
    // Lifted and restored, neither is in review any more.
    expect((await call('GET', `/api/moderation/targets/user/${owner.id}`, moderator.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/moderation/targets/shro/${shro.id}`, moderator.cookie)).statusCode).toBe(404);
  });

  it('hides a Shro: off explore, its creator sees it, reporters and creator are told, the log says who and why', async () => {
    const [owner, viewer, a] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    const shro = await publicShro(owner, 'Rude poll');
    await report(ctx, a.cookie, { targetType: 'shro', targetId: shro.id, reason: 'harassment' });
    const response = await act({
      targetType: 'shro',
      targetId: shro.id,
      action: 'hide',
      reason: 'Insults in the boxes',
    });
    expect(response.json()).toEqual({ success: true, action: 'hide', resolvedReports: 1 });
    expect(await exploreIds(viewer)).not.toContain(shro.id);
    expect(((await getShro(ctx, shro.id, owner.cookie)).json() as Shro).moderation).toBe('hidden');
    const [reporterNote] = await notificationsOf(ctx, a.id, 'report_outcome');
    expect(reporterNote?.message).toBe(
      'We reviewed your report of the Shro "Rude poll" and hid it from explore. Thank you for helping keep Shro safe.',
    );
    const [ownerNote] = await notificationsOf(ctx, owner.id, 'moderation_action');
    expect(ownerNote).toMatchObject({
      title: 'Your Shro was hidden by moderators',
      message: 'Moderators hid your Shro "Rude poll" from explore. Reason: Insults in the boxes',
      actorId: null,
    });
    expect(ownerNote!.message).not.toContain(a.username);
    const log: ModerationLogEntry[] = (await call('GET', '/api/moderation/log', moderator.cookie)).json();
    expect(log.find((e) => e.targetId === shro.id && e.action === 'hide')).toMatchObject({
      moderator: { id: moderator.id, username: moderator.username },
      reason: 'Insults in the boxes',
    });
    const [stored] = await ctx.database.db.select().from(reports).where(eq(reports.targetId, shro.id));
    expect(stored).toMatchObject({ status: 'resolved', resolution: 'hide', resolvedAt: expect.any(Date) });
  });

  it('approves a public Shro the word filter held back', async () => {
    const [owner, viewer] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const shro = await publicShro(owner, 'Held back');
    await ctx.database.db.update(shros).set({ moderationStatus: 'pending_review' }).where(eq(shros.id, shro.id));
    expect(await exploreIds(viewer)).not.toContain(shro.id);
    expect(
      (await act({ targetType: 'shro', targetId: shro.id, action: 'approve', reason: 'Harmless' })).statusCode,
    ).toBe(200);
    expect(await exploreIds(viewer)).toContain(shro.id);
  });

  it('deletes a Shro, a message and an image; the owner is told, reporters hear it was removed', async () => {
    const [owner, a, b] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    const shro = await publicShro(owner, 'To be removed');
    const messageId = await sendMessage(owner, a, 'threat');
    const withImage = await createShro(ctx, owner.cookie, { title: 'Image' }, [
      await png(20, 20),
      await png(20, 20, { r: 1, g: 2, b: 3 }),
    ]);
    const key = (await ctx.database.db.select().from(uploads).where(eq(uploads.ownerId, owner.id)))[0]!.key;
    await report(ctx, a.cookie, { targetType: 'message', targetId: String(messageId), reason: 'violence' });
    // The Shros are in review through b's reports (the image as one of a reported Shro's boxes).
    for (const reported of [shro, withImage])
      await report(ctx, b.cookie, { targetType: 'shro', targetId: reported.id, reason: 'spam' });

    for (const [targetType, targetId] of [
      ['shro', shro.id],
      ['message', String(messageId)],
      ['image', key],
    ] as const) {
      const response = await act({ targetType, targetId, action: 'delete', reason: 'Breaks the rules' });
      expect(response.statusCode).toBe(200);
    }
    expect(await moderationOf(shro.id)).toBeUndefined();
    expect(await ctx.database.db.select().from(messages).where(eq(messages.id, messageId))).toEqual([]);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
    const after: Shro = (await getShro(ctx, withImage.id, owner.cookie)).json();
    expect(after.boxes.some((b) => b.imageUrl?.includes(key))).toBe(false);
    const notes = (await notificationsOf(ctx, owner.id, 'moderation_action')).map((n) => n.message);
    expect(notes).toEqual([
      'Moderators removed your Shro "To be removed". Reason: Breaks the rules',
      'Moderators removed a message you sent. Reason: Breaks the rules',
      'Moderators removed an image you uploaded. Reason: Breaks the rules',
    ]);
    expect((await notificationsOf(ctx, a.id, 'report_outcome'))[0]?.message).toBe(
      'We reviewed your report of a message and removed it. Thank you for helping keep Shro safe.',
    );
  });

  it('suspends a user: every session ends, sign-in says why and until when, public Shros leave explore; lifting it undoes that', async () => {
    const [owner, viewer, a] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    const shro = await publicShro(owner, 'By a soon suspended user');
    const secondDevice = await logIn(ctx.app, owner.username);
    await report(ctx, a.cookie, { targetType: 'user', targetId: owner.id, reason: 'harassment' });
    const until = new Date(Date.now() + 7 * 24 * 3600_000);
    const response = await act({
      targetType: 'user',
      targetId: owner.id,
      action: 'suspend',
      reason: 'Harassing people in chat',
      until: until.toISOString(),
    });
    expect(response.json()).toEqual({ success: true, action: 'suspend', resolvedReports: 1 });
    for (const cookie of [owner.cookie, secondDevice]) {
      expect((await call('GET', '/api/auth/user', cookie)).statusCode).toBe(401);
    }
    expect(await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, owner.id))).toEqual([]);
    const login = await call('POST', '/api/login', undefined, { username: owner.username, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(
      `Your account is suspended until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC. Reason: Harassing people in chat`,
    );
    // A wrong password learns nothing about the suspension.
    const wrong = await call('POST', '/api/login', undefined, { username: owner.username, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(await exploreIds(viewer)).not.toContain(shro.id);
    expect((await notificationsOf(ctx, a.id, 'report_outcome'))[0]?.message).toBe(
      `We reviewed your report of @${owner.username} and suspended the account. Thank you for helping keep Shro safe.`,
    );
    const target: ModerationTarget = (
      await call('GET', `/api/moderation/targets/user/${owner.id}`, moderator.cookie)
    ).json();
    expect(target.user).toMatchObject({ suspendedUntil: until.toISOString(), suspendedForGood: false });

    expect(
      (await act({ targetType: 'user', targetId: owner.id, action: 'unsuspend', reason: 'Appeal accepted' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/login', undefined, { username: owner.username, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    expect(await exploreIds(viewer)).toContain(shro.id);
    const notes = (await notificationsOf(ctx, owner.id, 'moderation_action')).map((n) => n.title);
    expect(notes).toEqual(['Your account was suspended', 'Your account suspension was lifted']);
  });

  it("hides a suspended user's public content from everyone else while it lasts; lifting it brings it all back", async () => {
    const [owner, friend, viewer] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    await befriend(ctx, owner, friend);
    const publicOne = await publicShro(owner, 'Public while suspended');
    const linkOne = await createShro(ctx, owner.cookie, { title: 'Link while suspended' }, [
      await png(20, 20),
      await png(20, 20, { r: 4, g: 5, b: 6 }),
    ]);
    const privateOne = await createShro(ctx, owner.cookie, { isShareable: false, recipients: [friend.id] }, [
      await png(22, 22),
      await png(22, 22, { r: 7, g: 8, b: 9 }),
    ]);
    const imageBoxOf = async (shro: Shro) => {
      const [box] = await ctx.database.db
        .select({ position: shroBoxes.position, key: shroBoxes.imageKey })
        .from(shroBoxes)
        .where(and(eq(shroBoxes.shroId, shro.id), isNotNull(shroBoxes.imageKey)))
        .orderBy(shroBoxes.position)
        .limit(1);
      return box!;
    };
    const [linkImage, privateImage] = [await imageBoxOf(linkOne), await imageBoxOf(privateOne)];
    // The viewer played the link one (it is in their history), the friend the private one: each
    // opened a box with an image.
    await pickBox(ctx, viewer.cookie, linkOne, linkImage.position);
    await pickBox(ctx, friend.cookie, privateOne, privateImage.position);
    const key = 'c'.repeat(32);
    const avatar = await png(8, 8);
    await ctx.app.uploadStorage.save(key, avatar);
    await ctx.database.db.insert(uploads).values({
      key,
      ownerId: owner.id,
      kind: 'avatar',
      contentType: 'image/png',
      width: 8,
      height: 8,
      byteSize: avatar.length,
    });
    await ctx.database.db
      .update(users)
      .set({ profileImageUrl: `/api/uploads/${key}` })
      .where(eq(users.id, owner.id));

    const historyIds = async () =>
      (
        (await call('GET', '/api/sessions?tab=received', viewer.cookie)).json() as { items: { id: string }[] }
      ).items.map((item) => item.id);
    const statuses = async () => ({
      profileVisitor: (await call('GET', `/api/users/profile/${owner.username}`)).statusCode,
      profileUser: (await call('GET', `/api/users/profile/${owner.username}`, viewer.cookie)).statusCode,
      stats: (await call('GET', `/api/users/stats/${owner.id}`, viewer.cookie)).statusCode,
      achievements: (await call('GET', `/api/users/achievements/${owner.id}`)).statusCode,
      publicVisitor: (await getShro(ctx, publicOne.id)).statusCode,
      publicUser: (await getShro(ctx, publicOne.id, viewer.cookie)).statusCode,
      link: (await getShro(ctx, linkOne.id, viewer.cookie)).statusCode,
      privateForRecipient: (await getShro(ctx, privateOne.id, friend.cookie)).statusCode,
      linkImage: (await call('GET', `/api/uploads/${linkImage.key}`, viewer.cookie)).statusCode,
      privateImageForRecipient: (await call('GET', `/api/uploads/${privateImage.key}`, friend.cookie)).statusCode,
      avatarVisitor: (await call('GET', `/api/uploads/${key}`)).statusCode,
      avatarUser: (await call('GET', `/api/uploads/${key}`, friend.cookie)).statusCode,
    });
    const visible = {
      profileVisitor: 200,
      profileUser: 200,
      stats: 200,
      achievements: 200,
      publicVisitor: 200,
      publicUser: 200,
      link: 200,
      privateForRecipient: 200,
      linkImage: 200,
      privateImageForRecipient: 200,
      avatarVisitor: 200,
      avatarUser: 200,
    };
    expect(await statuses()).toEqual(visible);
    expect(await historyIds()).toContain(linkOne.id);

    await report(ctx, viewer.cookie, { targetType: 'user', targetId: owner.id, reason: 'spam' });
    expect(
      (await act({ targetType: 'user', targetId: owner.id, action: 'suspend', reason: 'Spam links' })).statusCode,
    ).toBe(200);
    expect(await statuses()).toEqual({
      ...visible,
      profileVisitor: 404,
      profileUser: 404,
      stats: 404,
      achievements: 404,
      publicVisitor: 404,
      publicUser: 404,
      link: 404,
      linkImage: 404,
      avatarVisitor: 404,
      avatarUser: 404,
    });
    // The same answers as for nobody at all.
    expect((await call('GET', `/api/users/profile/${owner.username}`)).json()).toEqual({
      message: 'User not found',
      code: expect.any(String),
    });
    expect((await getShro(ctx, publicOne.id)).json()).toEqual(
      (await getShro(ctx, 'no-such-shro-at-all')).json() as unknown,
    );
    expect(await historyIds()).not.toContain(linkOne.id);
    // Its owner would still see their own Shro (signed out by the suspension, so only in principle).
    expect((await getShro(ctx, publicOne.id, await signedIn(ctx, owner))).statusCode).toBe(200);

    expect(
      (await act({ targetType: 'user', targetId: owner.id, action: 'unsuspend', reason: 'Appeal' })).statusCode,
    ).toBe(200);
    expect(await statuses()).toEqual(visible);
    expect(await historyIds()).toContain(linkOne.id);

    // A suspension that ran out by itself hides nothing either.
    await ctx.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, owner.id));
    ctx.app.shroCache.clear();
    expect(await statuses()).toEqual(visible);
  });

  it('suspends for good without an end date, and ends once an end date passed', async () => {
    const [user, a] = await Promise.all([createUser(ctx), createUser(ctx)]);
    await report(ctx, a.cookie, { targetType: 'user', targetId: user.id, reason: 'spam' });
    expect(
      (await act({ targetType: 'user', targetId: user.id, action: 'suspend', reason: 'Spam bot' })).statusCode,
    ).toBe(200);
    const login = await call('POST', '/api/login', undefined, { username: user.username, password: TEST_PASSWORD });
    expect({ status: login.statusCode, message: login.json().message }).toEqual({
      status: 403,
      message: 'Your account has been suspended permanently. Reason: Spam bot',
    });
    await ctx.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expect(
      (await call('POST', '/api/login', undefined, { username: user.username, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('refuses wrong actions with a clear 400 or 404 and changes nothing', async () => {
    const [owner, other] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const shro = await publicShro(owner);
    // In review, so that what is refused is the action itself.
    for (const [targetType, targetId] of [
      ['shro', shro.id],
      ['user', owner.id],
      ['user', moderator.id],
    ])
      expect((await report(ctx, other.cookie, { targetType, targetId, reason: 'spam' })).statusCode).toBe(201);
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { targetType: 'shro', targetId: shro.id, action: 'suspend', reason: 'x' },
        400,
        'The action "suspend" does not apply to a shro',
      ],
      [
        { targetType: 'user', targetId: owner.id, action: 'hide', reason: 'x' },
        400,
        'The action "hide" does not apply to a user',
      ],
      [{ targetType: 'shro', targetId: shro.id, action: 'hide' }, 400, 'A reason is required'],
      [{ targetType: 'shro', targetId: shro.id, action: 'hide', reason: '   ' }, 400, 'A reason is required'],
      [
        { targetType: 'shro', targetId: shro.id, action: 'ban', reason: 'x' },
        400,
        'action must be one of dismiss, hide, restore, approve, delete, suspend, unsuspend',
      ],
      [
        { targetType: 'shro', targetId: shro.id, action: 'hide', reason: 'x', until: '2999-01-01T00:00:00Z' },
        400,
        'Only a suspension takes an end date',
      ],
      [
        { targetType: 'user', targetId: owner.id, action: 'suspend', reason: 'x', until: '2001-01-01T00:00:00Z' },
        400,
        'The suspension must end in the future',
      ],
      [
        { targetType: 'user', targetId: owner.id, action: 'suspend', reason: 'x', until: 'tomorrow' },
        400,
        'until must be an ISO 8601 date and time',
      ],
      [
        { targetType: 'user', targetId: moderator.id, action: 'suspend', reason: 'x' },
        400,
        'A moderator cannot be suspended',
      ],
      [
        { targetType: 'shro', targetId: shro.id, action: 'hide', reason: 'x', extra: true },
        400,
        'Unknown field "extra".',
      ],
      [{ targetType: 'shro', targetId: 'gone', action: 'hide', reason: 'x' }, 404, 'Not found'],
      [{ targetType: 'message', targetId: '123456789', action: 'delete', reason: 'x' }, 404, 'Not found'],
    ];
    const logBefore = await logCount();
    for (const [body, status, message] of cases) {
      const response = await act(body);
      expect({ body, status: response.statusCode, message: response.json().message }).toEqual({
        body,
        status,
        message,
      });
    }
    expect(await logCount()).toBe(logBefore);
    expect(await moderationOf(shro.id)).toBe('visible');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.suspendedUntil).toBeNull();
    expect(other.suspendedUntil).toBeNull();
  });

  it('keeps the audit log append-only: no route changes it and the database refuses updates and deletes', async () => {
    expect((await call('GET', '/api/moderation/log', moderator.cookie)).statusCode).toBe(200);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect((await call(method, '/api/moderation/log', moderator.cookie, {})).statusCode).toBe(404);
    }
    const before = await logCount();
    expect(before).toBeGreaterThan(0);
    await expect(ctx.database.db.execute(sql`update moderation_log set reason = 'rewritten'`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from moderation_log`)).rejects.toThrow();
    expect(await logCount()).toBe(before);
    const rewritten = await ctx.database.db.select().from(moderationLog).where(eq(moderationLog.reason, 'rewritten'));
    expect(rewritten).toEqual([]);
  });
});

describe('an action and its audit entry', () => {
  /** Makes every audit entry whose reason starts with "fail-audit" fail, as a broken log write would. */
  async function withFailingAuditLog(run: () => Promise<void>) {
    const { db } = ctx.database;
    await db.execute(sql`create function fail_audit_for_test() returns trigger language plpgsql as $$
      begin
        if new.reason like 'fail-audit%' then raise exception 'audit log unavailable'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger fail_audit_for_test before insert on moderation_log for each row execute function fail_audit_for_test()`,
    );
    try {
      await run();
    } finally {
      await db.execute(sql`drop trigger fail_audit_for_test on moderation_log`);
      await db.execute(sql`drop function fail_audit_for_test()`);
    }
  }

  it('stand or fall together: when the entry cannot be written, nothing of the action remains', async () => {
    const [owner, viewer, a] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    const shro = await publicShro(owner, 'Kept whole');
    const withImages = await createShro(ctx, owner.cookie, { title: 'Pictures kept', isPublic: true }, [
      await png(24, 24),
      await png(24, 24, { r: 9, g: 8, b: 7 }),
    ]);
    const [image] = await ctx.database.db.select().from(uploads).where(eq(uploads.ownerId, owner.id));
    const messageId = await sendMessage(owner, a, 'still here');
    for (const body of [
      { targetType: 'shro', targetId: shro.id, reason: 'spam' },
      { targetType: 'shro', targetId: withImages.id, reason: 'sexual' },
      { targetType: 'user', targetId: owner.id, reason: 'harassment' },
      { targetType: 'message', targetId: String(messageId), reason: 'violence' },
    ])
      expect((await report(ctx, a.cookie, body)).statusCode).toBe(201);
    const sessionsBefore = await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, owner.id));
    const logBefore = await logCount();

    await withFailingAuditLog(async () => {
      for (const body of [
        { targetType: 'shro', targetId: shro.id, action: 'hide', reason: 'fail-audit hide' },
        { targetType: 'shro', targetId: withImages.id, action: 'delete', reason: 'fail-audit delete' },
        { targetType: 'user', targetId: owner.id, action: 'suspend', reason: 'fail-audit suspend' },
        { targetType: 'message', targetId: String(messageId), action: 'delete', reason: 'fail-audit message' },
        { targetType: 'image', targetId: image!.key, action: 'delete', reason: 'fail-audit image' },
      ]) {
        const response = await act(body);
        expect({ body, status: response.statusCode }).toEqual({ body, status: 500 });
      }
    });

    // No entry, and nothing the actions would have done.
    expect(await logCount()).toBe(logBefore);
    expect(await moderationOf(shro.id)).toBe('visible');
    expect(await exploreIds(viewer)).toContain(shro.id);
    const kept = await getShro(ctx, withImages.id, owner.cookie);
    expect(kept.statusCode).toBe(200);
    expect((kept.json() as Shro).boxes.filter((b) => b.imageUrl).length).toBe(2);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.key, image!.key))).toHaveLength(1);
    expect(await ctx.app.uploadStorage.read(image!.key)).not.toBeNull();
    const [ownerRow] = await ctx.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(ownerRow!.suspendedUntil).toBeNull();
    expect(await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, owner.id))).toHaveLength(
      sessionsBefore.length,
    );
    expect((await call('GET', '/api/auth/user', owner.cookie)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(messages).where(eq(messages.id, messageId))).toHaveLength(1);
    const open = await ctx.database.db.select().from(reports).where(eq(reports.reporterId, a.id));
    expect(open.map((r) => r.status)).toEqual(['open', 'open', 'open', 'open']);
    expect(await notificationsOf(ctx, a.id, 'report_outcome')).toEqual([]);
    expect(await notificationsOf(ctx, owner.id, 'moderation_action')).toEqual([]);

    // With the log writable again, the same action goes through with its entry.
    expect(
      (await act({ targetType: 'shro', targetId: shro.id, action: 'hide', reason: 'Now logged' })).statusCode,
    ).toBe(200);
    expect(await moderationOf(shro.id)).toBe('hidden');
    expect((await logOf(shro.id)).at(-1)).toMatchObject({ action: 'hide', reason: 'Now logged' });
  });

  it('an automatic hide without its entry does not happen either', async () => {
    const [owner, a, b, c] = await Promise.all([1, 2, 3, 4].map(() => createUser(ctx)));
    const shro = await publicShro(owner!, 'Auto hide kept whole');
    for (const reporter of [a, b])
      await report(ctx, reporter!.cookie, { targetType: 'shro', targetId: shro.id, reason: 'spam' });
    const { db } = ctx.database;
    await db.execute(sql`create function fail_auto_hide_for_test() returns trigger language plpgsql as $$
      begin
        if new.action = 'auto_hide' then raise exception 'audit log unavailable'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger fail_auto_hide_for_test before insert on moderation_log for each row execute function fail_auto_hide_for_test()`,
    );
    try {
      const third = await report(ctx, c!.cookie, { targetType: 'shro', targetId: shro.id, reason: 'spam' });
      expect(third.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger fail_auto_hide_for_test on moderation_log`);
      await db.execute(sql`drop function fail_auto_hide_for_test()`);
    }
    expect(await moderationOf(shro.id)).toBe('visible');
    expect(await logOf(shro.id)).toEqual([]);
  });
});

describe('the queue', () => {
  it('shows titles, message previews and counts, never a box, and is not itself a content view', async () => {
    const [owner, a] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const boxes = ['Zq-box-one', 'Zq-box-two', 'Zq-box-three', 'Zq-box-four'];
    const shro = await createShro(ctx, owner.cookie, {
      title: 'Queue preview',
      isPublic: true,
      isShareable: false,
      textOptions: JSON.stringify(boxes.map((content) => ({ content }))),
    });
    const pending = await createShro(ctx, owner.cookie, {
      title: 'Queue pending',
      isPublic: true,
      isShareable: false,
      textOptions: JSON.stringify(boxes.map((content) => ({ content: `${content}-pending` }))),
    });
    await ctx.database.db.update(shros).set({ moderationStatus: 'pending_review' }).where(eq(shros.id, pending.id));
    const withImages = await createShro(ctx, owner.cookie, { title: 'Queue images' }, [
      await png(16, 16),
      await png(16, 16, { r: 5, g: 5, b: 5 }),
    ]);
    await pickBox(ctx, a.cookie, withImages, 1);
    const [image] = await ctx.database.db.select().from(uploads).where(eq(uploads.ownerId, owner.id));
    await report(ctx, a.cookie, { targetType: 'shro', targetId: shro.id, reason: 'other' });
    await report(ctx, a.cookie, { targetType: 'shro', targetId: withImages.id, reason: 'other' });
    const logBefore = await logCount();

    const response = await call('GET', '/api/moderation/queue', moderator.cookie);
    expect(response.statusCode).toBe(200);
    const queue: ModerationQueueItem[] = response.json();
    expect(queue.find((item) => item.targetId === shro.id)?.preview).toBe('Queue preview');
    expect(queue.find((item) => item.targetId === pending.id)?.preview).toBe('Queue pending');
    for (const text of boxes) expect(response.body).not.toContain(text);
    expect(response.body).not.toContain(image!.key);
    expect(response.body).not.toContain('/api/uploads/');
    expect(response.body).not.toContain('/api/moderation/images/');
    // Only opening a target (its boxes, its image) is a content view with an audit entry.
    expect(await logCount()).toBe(logBefore);
  });
});

describe('report look-ups', () => {
  it("find a target's reports, open or resolved, and a person's reported content from indexes", async () => {
    // With sequential scans off, a look-up no index fits still shows a Seq Scan in its plan.
    const plans = await plansWithoutSeqScans(ctx.database.db, [
      // A moderator's reach to content reported before (review-scope.ts): any status.
      "select 1 from reports where target_type = 'shro' and target_id in ('a', 'b') limit 1",
      "select 1 from reports where (target_type = 'user' and target_id in ('u')) or target_owner_id in ('u') limit 1",
      // The open reports of a target (reporting, resolving, the queue's counts): either index.
      "select id from reports where target_type = 'shro' and target_id = 'a' and status = 'open'",
      // Deleting an account sets its reported content's owner to null.
      "select 1 from reports where target_owner_id = 'u'",
      // The queue reads open reports only, from a partial index, however many were resolved.
      "select target_type, target_id, count(*) from reports where status = 'open' group by target_type, target_id",
    ]);
    expect(plans[0]).toContain('reports_target_idx');
    expect(plans[1]).toContain('reports_target_idx');
    expect(plans[1]).toContain('reports_target_owner_idx');
    expect(plans[3]).toContain('reports_target_owner_idx');
    expect(plans[4]).toContain('reports_open_reporter_target_idx');
    for (const plan of plans) expect(plan).not.toContain('Seq Scan');
  });
});

describe('npm run moderator', () => {
  it('grants and takes back the role by username, any case, and refuses unknown names and wrong calls', async () => {
    const user = await createUser(ctx, { username: `Cmd_${Date.now() % 100000}` });
    const { db } = ctx.database;
    expect((await call('GET', '/api/moderation/me', user.cookie)).statusCode).toBe(404);
    expect(await runModeratorCommand(db, ['add', user.username.toLowerCase()])).toBe(
      `@${user.username} is a moderator.`,
    );
    expect((await call('GET', '/api/moderation/me', user.cookie)).statusCode).toBe(200);
    expect(await runModeratorCommand(db, ['list'])).toContain(user.username);
    expect(await runModeratorCommand(db, ['remove', user.username])).toBe(
      `@${user.username} is no longer a moderator (unless MODERATOR_USERNAMES names them).`,
    );
    expect((await call('GET', '/api/moderation/me', user.cookie)).statusCode).toBe(404);
    await expect(runModeratorCommand(db, ['add', 'nobody_here_at_all'])).rejects.toThrow(
      'No user named "nobody_here_at_all"',
    );
    for (const args of [[], ['grant', user.username], ['add'], ['add', 'a', 'b']]) {
      await expect(runModeratorCommand(db, args)).rejects.toThrow(MODERATOR_COMMAND_USAGE);
    }
  });
});

import { createHash, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JSON_NAME } from '../../../contract/account';
import { INVITE_SHARE_TARGETS } from '../../../contract/analytics-events';
import {
  type CreatedInvite,
  INVITE_ACTIVE_MAX,
  INVITE_DAYS,
  INVITE_MAX_USES,
  INVITE_MESSAGES,
  INVITE_PER_SHRO_MAX,
} from '../../../contract/invites';
import { defaultNotificationSettings } from '../../../contract/push';
import {
  analyticsEvents,
  friendRequests,
  friendships,
  invites,
  notificationSettings,
  users,
} from '../../db/schema/index';
import { createShro, createUser, notificationsOf, type SignedInUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestContext, withoutRateLimits } from '../../test/test-app';
import { readZip } from '../../test/zip';
import { kindOfNotification } from '../push/settings';

/** Invite links (docs/decisions/124-invitations.md) and a link Shro carrying one (decision 127). */

const ORIGIN = 'https://shro.example';
const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ ...withoutRateLimits, publicOrigin: ORIGIN, redisUrl: undefined });
});
afterAll(() => ctx?.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const cookieOf = (user?: SignedInUser) => (user ? { cookie: user.cookie } : {});

const createInvite = (user: SignedInUser | undefined, payload?: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/invites',
    headers: cookieOf(user),
    ...(payload ? { payload } : {}),
  });
async function newInvite(user: SignedInUser, payload?: Record<string, unknown>): Promise<CreatedInvite> {
  const response = await createInvite(user, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const listInvites = (user?: SignedInUser) =>
  ctx.app.inject({ method: 'GET', url: '/api/invites', headers: cookieOf(user) });
const preview = (token: string, user?: SignedInUser) =>
  ctx.app.inject({ method: 'GET', url: `/api/invites/${encodeURIComponent(token)}`, headers: cookieOf(user) });
const revoke = (id: string, user?: SignedInUser) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/invites/${encodeURIComponent(id)}`, headers: cookieOf(user) });

let registered = 0;
/** POST /api/register for a new username, with whatever `inviteToken` is given (left out when undefined). */
function register(inviteToken?: unknown, username = `new_${randomUUID().replaceAll('-', '').slice(0, 10)}`) {
  registered++;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: `10.7.${Math.floor(registered / 250)}.${registered % 250}`,
    payload: {
      username,
      email: `${username}@example.com`,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      acceptTerms: true,
      ...(inviteToken === undefined ? {} : { inviteToken }),
    },
  });
}

const friendsOf = async (cookie: string): Promise<string[]> =>
  (await ctx.app.inject({ method: 'GET', url: '/api/friends', headers: { cookie } }))
    .json()
    .map((u: { username: string }) => u.username);
const inviteRow = async (id: string) => (await ctx.database.db.select().from(invites).where(eq(invites.id, id)))[0];
const userCount = async () => (await ctx.database.db.select({ n: count() }).from(users))[0]!.n;
const friendshipCount = async () => (await ctx.database.db.select({ n: count() }).from(friendships))[0]!.n;
const signedInCookie = (response: LightMyRequestResponse) => {
  const sid = response.cookies.find((c) => c.name === 'shro_sid');
  return `shro_sid=${sid!.value}`;
};

/** A sign-up the invite must refuse: 400 with the one invite message, and no account, friendship or use stored. */
async function expectSignUpRefused(inviteToken: unknown, inviteId?: string) {
  const usesBefore = inviteId ? (await inviteRow(inviteId))?.uses : undefined;
  const [usersBefore, friendshipsBefore] = [await userCount(), await friendshipCount()];
  const username = `nope_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const response = await register(inviteToken, username);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ message: INVITE_MESSAGES.invalid, code: expect.any(String) });
  expect(response.cookies.find((c) => c.name === 'shro_sid')).toBeUndefined();
  expect(await userCount()).toBe(usersBefore);
  expect(await friendshipCount()).toBe(friendshipsBefore);
  expect(await ctx.database.db.select().from(users).where(eq(users.username, username))).toEqual([]);
  if (inviteId) expect((await inviteRow(inviteId))?.uses).toBe(usesBefore);
}

async function expectPreviewGone(token: string) {
  const response = await preview(token);
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ message: INVITE_MESSAGES.invalid, code: expect.any(String) });
}

describe('POST /api/invites', () => {
  it('answers 401 to a visitor and stores nothing', async () => {
    const before = (await ctx.database.db.select({ n: count() }).from(invites))[0]!.n;
    const response = await createInvite(undefined);
    expect(response.statusCode).toBe(401);
    expect((await ctx.database.db.select({ n: count() }).from(invites))[0]!.n).toBe(before);
  });

  it('makes a personal link good for 20 sign-ups over 30 days; only the token’s hash is stored', async () => {
    const ana = await createUser(ctx);
    const before = Date.now();
    const invite = await newInvite(ana);
    expect(invite.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invite).toMatchObject({
      url: `${ORIGIN}/invite/${invite.token}`,
      uses: 0,
      maxUses: INVITE_MAX_USES,
      shroId: null,
    });
    const expires = Date.parse(invite.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + INVITE_DAYS * DAY_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + INVITE_DAYS * DAY_MS);
    const row = await inviteRow(invite.id);
    expect(row).toMatchObject({ inviterId: ana.id, tokenHash: sha256(invite.token), uses: 0, maxUses: 20 });
    // The token itself is in no column.
    const text = JSON.stringify(await ctx.database.db.select().from(invites));
    expect(text).not.toContain(invite.token);
    // Two invites never share a token.
    expect((await newInvite(ana)).token).not.toBe(invite.token);
  });

  it('refuses a field it does not know, and stores nothing', async () => {
    const ana = await createUser(ctx);
    const response = await createInvite(ana, { maxUses: 1000 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Unknown field "maxUses"');
    expect(await listInvites(ana).then((r) => r.json())).toEqual([]);
  });

  it(`allows ${INVITE_ACTIVE_MAX} working invites at once; used-up and expired ones do not count`, async () => {
    const ana = await createUser(ctx);
    const made: CreatedInvite[] = [];
    for (let i = 0; i < INVITE_ACTIVE_MAX; i++) made.push(await newInvite(ana));
    const refused = await createInvite(ana);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: INVITE_MESSAGES.tooMany, code: expect.any(String) });
    expect((await listInvites(ana)).json()).toHaveLength(INVITE_ACTIVE_MAX);
    // One runs out, one is used up: room for two more, and the dead rows are swept.
    await ctx.database.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, made[0]!.id));
    await ctx.database.db.update(invites).set({ uses: INVITE_MAX_USES }).where(eq(invites.id, made[1]!.id));
    await newInvite(ana);
    await newInvite(ana);
    expect((await createInvite(ana)).statusCode).toBe(409);
    expect(await inviteRow(made[0]!.id)).toBeUndefined();
    expect(await inviteRow(made[1]!.id)).toBeUndefined();
  });
});

describe('GET /api/invites and DELETE /api/invites/:token', () => {
  it('lists the caller’s working invites only, newest first, never a token', async () => {
    const ana = await createUser(ctx);
    const bob = await createUser(ctx);
    const first = await newInvite(ana);
    const second = await newInvite(ana);
    await newInvite(bob);
    const expired = await newInvite(ana);
    await ctx.database.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, expired.id));

    expect((await listInvites()).statusCode).toBe(401);
    const response = await listInvites(ana);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    expect(Object.keys(list[0]).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'maxUses', 'shroId', 'uses']);
    expect(response.body).not.toContain(first.token);
  });

  it('revokes: only the inviter can, and the link stops working at once', async () => {
    const ana = await createUser(ctx);
    const bob = await createUser(ctx);
    const invite = await newInvite(ana);

    expect((await revoke(invite.id)).statusCode).toBe(401);
    const foreign = await revoke(invite.id, bob);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: INVITE_MESSAGES.notFound, code: expect.any(String) });
    expect((await preview(invite.token)).statusCode).toBe(200);

    const revoked = await revoke(invite.id, ana);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ revoked: true });
    expect(await inviteRow(invite.id)).toBeUndefined();
    expect((await revoke(invite.id, ana)).statusCode).toBe(404);
    await expectPreviewGone(invite.token);
    await expectSignUpRefused(invite.token);
    expect(await friendsOf(ana.cookie)).toEqual([]);
  });

  it('revokes by the token too (the app can take back a link it just made)', async () => {
    const ana = await createUser(ctx);
    const bob = await createUser(ctx);
    const invite = await newInvite(ana);
    expect((await revoke(invite.token, bob)).statusCode).toBe(404);
    expect((await revoke(invite.token, ana)).statusCode).toBe(200);
    await expectPreviewGone(invite.token);
  });

  it('answers 404 to an unknown or malformed id', async () => {
    const ana = await createUser(ctx);
    for (const id of [randomUUID(), 'nope', 'x'.repeat(99)]) {
      const response = await revoke(id, ana);
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({ message: INVITE_MESSAGES.notFound, code: expect.any(String) });
    }
  });
});

describe('GET /api/invites/:token', () => {
  it('shows anyone who invites: the public profile only', async () => {
    const ana = await createUser(ctx, { firstName: 'Ana', lastName: 'Lima', profileImageUrl: '/api/uploads/abc' });
    const invite = await newInvite(ana);
    const response = await preview(invite.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      inviter: {
        id: ana.id,
        username: ana.username,
        firstName: 'Ana',
        lastName: 'Lima',
        profileImageUrl: '/api/uploads/abc',
      },
    });
    expect(response.body).not.toContain(ana.email);
  });

  it('answers one 404 for an unknown, malformed, used-up or expired token', async () => {
    const ana = await createUser(ctx);
    for (const token of ['x'.repeat(43), 'short', 'a'.repeat(99), '%00']) await expectPreviewGone(token);
    const usedUp = await newInvite(ana);
    await ctx.database.db.update(invites).set({ uses: INVITE_MAX_USES }).where(eq(invites.id, usedUp.id));
    await expectPreviewGone(usedUp.token);
    const expired = await newInvite(ana);
    await ctx.database.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, expired.id));
    await expectPreviewGone(expired.token);
  });

  it('never befriends a signed-in visitor, nor uses the invite', async () => {
    const ana = await createUser(ctx);
    const carl = await createUser(ctx);
    const invite = await newInvite(ana);
    const response = await preview(invite.token, carl);
    expect(response.statusCode).toBe(200);
    expect(response.json().inviter.username).toBe(ana.username);
    expect(await friendsOf(carl.cookie)).toEqual([]);
    expect(await friendsOf(ana.cookie)).toEqual([]);
    expect((await inviteRow(invite.id))!.uses).toBe(0);
    expect(await notificationsOf(ctx, ana.id)).toEqual([]);
  });
});

describe('POST /api/register with an invite', () => {
  it('makes the new user and the inviter friends at once, uses the invite once, and tells the inviter', async () => {
    const ana = await createUser(ctx);
    const invite = await newInvite(ana);
    const response = await register(invite.token, 'newbie_ben');
    expect(response.statusCode, response.body).toBe(201);
    const ben = response.json();
    expect(ben.username).toBe('newbie_ben');

    expect(await friendsOf(signedInCookie(response))).toEqual([ana.username]);
    expect(await friendsOf(ana.cookie)).toEqual(['newbie_ben']);
    // Friends straight away: no request waits on either side.
    expect(await ctx.database.db.select().from(friendRequests).where(eq(friendRequests.toUserId, ana.id))).toEqual([]);
    expect((await inviteRow(invite.id))!.uses).toBe(1);

    const [note] = await notificationsOf(ctx, ana.id);
    expect(note).toMatchObject({
      type: 'invite_accepted',
      actorId: ben.id,
      isRead: false,
      message: "@newbie_ben joined Shro with your invite: you're friends now",
    });
    expect(await notificationsOf(ctx, ben.id)).toEqual([]);
    // The inviter's app shows it.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: ana.cookie } });
    expect(list.json()[0]).toMatchObject({ type: 'invite_accepted', actor: { id: ben.id, username: 'newbie_ben' } });
    // It is pushed (and kept in the app) as friend requests are.
    expect(kindOfNotification('invite_accepted')).toBe('friendRequest');

    // The same link works for the next person too.
    const second = await register(invite.token);
    expect(second.statusCode).toBe(201);
    expect(await friendsOf(ana.cookie)).toHaveLength(2);
    expect((await inviteRow(invite.id))!.uses).toBe(2);
  });

  it('follows the inviter’s friend-request settings: in-app off means no notification, still friends', async () => {
    const ana = await createUser(ctx);
    const settings = defaultNotificationSettings();
    settings.kinds.friendRequest.inApp = false;
    await ctx.database.db.insert(notificationSettings).values({ userId: ana.id, channels: settings.kinds });
    const invite = await newInvite(ana);
    expect((await register(invite.token)).statusCode).toBe(201);
    expect(await friendsOf(ana.cookie)).toHaveLength(1);
    expect(await notificationsOf(ctx, ana.id)).toEqual([]);
  });

  it('refuses an unknown, foreign-looking or malformed token with 400 and stores nothing', async () => {
    const ana = await createUser(ctx);
    const real = await newInvite(ana);
    // A token of the right shape that no invite has (one character off the real one), and junk.
    const forged = `${real.token.slice(0, -1)}${real.token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [forged, 'x'.repeat(43), 'short', `${real.token}x`, '', 42, null, { token: real.token }]) {
      await expectSignUpRefused(token);
    }
    expect((await inviteRow(real.id))!.uses).toBe(0);
    expect(await friendsOf(ana.cookie)).toEqual([]);
  });

  it('stops at the limit: the last use works, the next sign-up is refused and stores nothing', async () => {
    const ana = await createUser(ctx);
    const invite = await newInvite(ana);
    await ctx.database.db
      .update(invites)
      .set({ uses: INVITE_MAX_USES - 1 })
      .where(eq(invites.id, invite.id));
    expect((await register(invite.token)).statusCode).toBe(201);
    expect((await inviteRow(invite.id))!.uses).toBe(INVITE_MAX_USES);
    await expectSignUpRefused(invite.token, invite.id);
    await expectPreviewGone(invite.token);
    expect(await friendsOf(ana.cookie)).toHaveLength(1);
  });

  it('refuses an expired invite', async () => {
    const ana = await createUser(ctx);
    const invite = await newInvite(ana);
    await ctx.database.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, invite.id));
    await expectSignUpRefused(invite.token, invite.id);
  });

  it('a sign-up refused for another reason (a taken username) leaves the invite unused', async () => {
    const ana = await createUser(ctx);
    const invite = await newInvite(ana);
    const response = await register(invite.token, ana.username.toUpperCase());
    expect(response.statusCode).toBe(409);
    expect((await inviteRow(invite.id))!.uses).toBe(0);
    expect(await friendsOf(ana.cookie)).toEqual([]);
  });

  it('a suspended inviter’s invite does not work until the suspension ends', async () => {
    const ana = await createUser(ctx);
    const invite = await newInvite(ana);
    await ctx.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + DAY_MS), suspensionReason: 'spam' })
      .where(eq(users.id, ana.id));
    await expectPreviewGone(invite.token);
    await expectSignUpRefused(invite.token, invite.id);

    await ctx.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, ana.id));
    expect((await preview(invite.token)).statusCode).toBe(200);
    expect((await register(invite.token)).statusCode).toBe(201);
  });

  it('a deleted inviter’s invites go with the account', async () => {
    const ana = await createUser(ctx);
    const invite = await newInvite(ana);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: ana.cookie },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ctx.database.db.select().from(invites).where(eq(invites.inviterId, ana.id))).toEqual([]);
    await expectPreviewGone(invite.token);
    await expectSignUpRefused(invite.token);
  });
});

describe('a link Shro carrying its creator’s invite (decision 127)', () => {
  it('gives a Shro link with the invite; signing up from it befriends the creator', async () => {
    const ana = await createUser(ctx);
    const expiresAt = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const shro = await createShro(ctx, ana.cookie, { isShareable: true, expiresAt });
    const invite = await newInvite(ana, { shroId: shro.id });
    expect(invite.url).toBe(`${ORIGIN}/session/${shro.id}?invite=${invite.token}`);
    expect(invite.shroId).toBe(shro.id);
    // No longer than the Shro stays open.
    expect(invite.expiresAt).toBe(expiresAt);

    const response = await register(invite.token, 'from_a_shro');
    expect(response.statusCode).toBe(201);
    expect(await friendsOf(ana.cookie)).toEqual(['from_a_shro']);

    // Deleting the Shro takes its invite along.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${shro.id}`,
      headers: { cookie: ana.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await inviteRow(invite.id)).toBeUndefined();
    await expectSignUpRefused(invite.token);
  });

  it(`carries at most ${INVITE_PER_SHRO_MAX} working invites per Shro, apart from the personal ones`, async () => {
    const ana = await createUser(ctx);
    const shro = await createShro(ctx, ana.cookie, { isShareable: true });
    for (let i = 0; i < INVITE_PER_SHRO_MAX; i++) await newInvite(ana, { shroId: shro.id });
    const refused = await createInvite(ana, { shroId: shro.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: INVITE_MESSAGES.tooMany, code: expect.any(String) });
    // Another Shro, and a personal link, are not held back.
    const other = await createShro(ctx, ana.cookie, { isShareable: true });
    await newInvite(ana, { shroId: other.id });
    await newInvite(ana);
    expect((await listInvites(ana)).json()).toHaveLength(INVITE_PER_SHRO_MAX + 2);
  });

  it('only the creator’s own open link Shro can carry it', async () => {
    const ana = await createUser(ctx);
    const bob = await createUser(ctx);
    const link = await createShro(ctx, ana.cookie, { isShareable: true });
    const publicShro = await createShro(ctx, ana.cookie, { isShareable: false, isPublic: true });
    const cases: [SignedInUser, string, number, string][] = [
      [bob, link.id, 400, INVITE_MESSAGES.shroNotLink],
      [ana, publicShro.id, 400, INVITE_MESSAGES.shroNotLink],
      [ana, randomUUID(), 404, "This Shro doesn't exist or you don't have access to it."],
    ];
    for (const [who, shroId, status, message] of cases) {
      const response = await createInvite(who, { shroId });
      expect(response.statusCode, shroId).toBe(status);
      expect(response.json()).toEqual({ message, code: expect.any(String) });
    }
    expect((await listInvites(ana)).json()).toEqual([]);
    expect((await listInvites(bob)).json()).toEqual([]);
  });
});

describe('the account export', () => {
  it('lists the user’s invites, without token or hash', async () => {
    const ana = await createUser(ctx);
    const invite = await newInvite(ana);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: ana.cookie },
    });
    expect(response.statusCode).toBe(200);
    const text = (await readZip(response.rawPayload)).get(EXPORT_JSON_NAME)!.toString('utf8');
    expect(JSON.parse(text).invites).toEqual([
      expect.objectContaining({ id: invite.id, uses: 0, maxUses: INVITE_MAX_USES, shroId: null }),
    ]);
    expect(text).not.toContain(invite.token);
    expect(text).not.toContain(sha256(invite.token));
  });
});

describe('counting invite shares (share_invite)', () => {
  const post = (events: unknown[]) =>
    ctx.app.inject({ method: 'POST', url: '/api/analytics', payload: { events } as Record<string, unknown> });

  it('takes one per place an invite can go, labelled with it', async () => {
    const response = await post(
      INVITE_SHARE_TARGETS.map((label) => ({ name: 'share_invite', category: 'social', label })),
    );
    expect(response.statusCode, response.body).toBe(202);
    const stored = await ctx.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'share_invite'));
    expect(stored.map((e) => e.label).sort()).toEqual([...INVITE_SHARE_TARGETS].sort());
  });

  it('refuses a share_invite without a known target and stores nothing', async () => {
    for (const label of ['messenger', undefined]) {
      const before = (await ctx.database.db.select({ n: count() }).from(analyticsEvents))[0]!.n;
      const response = await post([{ name: 'share_invite', category: 'social', label }]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('A share_invite label must be where it was shared');
      expect((await ctx.database.db.select({ n: count() }).from(analyticsEvents))[0]!.n).toBe(before);
    }
  });
});

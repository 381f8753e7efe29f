import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { moderationLog, reports, shros } from '../../server/db/schema/index';
import { makeModerator } from '../../server/test/factories';
import type { TestContext } from '../../server/test/test-app';
import type { World } from '../support/world';
import { memberOf } from './authorization-roles';
import type { Call, Scenario } from './authorization-rows';

/**
 * Matrix rows of reports and moderation (docs/decisions/106-reports-and-moderation-api.md). Only
 * the `moderator` role gets an answer from `/api/moderation/*`: everyone else signed in, the owner
 * of the content included, gets 404, as for a route that does not exist, and a visitor 401. The
 * moderator reaches only content in review (reported, or held for review): an unreported private
 * Shro, chat message or image is 404 for them too. One report row suspends the friend first (the
 * suspended user: their sessions ended, so 401).
 */

const moderatorOnly = { visitor: 401, stranger: 404, blocked: 404, moderator: 200, friend: 404, owner: 404 };
const nobody = { ...moderatorOnly, moderator: 404 };
const get = (url: (world: World) => string) => (call: Call) => ({
  method: 'GET' as const,
  url: url(call.world),
  headers: call.cookie,
});

/** A moderator's hide of the world's public Shro. */
const hidePublicShro = ({ world, cookie }: Call) => ({
  method: 'POST' as const,
  url: '/api/moderation/actions',
  headers: cookie,
  payload: { targetType: 'shro', targetId: world.publicShro.id, action: 'hide', reason: 'Test' },
});

async function publicShroStatus({ ctx, world }: Call) {
  const [row] = await ctx.database.db
    .select({ m: shros.moderationStatus })
    .from(shros)
    .where(eq(shros.id, world.publicShro.id));
  return row?.m;
}

async function logEntries(ctx: TestContext) {
  return ctx.database.db.select().from(moderationLog);
}

/** A report straight in the database: what puts a target in review. */
async function reported(
  ctx: TestContext,
  reporterId: string,
  targetType: 'shro' | 'user' | 'message' | 'image',
  targetId: string,
  targetOwnerId: string,
) {
  await ctx.database.db.insert(reports).values({ reporterId, targetType, targetId, targetOwnerId, reason: 'other' });
}

/** Content out of review: 404 `Not found` for every signed-in caller, the moderator included, and no audit entry. */
const nobodyLogs =
  (targetId: (world: World) => string) =>
  async ({ ctx, world, role }: Call, response: LightMyRequestResponse) => {
    expect((await logEntries(ctx)).filter((e) => e.targetId === targetId(world))).toEqual([]);
    expect(response.json()).toEqual({
      message: role === 'visitor' ? 'Unauthorized' : 'Not found',
      code: expect.any(String),
    });
  };

/** Nothing but the moderator's own call writes the audit log, one entry, in the moderator's name. */
const onlyModeratorsLog =
  (action: string, targetId: (world: World) => string) =>
  async ({ ctx, world, role }: Call, response: LightMyRequestResponse) => {
    const entries = (await logEntries(ctx)).filter((e) => e.action === action && e.targetId === targetId(world));
    expect(entries.filter((e) => e.moderatorId !== world.moderator.id)).toEqual([]);
    if (role !== 'moderator') {
      expect(response.json()).toEqual({
        message: role === 'visitor' ? 'Unauthorized' : 'Not found',
        code: expect.any(String),
      });
    } else {
      expect(entries).toHaveLength(1);
    }
  };

export const moderationScenarios: Scenario[] = [
  {
    route: 'POST /api/reports',
    name: 'anyone signed in may report a public Shro, never their own; for the blocked one it does not exist',
    expect: { visitor: 401, stranger: 201, blocked: 404, moderator: 201, friend: 201, owner: 400 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/reports',
      headers: cookie,
      payload: { targetType: 'shro', targetId: world.publicShro.id, reason: 'spam' },
    }),
  },
  {
    route: 'POST /api/reports',
    name: 'a private Shro is reportable only by its recipient (not a blocked former one); others do not learn it exists',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 201, owner: 400 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/reports',
      headers: cookie,
      payload: { targetType: 'shro', targetId: world.privateText.id, reason: 'harassment' },
    }),
    check: async ({ ctx, world, role }) => {
      const rows = await ctx.database.db.select().from(reports).where(eq(reports.targetId, world.privateText.id));
      const who = memberOf(world, role);
      if (who && role !== 'friend') expect(rows.every((r) => r.reporterId !== who.id)).toBe(true);
    },
  },
  {
    route: 'POST /api/reports',
    name: 'a chat message is reportable only by the other side of the conversation',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: [201, 400], owner: [201, 400] },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/reports',
      headers: cookie,
      payload: { targetType: 'message', targetId: String(world.messageId), reason: 'harassment' },
    }),
  },
  {
    route: 'POST /api/reports',
    name: 'a suspended user (the friend here) is signed out everywhere (401)',
    // A person the owner blocked may still report the owner's account: blocking someone must not
    // be a way to stop them reporting you (their profile is not found for them, decision 104).
    expect: { visitor: 401, stranger: 201, blocked: 201, moderator: 201, friend: 401, owner: 400 },
    setup: async (ctx, world) => {
      await makeModerator(ctx, world.requester);
      await reported(ctx, world.owner.id, 'user', world.friend.id, world.friend.id);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/moderation/actions',
        headers: { cookie: world.requester.cookie },
        payload: { targetType: 'user', targetId: world.friend.id, action: 'suspend', reason: 'Spam' },
      });
      expect(response.statusCode).toBe(200);
    },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/reports',
      headers: cookie,
      payload: { targetType: 'user', targetId: world.owner.id, reason: 'spam' },
    }),
  },
  {
    route: 'GET /api/moderation/me',
    name: 'only a moderator gets an answer',
    expect: moderatorOnly,
    request: get(() => '/api/moderation/me'),
  },
  {
    route: 'GET /api/moderation/queue',
    name: 'the queue is for moderators only',
    expect: moderatorOnly,
    setup: async (ctx, world) => {
      await ctx.database.db.insert(reports).values({
        reporterId: world.friend.id,
        targetType: 'shro',
        targetId: world.publicShro.id,
        targetOwnerId: world.owner.id,
        reason: 'spam',
      });
    },
    request: get(() => '/api/moderation/queue'),
    check: ({ world, role }, response) => {
      if (role === 'moderator') expect(response.body).toContain(world.publicShro.id);
      else expect(response.body).not.toContain(world.publicShro.id);
    },
  },
  {
    route: 'GET /api/moderation/targets/:type/:id',
    name: "a reported private Shro's boxes reach a moderator only, and each view is logged",
    expect: moderatorOnly,
    setup: (ctx, world) => reported(ctx, world.friend.id, 'shro', world.privateText.id, world.owner.id),
    request: get((w) => `/api/moderation/targets/shro/${w.privateText.id}`),
    check: onlyModeratorsLog('view', (w) => w.privateText.id),
  },
  {
    route: 'GET /api/moderation/targets/:type/:id',
    name: 'an unreported private Shro is not found, for the moderator too, and nothing is logged',
    expect: nobody,
    request: get((w) => `/api/moderation/targets/shro/${w.privateText.id}`),
    check: nobodyLogs((w) => w.privateText.id),
  },
  {
    route: 'GET /api/moderation/targets/:type/:id',
    name: 'an unreported private chat message is not found, for the moderator too, and nothing is logged',
    expect: nobody,
    request: get((w) => `/api/moderation/targets/message/${w.messageId}`),
    check: nobodyLogs((w) => String(w.messageId)),
  },
  {
    route: 'GET /api/moderation/images/:key',
    name: 'an image of a reported Shro, even in a box nobody opened, reaches a moderator only',
    expect: moderatorOnly,
    setup: (ctx, world) => reported(ctx, world.friend.id, 'shro', world.privateImage.id, world.owner.id),
    request: get((w) => `/api/moderation/images/${w.unopenedImageKey}`),
    check: onlyModeratorsLog('view', (w) => w.unopenedImageKey),
  },
  {
    route: 'GET /api/moderation/images/:key',
    name: 'an image of an unreported private Shro is not found, for the moderator too',
    expect: nobody,
    request: get((w) => `/api/moderation/images/${w.unopenedImageKey}`),
    check: nobodyLogs((w) => w.unopenedImageKey),
  },
  {
    route: 'POST /api/moderation/actions',
    name: 'only a moderator may hide a reported Shro, and only their action is logged',
    expect: moderatorOnly,
    fresh: true,
    setup: (ctx, world) => reported(ctx, world.friend.id, 'shro', world.publicShro.id, world.owner.id),
    request: hidePublicShro,
    check: async (call, response) => {
      await onlyModeratorsLog('hide', (w) => w.publicShro.id)(call, response);
      expect(await publicShroStatus(call)).toBe(call.role === 'moderator' ? 'hidden' : 'visible');
    },
  },
  {
    route: 'POST /api/moderation/actions',
    name: 'a Shro nobody reported cannot be hidden, by the moderator either',
    expect: nobody,
    request: hidePublicShro,
    check: async (call, response) => {
      await nobodyLogs((w) => w.publicShro.id)(call, response);
      expect(await publicShroStatus(call)).toBe('visible');
    },
  },
  {
    route: 'GET /api/moderation/log',
    name: 'the audit log is for moderators only',
    expect: moderatorOnly,
    request: get(() => '/api/moderation/log'),
  },
];

import { and, eq, or } from 'drizzle-orm';
import { expect } from 'vitest';
import { friendships, shroMutes, userBlocks, userMutes } from '../../server/db/schema/index';
import { block, createShro } from '../../server/test/factories';
import type { TestContext } from '../../server/test/test-app';
import type { World } from '../support/world';
import { memberOf, signedIn } from './authorization-roles';
import type { Call, Scenario } from './authorization-rows';

/**
 * Matrix rows of block and mute (docs/decisions/104-block-and-mute.md). Every row of the matrix
 * has the `blocked` role (the owner's former friend and recipient, blocked by the owner in every
 * world). The rows below named "blocked" block the stranger too, someone the owner never knew,
 * and expect the blocked stranger to get what a caller gets for something that does not exist.
 */

/** The rows `table` holds with `column` = the caller. */
async function rowsOf(ctx: TestContext, who: string, which: 'blocks' | 'userMutes' | 'shroMutes') {
  const { db } = ctx.database;
  if (which === 'blocks') return db.select().from(userBlocks).where(eq(userBlocks.blockerId, who));
  if (which === 'userMutes') return db.select().from(userMutes).where(eq(userMutes.userId, who));
  return db.select().from(shroMutes).where(eq(shroMutes.userId, who));
}

/** Whom `who` has blocked. */
async function blockedBy(ctx: TestContext, who: string): Promise<string[]> {
  const rows = await ctx.database.db.select().from(userBlocks).where(eq(userBlocks.blockerId, who));
  return rows.map((r) => r.blockedId);
}

const ownerAndFriendStillFriends = async (ctx: TestContext, world: World) => {
  const rows = await ctx.database.db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.userLowId, world.owner.id), eq(friendships.userHighId, world.friend.id)),
        and(eq(friendships.userLowId, world.friend.id), eq(friendships.userHighId, world.owner.id)),
      ),
    );
  return rows.length === 1;
};

/** A user action aimed at the owner: anyone signed in may, on themselves never. */
const onOwner = (method: 'POST' | 'DELETE', what: 'block' | 'mute') => (call: Call) => ({
  method,
  url: what === 'block' ? `/api/blocks/${call.world.owner.id}` : `/api/mutes/users/${call.world.owner.id}`,
  headers: call.cookie,
});

/** The owner blocked the stranger, straight in the database. */
const ownerBlocksStranger = async (ctx: TestContext, world: World) => block(ctx, world.owner, world.stranger);

/** The other way round: a public Shro of the person the owner blocked, made after the block. */
type WithBlockedShro = World & { blockedPublicId?: string };
const blockedMakesPublicShro = async (ctx: TestContext, world: World) => {
  const shro = await createShro(ctx, world.blocked.cookie, {
    title: 'Public one too',
    isShareable: false,
    isPublic: true,
    hashtags: 'food',
  });
  (world as WithBlockedShro).blockedPublicId = shro.id;
};
const blockedPublicId = (world: World) => (world as WithBlockedShro).blockedPublicId!;

/**
 * Stats, achievements and friend status of someone one has a block with, either way, answer
 * "User not found" as for an id nobody holds (decision 104); a 404 row checks that body.
 */
const userNotFoundWhen404 = (_call: Call, response: { statusCode: number; json(): unknown }) => {
  if (response.statusCode === 404)
    expect(response.json()).toEqual({ message: 'User not found', code: expect.any(String) });
};

export const blockScenarios: Scenario[] = [
  {
    route: 'GET /api/blocks',
    name: "each caller reads their own block list, never someone else's",
    expect: signedIn(200),
    setup: ownerBlocksStranger,
    request: ({ cookie }) => ({ method: 'GET', url: '/api/blocks', headers: cookie }),
    check: ({ world, role }, response) => {
      if (role === 'visitor') return;
      const ids = response.json().map((u: { id: string }) => u.id);
      // The blocked user does not see who blocked them; a moderator sees only their own list.
      expect(ids.sort()).toEqual(role === 'owner' ? [world.stranger.id, world.blocked.id].sort() : []);
      expect(response.body).not.toContain('@example.com');
    },
  },
  {
    route: 'GET /api/mutes',
    name: "each caller reads their own mutes, never someone else's",
    expect: signedIn(200),
    setup: async (ctx, world) => {
      await ctx.database.db.insert(userMutes).values({ userId: world.owner.id, mutedId: world.friend.id });
    },
    request: ({ cookie }) => ({ method: 'GET', url: '/api/mutes', headers: cookie }),
    check: ({ world, role }, response) => {
      if (role !== 'visitor')
        expect(response.json()).toEqual({ userIds: role === 'owner' ? [world.friend.id] : [], shroIds: [] });
    },
  },
  {
    route: 'GET /api/mutes/users',
    name: "each caller reads the people they muted, never someone else's",
    expect: signedIn(200),
    setup: async (ctx, world) => {
      await ctx.database.db.insert(userMutes).values({ userId: world.owner.id, mutedId: world.friend.id });
    },
    request: ({ cookie }) => ({ method: 'GET', url: '/api/mutes/users', headers: cookie }),
    check: ({ world, role }, response) => {
      if (role === 'visitor') return;
      expect(response.json().map((u: { id: string }) => u.id)).toEqual(role === 'owner' ? [world.friend.id] : []);
      expect(response.body).not.toContain('@example.com');
    },
  },
  {
    route: 'GET /api/mutes/sessions',
    name: "each caller reads the Shros they muted, never someone else's",
    expect: signedIn(200),
    setup: async (ctx, world) => {
      await ctx.database.db.insert(shroMutes).values({ userId: world.owner.id, shroId: world.publicShro.id });
    },
    request: ({ cookie }) => ({ method: 'GET', url: '/api/mutes/sessions', headers: cookie }),
    check: ({ world, role }, response) => {
      if (role === 'visitor') return;
      expect(response.json().map((s: { id: string }) => s.id)).toEqual(role === 'owner' ? [world.publicShro.id] : []);
    },
  },
  {
    route: 'POST /api/blocks/:id',
    name: 'anyone signed in may block the owner (a friendship ends); nobody blocks themselves',
    expect: { visitor: 401, stranger: 200, blocked: 200, moderator: 200, friend: 200, owner: 400 },
    fresh: true,
    request: onOwner('POST', 'block'),
    check: async ({ ctx, world, role }) => {
      const who = memberOf(world, role);
      if (who) expect((await blockedBy(ctx, who.id)).includes(world.owner.id)).toBe(role !== 'owner');
      expect(await ownerAndFriendStillFriends(ctx, world)).toBe(role !== 'friend');
    },
  },
  {
    route: 'DELETE /api/blocks/:id',
    name: "an unblock lifts only the caller's own block (the blocked one cannot lift the owner's)",
    expect: { visitor: 401, stranger: 200, blocked: 200, moderator: 200, friend: 200, owner: 400 },
    fresh: true,
    setup: async (ctx, world) => {
      await block(ctx, world.stranger, world.owner);
      await block(ctx, world.owner, world.friend);
    },
    request: onOwner('DELETE', 'block'),
    check: async ({ ctx, world, role }) => {
      expect((await rowsOf(ctx, world.stranger.id, 'blocks')).length).toBe(role === 'stranger' ? 0 : 1);
      // The owner's own blocks of the friend and of the blocked user stay whoever calls.
      expect((await blockedBy(ctx, world.owner.id)).sort()).toEqual([world.friend.id, world.blocked.id].sort());
    },
  },
  {
    route: 'POST /api/mutes/users/:id',
    name: 'anyone signed in may mute the owner, for themselves; nobody mutes themselves',
    expect: { visitor: 401, stranger: 200, blocked: 200, moderator: 200, friend: 200, owner: 400 },
    fresh: true,
    request: onOwner('POST', 'mute'),
    check: async ({ ctx, world, role }) => {
      const who = memberOf(world, role);
      if (who) expect((await rowsOf(ctx, who.id, 'userMutes')).length).toBe(role === 'owner' ? 0 : 1);
      expect(await ownerAndFriendStillFriends(ctx, world)).toBe(true);
    },
  },
  {
    route: 'DELETE /api/mutes/users/:id',
    name: "an unmute lifts only the caller's own mute",
    expect: { visitor: 401, stranger: 200, blocked: 200, moderator: 200, friend: 200, owner: 400 },
    fresh: true,
    setup: async (ctx, world) => {
      await ctx.database.db.insert(userMutes).values({ userId: world.stranger.id, mutedId: world.owner.id });
    },
    request: onOwner('DELETE', 'mute'),
    check: async ({ ctx, world, role }) =>
      expect((await rowsOf(ctx, world.stranger.id, 'userMutes')).length).toBe(role === 'stranger' ? 0 : 1),
  },
  {
    route: 'POST /api/sessions/:id/mute',
    name: 'only someone who can see a private Shro may mute it (not its blocked former recipient)',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 200, owner: 200 },
    fresh: true,
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.privateText.id}/mute`,
      headers: cookie,
    }),
    check: async ({ ctx, world, role }) => {
      const who = memberOf(world, role);
      if (who)
        expect((await rowsOf(ctx, who.id, 'shroMutes')).length).toBe(role === 'friend' || role === 'owner' ? 1 : 0);
    },
  },
  {
    route: 'POST /api/sessions/:id/mute',
    name: 'a blocked stranger cannot mute the public Shro of the owner who blocked them',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 200, friend: 200, owner: 200 },
    setup: ownerBlocksStranger,
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.publicShro.id}/mute`,
      headers: cookie,
    }),
  },
  {
    route: 'DELETE /api/sessions/:id/mute',
    name: 'only someone who can see a private Shro may unmute it',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 200, owner: 200 },
    request: ({ world, cookie }) => ({
      method: 'DELETE',
      url: `/api/sessions/${world.privateText.id}/mute`,
      headers: cookie,
    }),
  },
  {
    route: 'GET /api/sessions/:id',
    name: 'blocked: the owner’s public Shro does not exist for the stranger they blocked',
    expect: { visitor: 200, stranger: 404, blocked: 404, moderator: 200, friend: 200, owner: 200 },
    setup: ownerBlocksStranger,
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/sessions/${world.publicShro.id}`, headers: cookie }),
  },
  {
    route: 'POST /api/sessions/:id/select',
    name: 'blocked: the stranger the owner blocked cannot open a box of the owner’s public Shro',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 200, friend: 200, owner: 403 },
    fresh: true,
    setup: ownerBlocksStranger,
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.publicShro.id}/select`,
      headers: cookie,
      payload: { boxId: world.publicShro.boxes[0]!.id },
    }),
  },
  {
    route: 'GET /api/users/profile/:username',
    name: 'blocked: the owner’s profile is not found for the stranger they blocked',
    expect: { visitor: 200, stranger: 404, blocked: 404, moderator: 200, friend: 200, owner: 200 },
    setup: ownerBlocksStranger,
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/users/profile/${world.owner.username}`,
      headers: cookie,
    }),
  },
  {
    route: 'POST /api/friends/request',
    name: 'blocked: a request from the stranger the owner blocked answers as for nobody',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 201, friend: 409, owner: 400 },
    setup: ownerBlocksStranger,
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/friends/request',
      headers: cookie,
      payload: { friendId: world.owner.id },
    }),
  },

  // The blocker's side: the blocked person's public Shro does not exist for the owner either.
  {
    route: 'GET /api/sessions/:id',
    name: 'blocked, the other way: the public Shro of the person the owner blocked is 404 to the owner',
    expect: { visitor: 200, stranger: 200, blocked: 200, moderator: 200, friend: 200, owner: 404 },
    setup: blockedMakesPublicShro,
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/sessions/${blockedPublicId(world)}`,
      headers: cookie,
    }),
  },
  ...(['/api/explore', '/api/explore/trending', '/api/explore/search?q=one'] as const).map(
    (url): Scenario => ({
      route: `GET ${url.split('?')[0]}`,
      name: 'blocked, both ways: neither side is shown the other’s public Shro; everyone else sees both',
      expect: signedIn(200),
      setup: blockedMakesPublicShro,
      request: ({ cookie }) => ({ method: 'GET', url, headers: cookie }),
      check: ({ world, role }, response) => {
        if (response.statusCode !== 200) return;
        const [ownersShro, blockedsShro] = [world.publicShro.id, blockedPublicId(world)];
        if (role === 'owner') expect(response.body).not.toContain(blockedsShro);
        if (role === 'blocked') expect(response.body).not.toContain(ownersShro);
        // Trending needs picks; the newest list and the search show both to anyone else.
        if (!url.includes('trending') && (role === 'stranger' || role === 'moderator')) {
          expect(response.body).toContain(ownersShro);
          expect(response.body).toContain(blockedsShro);
        }
      },
    }),
  ),
  {
    route: 'GET /api/live',
    name: 'blocked, both ways: neither side may watch the other’s public Shro',
    expect: { visitor: 200, stranger: 200, blocked: 200, moderator: 200, friend: 200, owner: 200 },
    stream: true,
    setup: blockedMakesPublicShro,
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/live?watch=${world.publicShro.id},${blockedPublicId(world)}`,
      headers: cookie,
    }),
    check: ({ world, role }, response) => {
      const ready = JSON.parse(response.body) as { type: string; watching: string[] };
      const both = [world.publicShro.id, blockedPublicId(world)];
      const expected = role === 'owner' ? [world.publicShro.id] : role === 'blocked' ? [blockedPublicId(world)] : both;
      expect(ready.watching.sort()).toEqual(expected.sort());
    },
  },
  {
    route: 'POST /api/reports',
    name: 'blocked, the other way: the owner cannot report the public Shro of the person they blocked (404)',
    expect: { visitor: 401, stranger: 201, blocked: 400, moderator: 201, friend: 201, owner: 404 },
    setup: blockedMakesPublicShro,
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/reports',
      headers: cookie,
      payload: { targetType: 'shro', targetId: blockedPublicId(world), reason: 'spam' },
    }),
  },
  {
    route: 'GET /api/users/stats/:id',
    name: 'blocked: the owner’s counters are not found for the stranger they blocked',
    expect: { visitor: 200, stranger: 404, blocked: 404, moderator: 200, friend: 200, owner: 200 },
    setup: ownerBlocksStranger,
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/users/stats/${world.owner.id}`, headers: cookie }),
    check: userNotFoundWhen404,
  },
  {
    route: 'GET /api/users/stats/:id',
    name: 'blocked: the counters of the person the owner blocked are not found for the owner',
    expect: { visitor: 200, stranger: 200, blocked: 200, moderator: 200, friend: 200, owner: 404 },
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/users/stats/${world.blocked.id}`, headers: cookie }),
    check: userNotFoundWhen404,
  },
  {
    route: 'GET /api/users/achievements/:id',
    name: 'blocked: the owner’s achievements are not found for the stranger they blocked',
    expect: { visitor: 200, stranger: 404, blocked: 404, moderator: 200, friend: 200, owner: 200 },
    setup: ownerBlocksStranger,
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/users/achievements/${world.owner.id}`,
      headers: cookie,
    }),
    check: userNotFoundWhen404,
  },
  {
    route: 'GET /api/users/achievements/:id',
    name: 'blocked: the achievements of the person the owner blocked are not found for the owner',
    expect: { visitor: 200, stranger: 200, blocked: 200, moderator: 200, friend: 200, owner: 404 },
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/users/achievements/${world.blocked.id}`,
      headers: cookie,
    }),
    check: userNotFoundWhen404,
  },
  {
    route: 'GET /api/friends/status/:id',
    name: 'blocked: the stranger the owner blocked gets no friendship status with the owner',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 200, friend: 200, owner: 200 },
    setup: ownerBlocksStranger,
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/friends/status/${world.owner.id}`, headers: cookie }),
    check: userNotFoundWhen404,
  },
  {
    route: 'GET /api/friends/status/:id',
    name: 'blocked: the owner gets no friendship status with the person they blocked',
    expect: { visitor: 401, stranger: 200, blocked: 200, moderator: 200, friend: 200, owner: 404 },
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/friends/status/${world.blocked.id}`,
      headers: cookie,
    }),
    check: userNotFoundWhen404,
  },
];

import { and, eq, or } from 'drizzle-orm';
import { expect } from 'vitest';
import { friendships, shroMutes, userBlocks, userMutes } from '../../server/db/schema/index';
import { block } from '../../server/test/factories';
import type { TestContext } from '../../server/test/test-app';
import type { World } from '../support/world';
import { type Call, memberOf, type Scenario } from './authorization-rows';

/**
 * Matrix rows of block and mute (docs/decisions/104-block-and-mute.md). The "blocked user" role
 * is the stranger after the owner blocked them: each row below named "blocked" sets that up and
 * expects the blocked stranger to get what a caller gets for something that does not exist.
 */

const signedIn = (status: number) => ({ visitor: 401, stranger: status, friend: status, owner: status });

/** The rows `table` holds with `column` = the caller. */
async function rowsOf(ctx: TestContext, who: string, which: 'blocks' | 'userMutes' | 'shroMutes') {
  const { db } = ctx.database;
  if (which === 'blocks') return db.select().from(userBlocks).where(eq(userBlocks.blockerId, who));
  if (which === 'userMutes') return db.select().from(userMutes).where(eq(userMutes.userId, who));
  return db.select().from(shroMutes).where(eq(shroMutes.userId, who));
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
  url: `/api/users/${call.world.owner.id}/${what}`,
  headers: call.cookie,
});

/** The owner blocked the stranger, straight in the database. */
const ownerBlocksStranger = async (ctx: TestContext, world: World) => block(ctx, world.owner, world.stranger);

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
      expect(ids).toEqual(role === 'owner' ? [world.stranger.id] : []);
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
    route: 'POST /api/users/:id/block',
    name: 'anyone signed in may block the owner (a friendship ends); nobody blocks themselves',
    expect: { visitor: 401, stranger: 200, friend: 200, owner: 400 },
    fresh: true,
    request: onOwner('POST', 'block'),
    check: async ({ ctx, world, role }) => {
      const who = memberOf(world, role);
      if (who) expect((await rowsOf(ctx, who.id, 'blocks')).length).toBe(role === 'owner' ? 0 : 1);
      expect(await ownerAndFriendStillFriends(ctx, world)).toBe(role !== 'friend');
    },
  },
  {
    route: 'DELETE /api/users/:id/block',
    name: "an unblock lifts only the caller's own block",
    expect: { visitor: 401, stranger: 200, friend: 200, owner: 400 },
    fresh: true,
    setup: async (ctx, world) => {
      await block(ctx, world.stranger, world.owner);
      await block(ctx, world.owner, world.friend);
    },
    request: onOwner('DELETE', 'block'),
    check: async ({ ctx, world, role }) => {
      expect((await rowsOf(ctx, world.stranger.id, 'blocks')).length).toBe(role === 'stranger' ? 0 : 1);
      // The owner's own block of the friend stays whoever calls.
      expect((await rowsOf(ctx, world.owner.id, 'blocks')).length).toBe(1);
    },
  },
  {
    route: 'POST /api/users/:id/mute',
    name: 'anyone signed in may mute the owner, for themselves; nobody mutes themselves',
    expect: { visitor: 401, stranger: 200, friend: 200, owner: 400 },
    fresh: true,
    request: onOwner('POST', 'mute'),
    check: async ({ ctx, world, role }) => {
      const who = memberOf(world, role);
      if (who) expect((await rowsOf(ctx, who.id, 'userMutes')).length).toBe(role === 'owner' ? 0 : 1);
      expect(await ownerAndFriendStillFriends(ctx, world)).toBe(true);
    },
  },
  {
    route: 'DELETE /api/users/:id/mute',
    name: "an unmute lifts only the caller's own mute",
    expect: { visitor: 401, stranger: 200, friend: 200, owner: 400 },
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
    name: 'only someone who can see a private Shro may mute it',
    expect: { visitor: 401, stranger: 404, friend: 200, owner: 200 },
    fresh: true,
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.privateText.id}/mute`,
      headers: cookie,
    }),
    check: async ({ ctx, world, role }) => {
      const who = memberOf(world, role);
      if (who) expect((await rowsOf(ctx, who.id, 'shroMutes')).length).toBe(role === 'stranger' ? 0 : 1);
    },
  },
  {
    route: 'POST /api/sessions/:id/mute',
    name: 'a blocked stranger cannot mute the public Shro of the owner who blocked them',
    expect: { visitor: 401, stranger: 404, friend: 200, owner: 200 },
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
    expect: { visitor: 401, stranger: 404, friend: 200, owner: 200 },
    request: ({ world, cookie }) => ({
      method: 'DELETE',
      url: `/api/sessions/${world.privateText.id}/mute`,
      headers: cookie,
    }),
  },
  {
    route: 'GET /api/sessions/:id',
    name: 'blocked: the owner’s public Shro does not exist for the stranger they blocked',
    expect: { visitor: 200, stranger: 404, friend: 200, owner: 200 },
    setup: ownerBlocksStranger,
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/sessions/${world.publicShro.id}`, headers: cookie }),
  },
  {
    route: 'POST /api/sessions/:id/select',
    name: 'blocked: the stranger the owner blocked cannot open a box of the owner’s public Shro',
    expect: { visitor: 401, stranger: 404, friend: 200, owner: 403 },
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
    expect: { visitor: 200, stranger: 404, friend: 200, owner: 200 },
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
    expect: { visitor: 401, stranger: 404, friend: 409, owner: 400 },
    setup: ownerBlocksStranger,
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/friends/request',
      headers: cookie,
      payload: { friendId: world.owner.id },
    }),
  },
];

import { createHash, randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import { expect } from 'vitest';
import { INVITE_MAX_USES } from '../../contract/invites';
import { friendships, invites, users } from '../../server/db/schema/index';
import { TEST_PASSWORD } from '../../server/test/factories';
import type { TestContext } from '../../server/test/test-app';
import type { World } from '../support/world';
import { everyone, memberOf, signedIn } from './authorization-roles';
import type { Scenario } from './authorization-rows';

/** Matrix rows of invite links (docs/decisions/124-invitations.md). */

/** The owner's invite of this world: its token (43 base64url characters, like the app's) and id, from the owner's id. */
const ownerToken = (world: World) => createHash('sha256').update(`invite:${world.owner.id}`).digest('base64url');
const ownerInviteId = (world: World) => `invite-${world.owner.id}`;

async function ownerInvite(ctx: TestContext, world: World) {
  await ctx.database.db
    .insert(invites)
    .values({
      id: ownerInviteId(world),
      tokenHash: createHash('sha256').update(ownerToken(world)).digest('hex'),
      inviterId: world.owner.id,
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      maxUses: INVITE_MAX_USES,
    })
    .onConflictDoNothing();
}

const invitesOf = (ctx: TestContext, userId: string) =>
  ctx.database.db.select().from(invites).where(eq(invites.inviterId, userId));

export const inviteScenarios: Scenario[] = [
  {
    route: 'POST /api/invites',
    name: 'an invite is made for the caller only',
    expect: signedIn(201),
    request: ({ cookie }) => ({ method: 'POST', url: '/api/invites', headers: cookie }),
    check: async ({ ctx, world, role }, response) => {
      if (response.statusCode !== 201) return;
      const [row] = await ctx.database.db.select().from(invites).where(eq(invites.id, response.json().id));
      expect(row!.inviterId).toBe(memberOf(world, role)!.id);
    },
  },
  {
    route: 'POST /api/invites',
    name: "only the creator's link Shro can carry their invite; it does not exist for someone they blocked",
    expect: { visitor: 401, stranger: 400, blocked: 404, moderator: 400, friend: 400, owner: 201 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/invites',
      headers: cookie,
      payload: { shroId: world.link.id },
    }),
  },
  {
    route: 'POST /api/invites',
    name: "a private Shro is nobody's invite, and stays unseen by others",
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 400, owner: 400 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/invites',
      headers: cookie,
      payload: { shroId: world.privateText.id },
    }),
  },
  {
    route: 'GET /api/invites',
    name: "the list holds the caller's own invites only",
    expect: signedIn(200),
    setup: ownerInvite,
    request: ({ cookie }) => ({ method: 'GET', url: '/api/invites', headers: cookie }),
    check: ({ world, role }, response) => {
      if (response.statusCode !== 200) return;
      const ids = response.json().map((i: { id: string }) => i.id);
      if (role === 'owner') expect(ids).toContain(ownerInviteId(world));
      else expect(ids).not.toContain(ownerInviteId(world));
    },
  },
  {
    route: 'GET /api/invites/:token',
    name: "anyone with the token sees the inviter's public profile, nothing more; not someone the inviter blocked",
    expect: { ...everyone(200), blocked: 404 },
    setup: ownerInvite,
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/invites/${ownerToken(world)}`, headers: cookie }),
    check: async ({ ctx, world, role }, response) => {
      if (response.statusCode !== 200) return;
      expect(response.json().inviter).toEqual({
        id: world.owner.id,
        username: world.owner.username,
        firstName: world.owner.firstName,
        lastName: world.owner.lastName,
        profileImageUrl: world.owner.profileImageUrl,
      });
      expect(response.body).not.toContain(world.owner.email);
      // Looking is not joining: the invite is not used, nobody is befriended.
      const [row] = await invitesOf(ctx, world.owner.id);
      expect(row!.uses).toBe(0);
      const member = memberOf(world, role);
      if (member && role !== 'friend' && role !== 'owner') {
        const ownerFriends = await ctx.app.inject({
          method: 'GET',
          url: '/api/friends',
          headers: { cookie: world.owner.cookie },
        });
        expect(ownerFriends.json().map((u: { id: string }) => u.id)).not.toContain(member.id);
      }
    },
  },
  {
    route: 'DELETE /api/invites/:token',
    name: "only the inviter may revoke the owner's invite",
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 404, owner: 200 },
    fresh: true,
    setup: ownerInvite,
    request: ({ world, cookie }) => ({
      method: 'DELETE',
      url: `/api/invites/${ownerInviteId(world)}`,
      headers: cookie,
    }),
    check: async ({ ctx, world, role }) => {
      expect(await invitesOf(ctx, world.owner.id)).toHaveLength(role === 'owner' ? 0 : 1);
    },
  },
  {
    route: 'POST /api/register',
    name: 'an invite befriends the new account with the inviter, never the caller',
    expect: everyone(201),
    setup: ownerInvite,
    request: ({ world, cookie }) => {
      const username = `inv_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
      return {
        method: 'POST',
        url: '/api/register',
        headers: cookie,
        payload: {
          username,
          email: `${username}@example.com`,
          password: TEST_PASSWORD,
          confirmPassword: TEST_PASSWORD,
          acceptTerms: true,
          inviteToken: ownerToken(world),
        },
      };
    },
    check: async ({ ctx, world, role }, response) => {
      const created = response.json();
      const [account] = await ctx.database.db.select().from(users).where(eq(users.id, created.id));
      expect(account!.username).toBe(created.username);
      // Read in the database: registering while signed in replaces the caller's auth session (the owner's too).
      const pairs = await ctx.database.db
        .select()
        .from(friendships)
        .where(or(eq(friendships.userLowId, world.owner.id), eq(friendships.userHighId, world.owner.id)));
      const friendIds = pairs.map((p) => (p.userLowId === world.owner.id ? p.userHighId : p.userLowId));
      expect(friendIds).toContain(created.id);
      // The caller's own standing with the owner is what it was: the friend stays, everyone else stays out.
      const member = memberOf(world, role);
      if (member && role !== 'owner') {
        if (role === 'friend') expect(friendIds).toContain(member.id);
        else expect(friendIds).not.toContain(member.id);
      }
    },
  },
];

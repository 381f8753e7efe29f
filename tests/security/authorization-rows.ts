import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Shro } from '../../contract/shro-views';
import { TERMS_VERSION } from '../../contract/terms';
import { users } from '../../server/db/schema/index';
import { png, TEST_PASSWORD } from '../../server/test/factories';
import { multipart } from '../../server/test/multipart';
import type { TestContext } from '../../server/test/test-app';
import type { World } from '../support/world';
import { type Expectation, everyone, memberOf, type Role, signedIn } from './authorization-roles';
import { accountScenarios } from './authorization-rows-account';
import { blockScenarios } from './authorization-rows-blocks';
import { deviceScenarios } from './authorization-rows-devices';
import { inviteScenarios } from './authorization-rows-invites';
import { moderationScenarios } from './authorization-rows-moderation';
import { passkeyScenarios } from './authorization-rows-passkeys';
import { passwordResetScenarios } from './authorization-rows-password-reset';
import { previewScenarios } from './authorization-rows-preview';
import { pushScenarios } from './authorization-rows-push';

/**
 * The authorization matrix: for every API route, what each kind of caller gets. The callers
 * (visitor, stranger, blocked, moderator, friend, owner) are described in ./authorization-roles.ts;
 * every row names all of them.
 *
 * A route may have several scenarios (a private Shro, a link, an image nobody opened, …). The
 * matrix test fails for a route without rows and for rows naming a route the app does not have.
 */
export { everyone, memberOf, ROLES, type Role, signedIn } from './authorization-roles';

export interface Call {
  ctx: TestContext;
  world: World;
  role: Role;
  /** The Cookie header of the role (none for the visitor). */
  cookie: Record<string, string>;
}

export interface Scenario {
  route: string;
  name: string;
  /** Status each role must get (several = any of them). */
  expect: Expectation;
  request(call: Call): InjectOptions | Promise<InjectOptions>;
  /** Extra checks after the call (what the answer must or must not contain, what must not change). */
  check?(call: Call, response: LightMyRequestResponse): void | Promise<void>;
  /** A new world for every role, for calls whose success changes what the next role would see. */
  fresh?: boolean;
  /** Runs once the world exists, before the calls. */
  setup?(ctx: TestContext, world: World): Promise<void>;
  /** Calls that never finish by themselves (event streams) go over real HTTP, read until `ready`. */
  stream?: boolean;
  /**
   * A cell the server gets wrong today: `expect` states the right answer, and this role's call
   * runs on its own as `it.fails` (with the file:line of the bug), so the matrix stays green until
   * the fix lands and then fails until this marker is removed.
   */
  knownBug?: { role: Role; where: string };
}

/** Every box of a Shro JSON holds no content at all. */
export function expectNoBoxContent(shro: Shro) {
  for (const box of shro.boxes) {
    expect({ label: box.label, imageUrl: box.imageUrl, textContent: box.textContent, salt: box.salt }).toEqual({
      label: null,
      imageUrl: null,
      textContent: null,
      salt: null,
    });
  }
  expect(shro.winningBoxId).toBeNull();
  expect(shro.winningSalt).toBeNull();
}

const json = (response: LightMyRequestResponse) => response.json();
const get = (url: string) => (call: Call) => ({ method: 'GET' as const, url, headers: call.cookie });
const unique = () => randomUUID().replaceAll('-', '').slice(0, 8);

/** The owner's row as stored, for "nobody else changed it" checks. */
async function ownerRow(ctx: TestContext, world: World) {
  const rows = await ctx.database.db.select().from(users);
  const row = rows.find((r) => r.id === world.owner.id)!;
  return { username: row.username, firstName: row.firstName, lastName: row.lastName, image: row.profileImageUrl };
}

/** Messages to the owner that the owner has not read (the friend's "hi owner" in a fresh world). */
async function ownerUnreadMessages(ctx: TestContext, world: World): Promise<number> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/chat/unread-count',
    headers: { cookie: world.owner.cookie },
  });
  return response.json() as number;
}

export const scenarios: Scenario[] = [
  // ---- accounts -------------------------------------------------------------------------------
  {
    route: 'POST /api/register',
    name: 'anyone may register a new account',
    expect: everyone(201),
    request: ({ cookie }) => {
      const username = `reg_${unique()}`;
      return {
        method: 'POST',
        url: '/api/register',
        headers: cookie,
        payload: {
          username,
          email: `${username}@example.com`,
          password: 'secret123',
          confirmPassword: 'secret123',
          acceptTerms: true,
        },
      };
    },
    check: (_call, response) => expect(json(response)).not.toHaveProperty('passwordHash'),
  },
  {
    route: 'POST /api/login',
    name: "only the account holder's password signs in as the owner",
    expect: { visitor: 401, stranger: 401, blocked: 401, moderator: 401, friend: 401, owner: 200 },
    request: ({ world, role, cookie }) => ({
      method: 'POST',
      url: '/api/login',
      headers: cookie,
      // Everyone tries the owner's username; only the owner knows its password.
      payload: { username: world.owner.username, password: role === 'owner' ? TEST_PASSWORD : 'not-the-password' },
    }),
  },
  {
    route: 'POST /api/logout',
    name: "logout ends the caller's own auth session only",
    expect: everyone(200),
    request: ({ cookie }) => ({ method: 'POST', url: '/api/logout', headers: cookie }),
    check: async ({ ctx, world, role }) => {
      // Whoever logged out, the owner (unless it was them) is still signed in.
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: world.owner.cookie },
      });
      expect(me.statusCode).toBe(role === 'owner' ? 401 : 200);
    },
  },
  {
    route: 'GET /api/auth/user',
    name: 'the current user is always the caller, with their own language',
    expect: signedIn(200),
    setup: async (ctx, world) => {
      // Through the API: the owner's session is already cached.
      const chosen = await ctx.app.inject({
        method: 'PUT',
        url: '/api/account/locale',
        headers: { cookie: world.owner.cookie },
        payload: { locale: 'ja' },
      });
      expect(chosen.statusCode).toBe(200);
    },
    request: get('/api/auth/user'),
    check: ({ world, role }, response) => {
      if (response.statusCode !== 200) return;
      expect(json(response)).toMatchObject({ id: memberOf(world, role)!.id, locale: role === 'owner' ? 'ja' : null });
    },
  },
  {
    route: 'PUT /api/auth/username',
    name: 'a username change applies to the caller only',
    expect: signedIn(200),
    request: ({ cookie }) => ({
      method: 'PUT',
      url: '/api/auth/username',
      headers: cookie,
      payload: { username: `new_${unique()}` },
    }),
    check: async ({ ctx, world, role }) => {
      if (role !== 'owner') expect((await ownerRow(ctx, world)).username).toBe(world.owner.username);
    },
  },
  ...deviceScenarios,
  ...passkeyScenarios,
  ...accountScenarios,
  ...passwordResetScenarios,
  ...moderationScenarios,
  ...previewScenarios,
  {
    route: 'POST /api/auth/accept-terms',
    name: 'accepting the terms records it for the caller only',
    expect: signedIn(200),
    request: ({ cookie }) => ({
      method: 'POST',
      url: '/api/auth/accept-terms',
      headers: cookie,
      payload: { version: TERMS_VERSION },
    }),
    check: ({ world, role }, response) => {
      if (response.statusCode === 200) {
        expect(json(response)).toMatchObject({ id: memberOf(world, role)!.id, mustAcceptTerms: false });
      }
    },
  },
  {
    route: 'PATCH /api/profile',
    name: 'a profile edit applies to the caller only',
    expect: signedIn(200),
    request: ({ cookie }) => ({
      method: 'PATCH',
      url: '/api/profile',
      headers: cookie,
      payload: { firstName: 'Changed', lastName: 'Name', username: `edit_${unique()}` },
    }),
    check: async ({ ctx, world, role }) => {
      const row = await ownerRow(ctx, world);
      if (role !== 'owner') expect(row).toMatchObject({ username: world.owner.username, firstName: null });
      else expect(row.firstName).toBe('Changed');
    },
  },
  {
    route: 'PATCH /api/profile',
    name: 'a profile picture upload applies to the caller only',
    expect: signedIn(200),
    request: async ({ cookie }) => {
      const form = await multipart({ firstName: 'Pic' }, [
        {
          field: 'profileImage',
          data: await png(48, 48, { r: 10, g: 10, b: 200 }),
          filename: 'me.png',
          type: 'image/png',
        },
      ]);
      return { method: 'PATCH', url: '/api/profile', headers: { ...cookie, ...form.headers }, payload: form.payload };
    },
    check: async ({ ctx, world, role }) => {
      const row = await ownerRow(ctx, world);
      expect(row.image === null).toBe(role !== 'owner');
    },
  },
  {
    route: 'GET /api/users/profile/:username',
    name: 'public profiles are public and never carry an email; not found for someone the owner blocked',
    expect: { ...everyone(200), blocked: 404 },
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/users/profile/${world.owner.username}`,
      headers: cookie,
    }),
    check: (_call, response) => expect(json(response)).not.toHaveProperty('email'),
  },
  {
    route: 'GET /api/users/stats/:id',
    name: "anyone may read a user's counters, but someone the owner blocked (decision 104)",
    expect: { ...everyone(200), blocked: 404 },
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/users/stats/${world.owner.id}`, headers: cookie }),
  },
  {
    route: 'GET /api/users/achievements/:id',
    name: "anyone may read a user's unlocked achievements, but someone the owner blocked (decision 104)",
    expect: { ...everyone(200), blocked: 404 },
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/users/achievements/${world.owner.id}`,
      headers: cookie,
    }),
  },
  {
    route: 'GET /api/stats',
    name: 'own counters need a sign-in',
    expect: signedIn(200),
    request: get('/api/stats'),
  },
  {
    route: 'GET /api/achievements',
    name: 'own achievements need a sign-in',
    expect: signedIn(200),
    request: get('/api/achievements'),
  },
  {
    route: 'GET /api/users/online-status',
    name: 'presence is shared with friends only (strangers, moderators and a blocked ex-friend read false)',
    expect: signedIn(200),
    setup: async (ctx, world) => {
      await ctx.database.db.update(users).set({ lastSeenAt: new Date() });
      void world;
    },
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/users/online-status?userIds=${world.owner.id}`,
      headers: cookie,
    }),
    check: ({ world, role }, response) => {
      if (response.statusCode === 200)
        expect(json(response)[world.owner.id]).toBe(role === 'friend' || role === 'owner');
    },
  },

  // ---- the game ---------------------------------------------------------------------------------
  {
    route: 'POST /api/sessions',
    name: 'creating a Shro needs a sign-in',
    expect: signedIn(201),
    request: ({ cookie }) => ({
      method: 'POST',
      url: '/api/sessions',
      headers: cookie,
      payload: { title: 'New', type: 'text', isShareable: true, textOptions: [{ content: 'a' }, { content: 'b' }] },
    }),
  },
  {
    route: 'POST /api/sessions',
    name: 'a private Shro can only go to the caller’s own friends',
    expect: { visitor: 401, stranger: 400, blocked: 400, moderator: 400, friend: 400, owner: 201 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/sessions',
      headers: cookie,
      // Sent to the owner's friend: only the owner is that user's friend.
      payload: {
        title: 'To a friend',
        type: 'text',
        recipients: [world.friend.id],
        textOptions: [{ content: 'a' }, { content: 'b' }],
      },
    }),
  },
  {
    route: 'POST /api/sessions',
    name: 'no private Shro crosses a block, either way (the block ended the friendship)',
    expect: { visitor: 401, stranger: 400, blocked: 400, moderator: 400, friend: 201, owner: 400 },
    request: ({ world, role, cookie }) => ({
      method: 'POST',
      url: '/api/sessions',
      headers: cookie,
      // The owner sends to the person they blocked; everyone else to the owner.
      payload: {
        title: 'Across a block',
        type: 'text',
        recipients: [role === 'owner' ? world.blocked.id : world.owner.id],
        textOptions: [{ content: 'a' }, { content: 'b' }],
      },
    }),
  },
  {
    route: 'GET /api/sessions',
    name: "history lists the caller's own Shros only; none from someone who blocked the caller",
    expect: signedIn(200),
    request: get('/api/sessions?pageSize=50'),
    check: ({ world, role }, response) => {
      if (response.statusCode !== 200) return;
      const ids = (json(response).items as { id: string }[]).map((i) => i.id);
      const mine = {
        stranger: [],
        blocked: [],
        moderator: [],
        friend: [world.privateImage.id, world.privateText.id],
        owner: null,
      }[role as Exclude<Role, 'visitor'>];
      if (mine) expect(ids.sort()).toEqual([...mine].sort());
      else expect(ids).toHaveLength(4);
    },
  },
  {
    route: 'GET /api/sessions/:id',
    name: 'a private Shro is 404 to all but creator and recipients; unopened boxes stay hidden',
    expect: { visitor: 404, stranger: 404, blocked: 404, moderator: 404, friend: 200, owner: 200 },
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/sessions/${world.privateText.id}`, headers: cookie }),
    check: ({ role }, response) => {
      if (role === 'friend') expectNoBoxContent(json(response));
      if (role === 'owner')
        expect(json(response).boxes.every((b: { textContent: unknown }) => b.textContent)).toBe(true);
      if (response.statusCode === 404) expect(response.body).not.toContain('Dinner');
    },
  },
  {
    route: 'GET /api/sessions/:id',
    name: 'a recipient who opened a box sees that box only',
    expect: { visitor: 404, stranger: 404, blocked: 404, moderator: 404, friend: 200, owner: 200 },
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/sessions/${world.privateImage.id}`, headers: cookie }),
    check: ({ world, role }, response) => {
      if (role !== 'friend') return;
      const shro: Shro = json(response);
      for (const box of shro.boxes) {
        const opened = box.id === world.friendView.selectedBoxId;
        expect(box.imageUrl !== null).toBe(opened);
      }
    },
  },
  {
    route: 'GET /api/sessions/:id',
    name: 'a link Shro is readable by anyone but someone its creator blocked, with no box content before opening',
    expect: { ...everyone(200), blocked: 404 },
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/sessions/${world.link.id}`, headers: cookie }),
    check: ({ role }, response) => {
      if (response.statusCode === 200 && role !== 'owner') expectNoBoxContent(json(response));
    },
  },
  {
    route: 'GET /api/sessions/:id',
    name: 'a public Shro is readable by anyone but someone its creator blocked, with no box content before opening',
    expect: { ...everyone(200), blocked: 404 },
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/sessions/${world.publicShro.id}`, headers: cookie }),
    check: ({ role }, response) => {
      if (response.statusCode === 200 && role !== 'owner') expectNoBoxContent(json(response));
    },
  },
  {
    route: 'DELETE /api/sessions/:id',
    name: 'the creator deletes, a recipient hides from their own history, anyone else 404',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 200, owner: 200 },
    request: ({ world, cookie }) => ({
      method: 'DELETE',
      url: `/api/sessions/${world.privateText.id}`,
      headers: cookie,
    }),
    check: async ({ ctx, world, role }, response) => {
      if (role === 'friend') expect(json(response).result).toBe('hidden');
      if (role === 'owner') expect(json(response).result).toBe('deleted');
      const stillThere = await ctx.app.inject({
        method: 'GET',
        url: `/api/sessions/${world.privateText.id}`,
        headers: { cookie: world.owner.cookie },
      });
      expect(stillThere.statusCode).toBe(role === 'owner' ? 404 : 200);
    },
  },
  {
    route: 'DELETE /api/sessions/:id',
    name: 'someone who only looked at a link cannot delete or hide it',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 404, owner: 200 },
    request: ({ world, cookie }) => ({ method: 'DELETE', url: `/api/sessions/${world.link.id}`, headers: cookie }),
  },
  {
    route: 'POST /api/sessions/:id/select',
    name: 'only a recipient may open a box of a private Shro; the creator never',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 200, owner: 403 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.privateText.id}/select`,
      headers: cookie,
      payload: { boxId: world.privateText.boxes[0]!.id },
    }),
  },
  {
    route: 'POST /api/sessions/:id/select',
    name: 'any signed-in user may open a box of a link Shro; the creator never',
    expect: { visitor: 401, stranger: 200, blocked: 404, moderator: 200, friend: 200, owner: 403 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.link.id}/select`,
      headers: cookie,
      payload: { boxId: world.link.boxes[0]!.id },
    }),
  },
  {
    route: 'POST /api/sessions/:id/select',
    name: 'a second pick is refused with "already"',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 409, owner: 403 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.privateImage.id}/select`,
      headers: cookie,
      payload: { boxId: world.privateImage.boxes[2]!.id },
    }),
    check: ({ role }, response) => {
      if (role === 'friend') expect(json(response).message).toMatch(/already/);
    },
  },
  {
    route: 'POST /api/sessions/:id/react',
    name: 'only someone who opened a box may react; the creator never',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 200, owner: 403 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.privateImage.id}/react`,
      headers: cookie,
      payload: { emoji: '🔥' },
    }),
  },
  {
    route: 'POST /api/sessions/:id/react',
    name: 'looking at a link Shro without opening a box gives no right to react',
    expect: { visitor: 401, stranger: 403, blocked: 404, moderator: 403, friend: 403, owner: 403 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.link.id}/react`,
      headers: cookie,
      payload: { emoji: '🔥' },
    }),
  },
  {
    route: 'POST /api/sessions/:id/share',
    name: 'a private Shro can be shared by its creator and recipients only',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 200, owner: 200 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.privateText.id}/share`,
      headers: cookie,
    }),
  },
  {
    route: 'POST /api/sessions/:id/copy',
    name: 'only the creator may share a link again; a private Shro is 404 to strangers',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 403, owner: 400 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.privateText.id}/copy`,
      headers: cookie,
      payload: { expiresAt: null },
    }),
  },
  {
    route: 'POST /api/sessions/:id/copy',
    name: 'a link is copied by its creator only',
    expect: { visitor: 401, stranger: 403, blocked: 404, moderator: 403, friend: 403, owner: 201 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.link.id}/copy`,
      headers: cookie,
      payload: { expiresAt: null },
    }),
    check: ({ world, role }, response) => {
      if (role === 'owner')
        expect(json(response)).toMatchObject({ title: world.link.title, creatorId: world.owner.id });
    },
  },
  {
    route: 'POST /api/sessions/:id/nudge',
    name: 'only the creator nudges a private Shro; recipients are refused, others find nothing',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 403, owner: 202 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.privateText.id}/nudge`,
      headers: cookie,
    }),
    check: ({ role }, response) => {
      if (role === 'owner') expect(json(response)).toEqual({ nudged: expect.any(Number) });
    },
  },
  {
    route: 'POST /api/sessions/:id/nudge',
    name: 'a link Shro has no recipients to nudge, even for its creator',
    expect: { visitor: 401, stranger: 403, blocked: 404, moderator: 403, friend: 403, owner: 400 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: `/api/sessions/${world.link.id}/nudge`,
      headers: cookie,
    }),
  },
  {
    route: 'GET /api/home',
    name: "the home inbox lists the caller's own waiting and open Shros only, never box content",
    expect: signedIn(200),
    request: get('/api/home'),
    check: ({ world, role }, response) => {
      if (response.statusCode !== 200) return;
      const body = json(response) as { waiting: { id: string }[]; live: { id: string }[] };
      expect(JSON.stringify(body)).not.toMatch(/"boxes"|"textContent"|"salt"/);
      const expected = {
        stranger: { waiting: [], live: [] },
        // The blocked one received the private text Shro before the block: it is gone from their inbox.
        blocked: { waiting: [], live: [] },
        moderator: { waiting: [], live: [] },
        friend: { waiting: [world.privateText.id], live: [] },
        owner: { waiting: [], live: [world.link.id, world.publicShro.id, world.privateText.id].sort() },
      }[role as Exclude<Role, 'visitor'>];
      expect({ waiting: body.waiting.map((i) => i.id), live: body.live.map((i) => i.id).sort() }).toEqual(expected);
    },
  },
  {
    route: 'GET /api/uploads/:key',
    name: 'an image nobody opened reaches the creator only',
    expect: { visitor: 404, stranger: 404, blocked: 404, moderator: 404, friend: 404, owner: 200 },
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/uploads/${world.unopenedImageKey}`, headers: cookie }),
    check: (_call, response) => {
      if (response.statusCode === 404)
        expect(json(response)).toEqual({ message: 'Image not found', code: expect.any(String) });
      else expect(response.headers['content-type']).toBe('image/webp');
    },
  },
  {
    route: 'GET /api/uploads/:key',
    name: 'an opened image reaches the creator and whoever opened it, unless the creator blocked them since',
    expect: { visitor: 404, stranger: 404, blocked: 404, moderator: 404, friend: 200, owner: 200 },
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/uploads/${world.openedImageKey}`, headers: cookie }),
    // The Shro does not exist for the blocked one any more (decision 104), nor the image they
    // opened before the block.
  },
  {
    route: 'GET /api/uploads/:key',
    name: 'avatars are public',
    expect: everyone(200),
    setup: async (ctx, world) => {
      const form = await multipart({}, [
        { field: 'profileImage', data: await png(48, 48, { r: 1, g: 2, b: 3 }), filename: 'a.png', type: 'image/png' },
      ]);
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie: world.owner.cookie, ...form.headers },
        payload: form.payload,
      });
      const url: string = response.json().profileImageUrl;
      (world as World & { avatarKey?: string }).avatarKey = url.split('/').pop();
    },
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/uploads/${(world as World & { avatarKey?: string }).avatarKey}`,
      headers: cookie,
    }),
  },

  // ---- explore ----------------------------------------------------------------------------------
  ...(['/api/explore', '/api/explore/trending', '/api/explore/search?q=one'] as const).map(
    (url): Scenario => ({
      route: `GET ${url.split('?')[0]}`,
      name: 'explore needs a sign-in and lists public Shros only, without box content, none of a blocker',
      expect: signedIn(200),
      request: get(url),
      check: ({ world, role }, response) => {
        if (response.statusCode !== 200) return;
        const text = response.body;
        if (role === 'blocked') expect(text).not.toContain(world.publicShro.id);
        for (const hidden of [world.privateText.id, world.privateImage.id, world.link.id])
          expect(text).not.toContain(hidden);
        for (const content of ['Pizza', 'Sushi', 'Tacos', 'Curry']) expect(text).not.toContain(content);
      },
    }),
  ),

  // ---- friends ----------------------------------------------------------------------------------
  {
    route: 'GET /api/friends',
    name: 'friend lists are the caller’s own',
    expect: signedIn(200),
    request: get('/api/friends'),
    check: ({ world, role }, response) => {
      if (response.statusCode !== 200) return;
      const ids = (json(response) as { id: string }[]).map((f) => f.id);
      // The block ended the friendship with the blocked one, on both sides.
      const expected = { stranger: [], blocked: [], moderator: [], friend: [world.owner.id], owner: [world.friend.id] }[
        role as Exclude<Role, 'visitor'>
      ];
      expect(ids).toEqual(expected);
      expect(response.body).not.toContain('@example.com');
    },
  },
  {
    route: 'GET /api/friends/requests',
    name: 'incoming requests are the caller’s own',
    expect: signedIn(200),
    request: get('/api/friends/requests'),
    check: ({ role }, response) => {
      if (response.statusCode === 200) expect(json(response)).toHaveLength(role === 'owner' ? 1 : 0);
    },
  },
  {
    route: 'GET /api/friends/sent',
    name: 'sent requests are the caller’s own',
    expect: signedIn(200),
    request: get('/api/friends/sent'),
    check: (_call, response) => {
      if (response.statusCode === 200) expect(json(response)).toHaveLength(0);
    },
  },
  {
    route: 'GET /api/friends/search',
    name: 'search needs a sign-in and never shows emails; across a block nobody finds the other',
    expect: signedIn(200),
    request: ({ world, role, cookie }) => ({
      method: 'GET',
      // Everyone looks for the owner; the owner looks for the person they blocked.
      url: `/api/friends/search?q=${role === 'owner' ? world.blocked.username : world.owner.username}`,
      headers: cookie,
    }),
    check: ({ world, role }, response) => {
      expect(response.body).not.toContain('@example.com');
      if (response.statusCode !== 200) return;
      const ids = (json(response) as { id: string }[]).map((u) => u.id);
      const found = ids.includes(role === 'owner' ? world.blocked.id : world.owner.id);
      expect(found).toBe(role !== 'blocked' && role !== 'owner');
    },
  },
  {
    route: 'GET /api/friends/status/:id',
    name: 'friendship status is read from the caller’s side; none with the owner for someone they blocked',
    expect: { ...signedIn(200), blocked: 404 },
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/friends/status/${world.owner.id}`, headers: cookie }),
    check: ({ role }, response) => {
      if (response.statusCode === 200) expect(json(response).areFriends).toBe(role === 'friend');
    },
  },
  {
    route: 'POST /api/friends/request',
    name: 'asking the owner: strangers may, friends already are, oneself never',
    expect: { visitor: 401, stranger: 201, blocked: 404, moderator: 201, friend: 409, owner: 400 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/friends/request',
      headers: cookie,
      payload: { friendId: world.owner.id },
    }),
  },
  {
    route: 'POST /api/friends/accept',
    name: 'only the person asked may accept a request',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 404, owner: 200 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/friends/accept',
      headers: cookie,
      payload: { friendId: world.requester.id },
    }),
  },
  {
    route: 'POST /api/friends/decline',
    name: 'only the person asked may decline a request',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 404, owner: 200 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/friends/decline',
      headers: cookie,
      payload: { friendId: world.requester.id },
    }),
  },
  {
    route: 'DELETE /api/friends/:id',
    name: 'only either side of a friendship may end it',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 200, owner: 200 },
    fresh: true,
    request: ({ world, role, cookie }) => ({
      method: 'DELETE',
      // Everyone names the other side of the owner–friend friendship as seen from the owner; the
      // blocked one names the owner, whose friendship with them the block ended.
      url: `/api/friends/${role === 'friend' || role === 'blocked' ? world.owner.id : world.friend.id}`,
      headers: cookie,
    }),
  },

  // ---- notifications ----------------------------------------------------------------------------
  {
    route: 'GET /api/notifications',
    name: 'notifications are the caller’s own',
    expect: signedIn(200),
    request: get('/api/notifications'),
    check: ({ world, role }, response) => {
      if (response.statusCode !== 200) return;
      const ids = (json(response) as { id: number }[]).map((n) => n.id);
      expect(ids.includes(world.ownerNotificationId)).toBe(role === 'owner');
    },
  },
  {
    route: 'GET /api/notifications/unread-count',
    name: 'the unread count is the caller’s own',
    expect: signedIn(200),
    request: get('/api/notifications/unread-count'),
  },
  {
    route: 'PATCH /api/notifications/:id/read',
    name: "another user's notification is 404 and stays unread",
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 404, owner: 200 },
    request: ({ world, cookie }) => ({
      method: 'PATCH',
      url: `/api/notifications/${world.ownerNotificationId}/read`,
      headers: cookie,
    }),
    check: async ({ ctx, world, role }) => {
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: { cookie: world.owner.cookie },
      });
      const note = (list.json() as { id: number; isRead: boolean }[]).find((n) => n.id === world.ownerNotificationId)!;
      expect(note.isRead).toBe(role === 'owner');
    },
  },
  {
    route: 'PATCH /api/notifications/read-all',
    name: "read-all touches the caller's notifications only",
    expect: signedIn(200),
    request: ({ cookie }) => ({ method: 'PATCH', url: '/api/notifications/read-all', headers: cookie }),
    check: async ({ ctx, world, role }) => {
      const count = await ctx.app.inject({
        method: 'GET',
        url: '/api/notifications/unread-count',
        headers: { cookie: world.owner.cookie },
      });
      // The owner has unread notifications (the test one, the friend's pick) until they read them all.
      if (role === 'owner') expect(count.json()).toBe(0);
      else expect(count.json()).toBeGreaterThan(0);
    },
  },

  ...pushScenarios,

  ...inviteScenarios,

  ...blockScenarios,

  // ---- chat -------------------------------------------------------------------------------------
  {
    route: 'POST /api/chat/send',
    name: 'only friends may message the owner; never oneself',
    expect: { visitor: 401, stranger: 403, blocked: 403, moderator: 403, friend: 201, owner: 400 },
    request: ({ world, cookie }) => ({
      method: 'POST',
      url: '/api/chat/send',
      headers: cookie,
      payload: { recipientId: world.owner.id, content: 'hello' },
    }),
  },
  {
    route: 'POST /api/chat/send',
    name: 'nobody messages across a block, either way (the owner writes to the person they blocked)',
    expect: { visitor: 401, stranger: 403, blocked: 403, moderator: 403, friend: 201, owner: 403 },
    request: ({ world, role, cookie }) => ({
      method: 'POST',
      url: '/api/chat/send',
      headers: cookie,
      payload: { recipientId: role === 'owner' ? world.blocked.id : world.owner.id, content: 'hello again' },
    }),
  },
  {
    route: 'GET /api/chat/:userId',
    name: 'a conversation shows only messages the caller sent or received',
    expect: signedIn(200),
    request: ({ world, role, cookie }) => ({
      method: 'GET',
      // Everyone asks for the owner–friend conversation from where they stand.
      url: `/api/chat/${role === 'owner' ? world.friend.id : world.owner.id}`,
      headers: cookie,
    }),
    check: async ({ ctx, world, role }, response) => {
      // Reading is a GET: even the owner opening the chat leaves the friend's message unread.
      expect(await ownerUnreadMessages(ctx, world)).toBe(1);
      if (response.statusCode !== 200) return;
      expect(response.body.includes('hi owner')).toBe(role === 'owner' || role === 'friend');
    },
  },
  {
    route: 'POST /api/chat/:userId/read',
    name: "marking read touches only the caller's own received messages",
    expect: signedIn(200),
    request: ({ world, role, cookie }) => ({
      method: 'POST',
      // Everyone marks the owner–friend conversation read from where they stand.
      url: `/api/chat/${role === 'owner' ? world.friend.id : world.owner.id}/read`,
      headers: cookie,
    }),
    check: async ({ ctx, world, role }, response) => {
      if (response.statusCode === 200) expect(json(response)).toEqual({ updated: role === 'owner' ? 1 : 0 });
      // The owner goes last: until then the friend's message to the owner stays unread.
      expect(await ownerUnreadMessages(ctx, world)).toBe(role === 'owner' ? 0 : 1);
    },
  },
  {
    route: 'POST /api/chat/:userId/read',
    name: "a stranger naming the friend marks nothing of the owner's",
    expect: { visitor: 401, stranger: 200, blocked: 200, moderator: 200, friend: 400, owner: 200 },
    fresh: true,
    request: ({ world, cookie }) => ({ method: 'POST', url: `/api/chat/${world.friend.id}/read`, headers: cookie }),
    check: async ({ ctx, world, role }) => {
      expect(await ownerUnreadMessages(ctx, world)).toBe(role === 'owner' ? 0 : 1);
    },
  },
  {
    route: 'DELETE /api/chat/:userId',
    name: 'deleting a conversation hides it from the caller only: the other side keeps every message',
    expect: signedIn(200),
    fresh: true,
    request: ({ world, role, cookie }) => ({
      method: 'DELETE',
      // Everyone deletes the owner–friend conversation from where they stand.
      url: `/api/chat/${role === 'owner' ? world.friend.id : world.owner.id}`,
      headers: cookie,
    }),
    check: async ({ ctx, world, role }, response) => {
      if (response.statusCode === 200) expect(json(response)).toEqual({ success: true });
      const conversation = async (who: 'owner' | 'friend') => {
        const other = who === 'owner' ? world.friend.id : world.owner.id;
        const answer = await ctx.app.inject({
          method: 'GET',
          url: `/api/chat/${other}`,
          headers: { cookie: world[who].cookie },
        });
        return answer.body.includes('hi owner');
      };
      // Only the deleting side loses the message; nothing is marked read for anyone.
      expect(await conversation('owner')).toBe(role !== 'owner');
      expect(await conversation('friend')).toBe(role !== 'friend');
      expect(await ownerUnreadMessages(ctx, world)).toBe(role === 'owner' ? 0 : 1);
    },
  },
  {
    route: 'GET /api/chat/:userId',
    name: 'a stranger naming the friend sees nothing of the owner–friend conversation',
    expect: signedIn(200),
    request: ({ world, cookie }) => ({ method: 'GET', url: `/api/chat/${world.friend.id}`, headers: cookie }),
    check: ({ role }, response) => {
      if (response.statusCode === 200) expect(response.body.includes('hi owner')).toBe(role === 'owner');
    },
  },
  {
    route: 'GET /api/chat/conversations',
    name: 'conversations are the caller’s own; a blocked person’s leaves the blocker’s list, not their own',
    expect: signedIn(200),
    request: get('/api/chat/conversations'),
    check: ({ world, role }, response) => {
      if (response.statusCode !== 200) return;
      const withIds = (json(response) as { user: { id: string } }[]).map((c) => c.user.id);
      const expected = {
        stranger: [],
        blocked: [world.owner.id],
        moderator: [],
        friend: [world.owner.id],
        owner: [world.friend.id],
      }[role as Exclude<Role, 'visitor'>];
      expect(withIds).toEqual(expected);
    },
  },
  {
    route: 'GET /api/chat/unread-count',
    name: 'the unread message count is the caller’s own',
    expect: signedIn(200),
    request: get('/api/chat/unread-count'),
    check: ({ role }, response) => {
      if (response.statusCode === 200) expect(json(response)).toBe(role === 'owner' ? 1 : 0);
    },
  },

  // ---- public and service routes ----------------------------------------------------------------
  {
    route: 'GET /api/platform/stats',
    name: 'platform figures are public',
    expect: everyone(200),
    request: get('/api/platform/stats'),
  },
  {
    route: 'GET /api/tmdb/search/:kind',
    name: 'movie search needs a sign-in',
    expect: signedIn(200),
    request: get('/api/tmdb/search/movie?query=matrix'),
  },
  {
    route: 'GET /api/catalog/posters/:kind/:file',
    name: 'placeholder posters are public',
    expect: everyone(200),
    request: get('/api/catalog/posters/movie/1.png'),
  },
  {
    route: 'POST /api/analytics',
    name: 'anyone may send analytics events',
    expect: everyone(202),
    request: ({ cookie }) => ({
      method: 'POST',
      url: '/api/analytics',
      headers: cookie,
      payload: { events: [{ name: 'page_view', category: 'navigation', path: '/' }] },
    }),
  },
  {
    route: 'POST /api/csp-report',
    name: 'anyone may report a CSP violation (logged, never stored)',
    expect: everyone(204),
    request: ({ cookie }) => ({
      method: 'POST',
      url: '/api/csp-report',
      headers: { ...cookie, 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://localhost/',
          'blocked-uri': 'inline',
          'violated-directive': 'script-src',
        },
      }),
    }),
  },
  {
    route: 'GET /api/live',
    name: 'anyone may open the live channel, but only watches of Shros they may read are kept (none of a blocker)',
    expect: everyone(200),
    stream: true,
    request: ({ world, cookie }) => ({
      method: 'GET',
      url: `/api/live?watch=${world.privateText.id},${world.link.id}`,
      headers: cookie,
    }),
    check: ({ world, role }, response) => {
      const ready = JSON.parse(response.body) as { type: string; watching: string[] };
      expect(ready.type).toBe('ready');
      const mayRead = role === 'friend' || role === 'owner';
      const expected = role === 'blocked' ? [] : mayRead ? [world.privateText.id, world.link.id] : [world.link.id];
      expect(ready.watching.sort()).toEqual(expected.sort());
    },
  },
  { route: 'GET /healthz', name: 'liveness is public', expect: everyone(200), request: get('/healthz') },
  { route: 'GET /readyz', name: 'readiness is public', expect: everyone(200), request: get('/readyz') },
  {
    route: 'GET /api/openapi.json',
    name: 'the API document is public',
    expect: everyone(200),
    request: get('/api/openapi.json'),
  },
  {
    route: 'GET /api/docs',
    name: 'the API reference page is public',
    expect: everyone(200),
    request: get('/api/docs'),
  },
  {
    route: 'GET /api/docs/:file',
    name: 'the reference page files are public; nothing else is served there',
    expect: everyone(200),
    request: get('/api/docs/start.js'),
  },
];

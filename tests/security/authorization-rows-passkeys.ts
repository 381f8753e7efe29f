import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { passkeys } from '../../server/db/schema/index';
import type { TestContext } from '../../server/test/test-app';
import type { World } from '../support/world';
import { everyone, signedIn } from './authorization-roles';
import type { Scenario } from './authorization-rows';

/** Matrix rows of the passkey routes (decision 187); the app's own address, where passkeys belong. */
const HOST = { host: 'localhost:3000' };

/** A passkey of the owner, straight in the database; its id. */
async function ownerPasskey(ctx: TestContext, world: World): Promise<string> {
  const id = `passkey-${world.owner.id}`;
  await ctx.database.db
    .insert(passkeys)
    .values({ id, userId: world.owner.id, credentialId: randomUUID(), publicKey: 'AAAA', name: 'Owner’s phone' })
    .onConflictDoNothing();
  return id;
}
const ownerPasskeyName = async (ctx: TestContext, world: World) =>
  (await ctx.database.db.select({ name: passkeys.name }).from(passkeys).where(eq(passkeys.userId, world.owner.id)))[0]
    ?.name;

/**
 * Routes whose success needs a browser's authenticator (a signed WebAuthn answer): suites that
 * replay a successful call check these for their refusals only; e2e/passkeys.spec.ts makes them
 * succeed in Chromium.
 */
export const SIGNED_BY_AUTHENTICATOR: Record<string, string> = {
  'POST /api/auth/passkeys/registration/verify': 'a new passkey is signed by the browser’s authenticator',
  'POST /api/auth/passkeys/authentication/verify': 'a sign-in is signed by the browser’s authenticator',
};

const forged = { id: 'forged', rawId: 'forged', type: 'public-key', response: { clientDataJSON: 'e30' } };

export const passkeyScenarios: Scenario[] = [
  {
    route: 'GET /api/auth/passkeys',
    name: 'each user lists only their own passkeys',
    expect: signedIn(200),
    setup: async (ctx, world) => {
      await ownerPasskey(ctx, world);
    },
    request: ({ cookie }) => ({ method: 'GET', url: '/api/auth/passkeys', headers: cookie }),
    check: ({ role }, response) => {
      if (response.statusCode !== 200) return;
      expect((response.json() as unknown[]).length).toBe(role === 'owner' ? 1 : 0);
    },
  },
  {
    route: 'POST /api/auth/passkeys/registration/options',
    name: 'only a signed-in user starts adding a passkey, for their own account',
    expect: signedIn(200),
    request: ({ cookie }) => ({
      method: 'POST',
      url: '/api/auth/passkeys/registration/options',
      headers: { ...cookie, ...HOST },
    }),
  },
  {
    route: 'POST /api/auth/passkeys/registration/verify',
    name: 'an answer without its challenge adds nothing to anyone',
    expect: { ...signedIn(400) },
    request: ({ cookie }) => ({
      method: 'POST',
      url: '/api/auth/passkeys/registration/verify',
      headers: { ...cookie, ...HOST },
      payload: { credential: forged },
    }),
  },
  {
    route: 'POST /api/auth/passkeys/authentication/options',
    name: 'anyone, visitors included, may start signing in with a passkey',
    expect: everyone(200),
    request: ({ cookie }) => ({
      method: 'POST',
      url: '/api/auth/passkeys/authentication/options',
      headers: { ...cookie, ...HOST },
    }),
  },
  {
    route: 'POST /api/auth/passkeys/authentication/verify',
    name: 'a forged answer signs nobody in, whoever sends it',
    expect: everyone(400),
    request: ({ cookie }) => ({
      method: 'POST',
      url: '/api/auth/passkeys/authentication/verify',
      headers: { ...cookie, ...HOST },
      payload: { credential: forged },
    }),
  },
  {
    route: 'POST /api/auth/passkeys/authentication/verify',
    name: 'with its challenge, an answer from a passkey nobody added is 401 to anyone, as a wrong password',
    expect: everyone(401),
    request: async ({ ctx, cookie }) => {
      const options = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/authentication/options',
        headers: HOST,
      });
      const challenge = options.cookies.find((c) => c.name === 'shro_passkey')!;
      const jar = [cookie.cookie, `shro_passkey=${challenge.value}`].filter(Boolean).join('; ');
      return {
        method: 'POST',
        url: '/api/auth/passkeys/authentication/verify',
        headers: { cookie: jar, ...HOST },
        payload: { credential: forged },
      };
    },
  },
  {
    route: 'PATCH /api/auth/passkeys/:id',
    name: 'only its owner renames a passkey; to anyone else it does not exist',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 404, owner: 200 },
    fresh: true,
    setup: async (ctx, world) => {
      await ownerPasskey(ctx, world);
    },
    request: ({ cookie, world }) => ({
      method: 'PATCH',
      url: `/api/auth/passkeys/passkey-${world.owner.id}`,
      headers: cookie,
      payload: { name: 'Renamed' },
    }),
    check: async ({ ctx, world, role }) => {
      expect(await ownerPasskeyName(ctx, world)).toBe(role === 'owner' ? 'Renamed' : 'Owner’s phone');
    },
  },
  {
    route: 'DELETE /api/auth/passkeys/:id',
    name: 'only its owner removes a passkey',
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 404, owner: 200 },
    fresh: true,
    setup: async (ctx, world) => {
      await ownerPasskey(ctx, world);
    },
    request: ({ cookie, world }) => ({
      method: 'DELETE',
      url: `/api/auth/passkeys/passkey-${world.owner.id}`,
      headers: cookie,
    }),
    check: async ({ ctx, world, role }) => {
      expect(await ownerPasskeyName(ctx, world)).toBe(role === 'owner' ? undefined : 'Owner’s phone');
    },
  },
];

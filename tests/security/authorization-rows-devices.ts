import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { authSessions, users } from '../../server/db/schema/index';
import { TEST_PASSWORD } from '../../server/test/factories';
import type { TestContext } from '../../server/test/test-app';
import type { World } from '../support/world';
import { signedIn } from './authorization-roles';
import type { Scenario } from './authorization-rows';

/** Matrix rows of the password change and the signed-in devices (docs/decisions/102-signed-in-devices.md). */

/** A second auth session of the owner (another device), made straight in the database; its public id. */
async function ownerOtherDevice(ctx: TestContext, world: World): Promise<string> {
  const id = `other-device-${world.owner.id}`;
  const { db } = ctx.database;
  await db
    .insert(authSessions)
    .values({ id, userId: world.owner.id, expiresAt: new Date(Date.now() + 86_400_000), userAgent: 'Firefox on Linux' })
    .onConflictDoNothing();
  const [row] = await db.select({ publicId: authSessions.publicId }).from(authSessions).where(eq(authSessions.id, id));
  return row!.publicId;
}

async function ownerOtherDeviceExists(ctx: TestContext, world: World): Promise<boolean> {
  const rows = await ctx.database.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, world.owner.id), eq(authSessions.id, `other-device-${world.owner.id}`)));
  return rows.length === 1;
}

async function ownerPasswordHash(ctx: TestContext, world: World): Promise<string> {
  const [row] = await ctx.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, world.owner.id));
  return row!.hash;
}

export const deviceScenarios: Scenario[] = [
  {
    route: 'PUT /api/auth/password',
    name: "a password change applies to the caller only and ends only the caller's other sessions",
    expect: signedIn(200),
    fresh: true,
    setup: async (ctx, world) => {
      await ownerOtherDevice(ctx, world);
    },
    request: ({ cookie }) => ({
      method: 'PUT',
      url: '/api/auth/password',
      headers: cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new secret' },
    }),
    check: async ({ ctx, world, role }) => {
      const changed = (await ownerPasswordHash(ctx, world)) !== world.owner.passwordHash;
      expect(changed).toBe(role === 'owner');
      expect(await ownerOtherDeviceExists(ctx, world)).toBe(role !== 'owner');
    },
  },
  {
    route: 'GET /api/auth/sessions',
    name: "the device list is the caller's own, with public ids only",
    expect: signedIn(200),
    setup: async (ctx, world) => {
      await ownerOtherDevice(ctx, world);
    },
    request: ({ cookie }) => ({ method: 'GET', url: '/api/auth/sessions', headers: cookie }),
    check: async ({ ctx, world, role }, response) => {
      if (response.statusCode !== 200) return;
      const list = response.json() as { id: string; current: boolean }[];
      expect(list.length).toBe(role === 'owner' ? 2 : 1);
      expect(list.filter((s) => s.current)).toHaveLength(1);
      const other = await ownerOtherDevice(ctx, world);
      expect(list.some((s) => s.id === other)).toBe(role === 'owner');
      expect(response.body).not.toContain(`other-device-${world.owner.id}`);
    },
  },
  {
    route: 'DELETE /api/auth/sessions/:id',
    name: 'only the owner of a device session may end it',
    // A moderator gets nothing extra: another person's device is not found for them either.
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 404, owner: 200 },
    fresh: true,
    request: async ({ ctx, world, cookie }) => ({
      method: 'DELETE',
      url: `/api/auth/sessions/${await ownerOtherDevice(ctx, world)}`,
      headers: cookie,
    }),
    check: async ({ ctx, world, role }) => {
      expect(await ownerOtherDeviceExists(ctx, world)).toBe(role !== 'owner');
    },
  },
  {
    route: 'POST /api/auth/sessions/revoke-others',
    name: "signing out other devices ends only the caller's own other sessions",
    expect: signedIn(200),
    fresh: true,
    setup: async (ctx, world) => {
      await ownerOtherDevice(ctx, world);
    },
    request: ({ cookie }) => ({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: cookie }),
    check: async ({ ctx, world, role }, response) => {
      if (response.statusCode === 200) expect(response.json()).toEqual({ ended: role === 'owner' ? 1 : 0 });
      expect(await ownerOtherDeviceExists(ctx, world)).toBe(role !== 'owner');
    },
  },
];

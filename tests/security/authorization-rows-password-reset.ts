import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { INVALID_RESET_TOKEN_MESSAGE, PASSWORD_RESET_SENT_MESSAGE } from '../../contract/auth';
import { passwordResetTokens, users } from '../../server/db/schema/index';
import type { TestContext } from '../../server/test/test-app';
import type { World } from '../support/world';
import { everyone } from './authorization-roles';
import type { Scenario } from './authorization-rows';

/** Matrix rows of the forgot-password routes (docs/decisions/109-password-reset-by-email.md). */

/** The owner's mailed token (each fresh world has its own owner, so its own token). */
const ownerToken = (world: World) => `matrix-reset-${world.owner.id}`;

async function ownerPasswordHash(ctx: TestContext, world: World): Promise<string> {
  const [row] = await ctx.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, world.owner.id));
  return row!.hash;
}

export const passwordResetScenarios: Scenario[] = [
  {
    route: 'GET /api/auth/password-reset',
    name: 'anyone may ask whether reset by email is set up',
    expect: everyone(200),
    request: ({ cookie }) => ({ method: 'GET', url: '/api/auth/password-reset', headers: cookie }),
    check: (_call, response) => expect(Object.keys(response.json())).toEqual(['emailEnabled']),
  },
  {
    route: 'POST /api/auth/password-reset',
    name: 'anyone may ask for a link for any login; the answer never says whether it matched',
    expect: everyone(202),
    request: ({ world, role, cookie }) => ({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: cookie,
      // The owner's account by its username; the others ask for names nobody has.
      payload: { login: role === 'owner' ? world.owner.username : `nobody_${role}_${world.owner.id.slice(0, 6)}` },
    }),
    check: (_call, response) => expect(response.json()).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE }),
  },
  {
    route: 'POST /api/auth/password-reset/confirm',
    name: "only the link's token sets the owner's password, whoever is signed in",
    expect: { visitor: 400, stranger: 400, blocked: 400, moderator: 400, friend: 400, owner: 200 },
    fresh: true,
    setup: async (ctx, world) => {
      await ctx.database.db.insert(passwordResetTokens).values({
        tokenHash: createHash('sha256').update(ownerToken(world)).digest('hex'),
        userId: world.owner.id,
        expiresAt: new Date(Date.now() + 10 * 60_000),
      });
    },
    request: ({ world, role, cookie }) => ({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      headers: cookie,
      // Signed in or not, the others only have guesses; the owner has the mailed token.
      payload: {
        token: role === 'owner' ? ownerToken(world) : `${ownerToken(world)}x`,
        newPassword: 'matrix reset pass',
      },
    }),
    check: async ({ ctx, world, role }, response) => {
      if (role !== 'owner') {
        expect(response.json()).toEqual({ message: INVALID_RESET_TOKEN_MESSAGE, code: expect.any(String) });
        expect(await ownerPasswordHash(ctx, world)).toBe(world.owner.passwordHash);
      } else {
        expect(await ownerPasswordHash(ctx, world)).not.toBe(world.owner.passwordHash);
      }
    },
  },
];

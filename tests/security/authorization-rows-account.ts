import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { EXPORT_JSON_NAME } from '../../contract/account';
import { isDeletedUsername } from '../../contract/deleted-user';
import { shros, users } from '../../server/db/schema/index';
import { TEST_PASSWORD } from '../../server/test/factories';
import type { TestContext } from '../../server/test/test-app';
import { readZip } from '../../server/test/zip';
import { memberOf, signedIn } from './authorization-roles';
import type { Scenario } from './authorization-rows';

/** Matrix rows of "Your data": the export and the account deletion (decisions 114 and 115), and the language. */

async function usernameOf(ctx: TestContext, id: string): Promise<string> {
  const [row] = await ctx.database.db.select({ username: users.username }).from(users).where(eq(users.id, id));
  return row!.username;
}

async function localeOf(ctx: TestContext, id: string): Promise<string | null> {
  const [row] = await ctx.database.db.select({ locale: users.locale }).from(users).where(eq(users.id, id));
  return row!.locale;
}

export const accountScenarios: Scenario[] = [
  {
    route: 'GET /api/account/export',
    name: "the export is the caller's own (a moderator's too), and holds no one else's email or unopened box",
    expect: signedIn(200),
    request: ({ cookie }) => ({ method: 'GET', url: '/api/account/export', headers: cookie }),
    check: async ({ world, role }, response) => {
      if (response.statusCode !== 200) return;
      const text = (await readZip(response.rawPayload)).get(EXPORT_JSON_NAME)!.toString('utf8');
      const me = memberOf(world, role)!;
      expect(JSON.parse(text).profile).toMatchObject({ id: me.id, email: me.email });
      for (const other of [
        world.owner,
        world.friend,
        world.stranger,
        world.requester,
        world.blocked,
        world.moderator,
      ]) {
        if (other.id !== me.id) expect(text).not.toContain(other.email);
      }
      // The owner's private Shros: a moderator never had them; the blocked former recipient had
      // them, but a Shro they can no longer see is not exported (decision 114): not even the box
      // they opened before the block.
      if (role === 'stranger' || role === 'moderator' || role === 'blocked') {
        for (const box of world.privateImage.boxes) if (box.imageUrl) expect(text).not.toContain(box.imageUrl);
        for (const box of world.privateText.boxes) if (box.textContent) expect(text).not.toContain(box.textContent);
      }
      // The friend opened box 1 of the owner's private image Shro and nothing of the text one:
      // box 1's image is there, no other box's image or text is.
      if (role === 'friend') {
        const [opened, ...others] = [...world.privateImage.boxes].sort((a, b) => a.position - b.position);
        expect(text).toContain(opened!.imageUrl!);
        for (const box of others) if (box.imageUrl) expect(text).not.toContain(box.imageUrl);
        for (const box of world.privateText.boxes) {
          if (box.textContent) expect(text).not.toContain(`"textContent": "${box.textContent}"`);
        }
      }
    },
  },
  {
    route: 'PUT /api/account/locale',
    name: "a language choice is saved on the caller's own account only",
    expect: signedIn(200),
    setup: async (ctx, world) => {
      await ctx.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, world.owner.id));
    },
    request: ({ cookie }) => ({
      method: 'PUT',
      url: '/api/account/locale',
      headers: cookie,
      payload: { locale: 'de' },
    }),
    check: async ({ ctx, world, role }, response) => {
      // The owner is called last: until then their choice is untouched.
      expect(await localeOf(ctx, world.owner.id)).toBe(role === 'owner' ? 'de' : 'ja');
      if (response.statusCode !== 200) return;
      expect(response.json()).toEqual({ locale: 'de' });
      expect(await localeOf(ctx, memberOf(world, role)!.id)).toBe('de');
    },
  },
  {
    route: 'DELETE /api/account',
    name: "a deletion ends the caller's own account only",
    expect: signedIn(200),
    fresh: true,
    request: ({ cookie }) => ({
      method: 'DELETE',
      url: '/api/account',
      headers: cookie,
      payload: { password: TEST_PASSWORD },
    }),
    check: async ({ ctx, world, role }) => {
      expect(isDeletedUsername(await usernameOf(ctx, world.owner.id))).toBe(role === 'owner');
      const ownerShros = await ctx.database.db.select().from(shros).where(eq(shros.creatorId, world.owner.id));
      expect(ownerShros.length > 0).toBe(role !== 'owner');
      if (role !== 'visitor' && role !== 'owner') {
        expect(isDeletedUsername(await usernameOf(ctx, memberOf(world, role)!.id))).toBe(true);
      }
    },
  },
];

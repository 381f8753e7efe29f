import { and, eq } from 'drizzle-orm';
import type { UserAchievement } from '../../../contract/achievements';
import type { Shro } from '../../../contract/shros';
import { loadConfig } from '../../config';
import { notifications, userStats } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Test data for the achievement engine: actions through the real API, state read back. */

/** The app on a fresh database, with a write limit no test here reaches. */
export function createEngineTestApp(): Promise<TestContext> {
  return createTestApp({ rateLimits: { ...loadConfig().rateLimits, writesPerUser: 100_000, writesPerIp: 100_000 } });
}

const textOptions = ['Pizza', 'Sushi', 'Tacos', 'Curry'].map((content) => ({ content }));

/** POST /api/sessions as JSON (no images): a text Shro, shareable unless told otherwise. */
export async function createShro(
  ctx: TestContext,
  cookie: string,
  fields: Record<string, unknown> = {},
): Promise<Shro> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: { cookie },
    payload: { title: 'Dinner?', type: 'text', textOptions, isShareable: true, ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function selectBox(ctx: TestContext, cookie: string, shro: Shro, position: number) {
  const box = shro.boxes.find((b) => b.position === position)!;
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/sessions/${shro.id}/select`,
    headers: { cookie },
    payload: { boxId: box.id },
  });
  if (response.statusCode !== 200) throw new Error(`select failed: ${response.statusCode} ${response.body}`);
  return response.json() as Shro;
}

export async function share(ctx: TestContext, cookie: string, shroId: string) {
  return ctx.app.inject({ method: 'POST', url: `/api/sessions/${shroId}/share`, headers: { cookie } });
}

export async function achievementsOf(ctx: TestContext, cookie: string): Promise<UserAchievement[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/achievements', headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`achievements failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function achievementOf(ctx: TestContext, cookie: string, id: string): Promise<UserAchievement> {
  const found = (await achievementsOf(ctx, cookie)).find((a) => a.id === id);
  if (!found) throw new Error(`no achievement ${id}`);
  return found;
}

/** The user's `achievement_unlocked` notifications, oldest first. */
export async function unlockNotifications(ctx: TestContext, userId: string) {
  return ctx.database.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'achievement_unlocked')))
    .orderBy(notifications.id);
}

export async function statsRow(ctx: TestContext, userId: string) {
  const [row] = await ctx.database.db.select().from(userStats).where(eq(userStats.userId, userId));
  return row;
}

/** Sets counters directly (test data), as if earlier actions had moved them. */
export async function seedStats(ctx: TestContext, userId: string, values: Partial<typeof userStats.$inferInsert>) {
  await ctx.database.db
    .insert(userStats)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userStats.userId, set: values });
}

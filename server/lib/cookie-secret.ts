import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/index';

/**
 * The cookie-signing secret when SESSION_SECRET is not set: generated once and kept in the
 * database, so restarts keep everyone signed in and every instance signs alike.
 */
export async function loadCookieSecret(db: Db): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key: 'cookie_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'cookie_secret'));
  return row!.value;
}

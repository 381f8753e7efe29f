import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/index';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID keys push messages are signed with: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else
 * a pair generated once and kept in the database like the cookie secret, so every instance and
 * every restart signs alike and browsers' subscriptions stay valid (decision 116).
 */
export async function loadVapidKeys(
  db: Db,
  config: Pick<AppConfig, 'vapidPublicKey' | 'vapidPrivateKey' | 'vapidSubject' | 'publicOrigin'>,
): Promise<VapidKeys> {
  const subject =
    config.vapidSubject ??
    (config.publicOrigin?.startsWith('https://') ? config.publicOrigin : 'mailto:push@shro.invalid');
  if (config.vapidPublicKey || config.vapidPrivateKey) {
    if (!config.vapidPublicKey || !config.vapidPrivateKey) {
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    }
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  }
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(appSettings)
    .values({ key: 'vapid_keys', value: JSON.stringify(generated) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'));
  const stored = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

import { type NativePushTokenInput, PUSH_MESSAGES, type PushSubscriptionInput } from '../../../contract/push';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { assertPushServiceEndpoint } from './push-service-hosts';
import { deleteNativeToken, deleteSubscription, upsertNativeToken, upsertSubscription } from './queries';

/** Canonical base64url (no padding), as the keys are stored and handed to web-push. */
const unpadded = (value: string) => value.replace(/=+$/, '');

/**
 * POST /api/push/subscriptions: this browser now receives the user's pushes. The endpoint must be
 * on one of `pushServiceHosts` (the browsers' push services), else 400 and nothing is stored.
 */
export async function subscribe(
  db: Db,
  pushServiceHosts: readonly string[],
  userId: string,
  input: PushSubscriptionInput,
): Promise<{ subscribed: true }> {
  assertPushServiceEndpoint(input.endpoint, pushServiceHosts);
  await upsertSubscription(db, {
    userId,
    endpoint: input.endpoint,
    p256dh: unpadded(input.keys.p256dh),
    auth: unpadded(input.keys.auth),
  });
  return { subscribed: true };
}

/** DELETE /api/push/subscriptions: one of the user's browsers stops receiving pushes; someone else's is a 404. */
export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<{ subscribed: false }> {
  if (!(await deleteSubscription(db, userId, endpoint))) throw notFound(PUSH_MESSAGES.subscriptionNotFound);
  return { subscribed: false };
}

/**
 * POST /api/push/native-tokens: this app installation now receives the user's pushes (decision
 * 164). Stored whether or not its platform's service is configured, so none is lost meanwhile.
 */
export async function registerNativeToken(
  db: Db,
  userId: string,
  input: NativePushTokenInput,
): Promise<{ registered: true }> {
  await upsertNativeToken(db, { userId, platform: input.platform, token: input.token });
  return { registered: true };
}

/** DELETE /api/push/native-tokens/{token}: one of the user's apps stops receiving pushes; anyone else's is a 404. */
export async function unregisterNativeToken(db: Db, userId: string, token: string): Promise<void> {
  if (!(await deleteNativeToken(db, userId, token))) throw notFound(PUSH_MESSAGES.nativeTokenNotFound);
}

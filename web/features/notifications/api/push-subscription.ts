import { apiGet, apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';

/** GET /api/push/public-key: the VAPID key a browser subscribes with. */
export const getPushPublicKey = () => apiGet<{ publicKey: string }>(apiPaths.pushPublicKey);

/** POST /api/push/subscriptions: the browser's PushSubscription, as `toJSON()` gives it. */
export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  apiRequest<{ subscribed: boolean }>('POST', apiPaths.pushSubscriptions, {
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime ?? null,
    keys: { p256dh: subscription.keys?.p256dh, auth: subscription.keys?.auth },
  });

/** DELETE /api/push/subscriptions: this browser stops receiving the user's pushes. */
export const deletePushSubscription = (endpoint: string) =>
  apiRequest<{ subscribed: boolean }>('DELETE', apiPaths.pushSubscriptions, { endpoint });

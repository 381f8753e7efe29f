import { z } from 'zod';

/*
 * Web Push (RFC 8030/8291) and notification settings: what the browser sends and reads.
 * Decision 116 (push delivery) and 117 (settings).
 */

export const PUSH_MESSAGES = {
  endpointNotHttps: 'The push endpoint must be an https URL.',
  endpointInvalid: 'The push endpoint must be a valid URL.',
  endpointNotPushService: "The push endpoint must be on a browser's push service.",
  endpointIpAddress: "The push endpoint must name a browser's push service, not an IP address.",
  p256dhInvalid: 'keys.p256dh must be a P-256 public key (65 bytes, base64url).',
  authInvalid: 'keys.auth must be a 16-byte secret (base64url).',
  subscriptionNotFound: 'No such push subscription.',
  quietHoursSame: 'Quiet hours must start and end at different times.',
  timeInvalid: 'Times must be HH:MM (00:00 to 23:59).',
  platformInvalid: 'platform must be "android" or "ios".',
  tokenInvalid: 'token must be 1 to 4096 letters, digits or the characters - _ : .',
  iosTokenInvalid: 'An iOS device token must be 64 to 200 hexadecimal digits.',
  nativeTokenNotFound: 'No such device token.',
} as const;

/** Bytes of a base64url string without padding; NaN when it is not base64url. */
function base64UrlBytes(value: string): number {
  const bare = value.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return Number.NaN;
  return Math.floor((bare.length * 3) / 4);
}

const endpointSchema = z
  .string({ error: PUSH_MESSAGES.endpointInvalid })
  .max(2048, 'The push endpoint is too long.')
  .refine((value) => URL.canParse(value), PUSH_MESSAGES.endpointInvalid)
  // Push services are always https: a plain-http endpoint would send the encrypted message and the
  // VAPID token in the clear, and would let anyone point the server at an internal http address.
  .refine((value) => !URL.canParse(value) || new URL(value).protocol === 'https:', PUSH_MESSAGES.endpointNotHttps);

/** POST /api/push/subscriptions: the JSON of a browser's PushSubscription (`subscription.toJSON()`). */
export const pushSubscriptionInputSchema = z.strictObject({
  endpoint: endpointSchema,
  /** Browsers send it (usually null); the server ignores it. */
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject(
    {
      // An uncompressed P-256 point: 65 bytes, starting with 0x04 (checked by length here).
      p256dh: z
        .string({ error: PUSH_MESSAGES.p256dhInvalid })
        .max(100, PUSH_MESSAGES.p256dhInvalid)
        .refine((value) => base64UrlBytes(value) === 65, PUSH_MESSAGES.p256dhInvalid),
      auth: z
        .string({ error: PUSH_MESSAGES.authInvalid })
        .max(30, PUSH_MESSAGES.authInvalid)
        .refine((value) => base64UrlBytes(value) === 16, PUSH_MESSAGES.authInvalid),
    },
    { error: 'keys must hold p256dh and auth.' },
  ),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions: which of the user's subscriptions to forget. */
export const deletePushSubscriptionInputSchema = z.strictObject({ endpoint: endpointSchema });

/** GET /api/push/public-key: the VAPID public key the browser subscribes with (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

export const pushSubscriptionResultSchema = z.object({ subscribed: z.boolean() });

/** The app stores' push services a native shell registers with (docs/decisions/164-native-push.md). */
export const NATIVE_PUSH_PLATFORMS = ['android', 'ios'] as const;
export type NativePushPlatform = (typeof NATIVE_PUSH_PLATFORMS)[number];

/**
 * A device token as FCM (Android) or APNs (iOS) hands it to the app. Only URL-safe characters:
 * an APNs token is sent in a request path, so nothing in it may change that path.
 */
export const nativePushTokenSchema = z
  .string({ error: PUSH_MESSAGES.tokenInvalid })
  .regex(/^[A-Za-z0-9_:.-]{1,4096}$/, { error: PUSH_MESSAGES.tokenInvalid });

/** POST /api/push/native-tokens: this device now receives the user's pushes. */
export const nativePushTokenInputSchema = z
  .strictObject({
    platform: z.enum(NATIVE_PUSH_PLATFORMS, { error: PUSH_MESSAGES.platformInvalid }),
    token: nativePushTokenSchema,
  })
  // APNs device tokens are raw bytes (32 today, up to 100) that the shell spells in hex.
  .refine((input) => input.platform !== 'ios' || /^(?:[0-9A-Fa-f]{2}){32,100}$/.test(input.token), {
    error: PUSH_MESSAGES.iosTokenInvalid,
    path: ['token'],
  });
export type NativePushTokenInput = z.output<typeof nativePushTokenInputSchema>;

export const nativePushTokenResultSchema = z.object({ registered: z.boolean() });

/** The kinds of notification a user can turn on or off, per channel. */
export const NOTIFICATION_KINDS = [
  'shroReceived',
  'boxOpened',
  'reaction',
  'friendRequest',
  'message',
  'achievement',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  shroReceived: 'Shro received',
  boxOpened: 'Box opened on your Shro',
  reaction: 'Reactions',
  friendRequest: 'Friend requests',
  message: 'Messages',
  achievement: 'Achievements',
};

const channelsSchema = z.strictObject({
  inApp: z.boolean({ error: 'inApp must be true or false' }),
  push: z.boolean({ error: 'push must be true or false' }),
});

const timeSchema = z.string({ error: PUSH_MESSAGES.timeInvalid }).regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, {
  error: PUSH_MESSAGES.timeInvalid,
});

/** GET and PUT /api/notifications/settings: every kind × channel, and the quiet hours (null: none). */
export const notificationSettingsSchema = z.strictObject({
  kinds: z.strictObject(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelsSchema])) as Record<
      NotificationKind,
      typeof channelsSchema
    >,
    { error: `kinds must name every kind: ${NOTIFICATION_KINDS.join(', ')}.` },
  ),
  /** No push between `start` and `end` (HH:MM, the user's time zone); may wrap past midnight. */
  quietHours: z
    .strictObject({ start: timeSchema, end: timeSchema }, { error: 'quietHours must be null or {start, end}.' })
    .refine((value) => value.start !== value.end, PUSH_MESSAGES.quietHoursSame)
    .nullable(),
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

export const defaultNotificationSettings = (): NotificationSettings => ({
  kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { inApp: true, push: true }])) as Record<
    NotificationKind,
    { inApp: boolean; push: boolean }
  >,
  quietHours: null,
});

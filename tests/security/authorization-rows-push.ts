import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { defaultNotificationSettings } from '../../contract/push';
import { nativePushTokens, notificationSettings, pushSubscriptions } from '../../server/db/schema/index';
import type { TestContext } from '../../server/test/test-app';
import type { World } from '../support/world';
import { everyone, memberOf, signedIn } from './authorization-roles';
import type { Scenario } from './authorization-rows';

/** Matrix rows of Web Push, native push tokens, the app-link files and the notification settings (decisions 116, 117, 164). */

const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};
const ownerEndpoint = (world: World) => `https://push.example.com/owner/${world.owner.id}`;
/** The owner's Android app's device token (any URL-safe text will do for FCM). */
const ownerNativeToken = (world: World) => `owner:${world.owner.id}`;

async function ownerSubscriptions(ctx: TestContext, world: World) {
  return ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, world.owner.id));
}

/** The owner's quiet hours as stored (null when never saved). */
async function ownerQuietStart(ctx: TestContext, world: World) {
  const [row] = await ctx.database.db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, world.owner.id));
  return row?.quietStart ?? null;
}

const ownerQuietHours = async (ctx: TestContext, world: World) => {
  await ctx.database.db
    .insert(notificationSettings)
    .values({
      userId: world.owner.id,
      channels: defaultNotificationSettings().kinds,
      quietStart: '21:00',
      quietEnd: '06:00',
    })
    .onConflictDoNothing();
};

export const pushScenarios: Scenario[] = [
  {
    route: 'GET /api/push/public-key',
    name: 'the VAPID public key is public',
    expect: everyone(200),
    request: ({ cookie }) => ({ method: 'GET', url: '/api/push/public-key', headers: cookie }),
  },
  {
    route: 'POST /api/push/subscriptions',
    name: 'a subscription is stored for the caller only',
    expect: signedIn(201),
    request: ({ world, role, cookie }) => ({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: cookie,
      payload: { endpoint: `https://push.example.com/${role}/${world.owner.id}`, keys: browserKeys() },
    }),
    check: async ({ ctx, world, role }, response) => {
      if (response.statusCode !== 201) return;
      const [row] = await ctx.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, `https://push.example.com/${role}/${world.owner.id}`));
      expect(row!.userId).toBe(memberOf(world, role)!.id);
    },
  },
  {
    route: 'DELETE /api/push/subscriptions',
    name: "only the owner may remove the owner's subscription",
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 404, owner: 200 },
    fresh: true,
    setup: async (ctx, world) => {
      await ctx.database.db
        .insert(pushSubscriptions)
        .values({ userId: world.owner.id, endpoint: ownerEndpoint(world), ...browserKeys() })
        .onConflictDoNothing();
    },
    request: ({ world, cookie }) => ({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: cookie,
      payload: { endpoint: ownerEndpoint(world) },
    }),
    check: async ({ ctx, world, role }) => {
      expect(await ownerSubscriptions(ctx, world)).toHaveLength(role === 'owner' ? 0 : 1);
    },
  },
  {
    route: 'POST /api/push/native-tokens',
    name: 'a device token is stored for the caller only',
    expect: signedIn(201),
    request: ({ world, role, cookie }) => ({
      method: 'POST',
      url: '/api/push/native-tokens',
      headers: cookie,
      payload: { platform: 'android', token: `${role}:${world.owner.id}` },
    }),
    check: async ({ ctx, world, role }, response) => {
      const rows = await ctx.database.db
        .select()
        .from(nativePushTokens)
        .where(eq(nativePushTokens.token, `${role}:${world.owner.id}`));
      expect(rows.map((row) => row.userId)).toEqual(response.statusCode === 201 ? [memberOf(world, role)!.id] : []);
    },
  },
  {
    route: 'DELETE /api/push/native-tokens/*',
    name: "only the owner may remove the owner's device token",
    expect: { visitor: 401, stranger: 404, blocked: 404, moderator: 404, friend: 404, owner: 204 },
    fresh: true,
    setup: async (ctx, world) => {
      await ctx.database.db
        .insert(nativePushTokens)
        .values({ userId: world.owner.id, platform: 'android', token: ownerNativeToken(world) })
        .onConflictDoNothing();
    },
    request: ({ world, cookie }) => ({
      method: 'DELETE',
      url: `/api/push/native-tokens/${encodeURIComponent(ownerNativeToken(world))}`,
      headers: cookie,
    }),
    check: async ({ ctx, world, role }) => {
      const rows = await ctx.database.db
        .select()
        .from(nativePushTokens)
        .where(eq(nativePushTokens.userId, world.owner.id));
      expect(rows).toHaveLength(role === 'owner' ? 0 : 1);
    },
  },
  {
    route: 'GET /.well-known/assetlinks.json',
    name: 'the Android App Links file is public (not configured here: 404 for everyone)',
    expect: everyone(404),
    request: ({ cookie }) => ({ method: 'GET', url: '/.well-known/assetlinks.json', headers: cookie }),
  },
  {
    route: 'GET /.well-known/apple-app-site-association',
    name: 'the iOS universal links file is public (not configured here: 404 for everyone)',
    expect: everyone(404),
    request: ({ cookie }) => ({ method: 'GET', url: '/.well-known/apple-app-site-association', headers: cookie }),
  },
  {
    route: 'GET /api/notifications/settings',
    name: 'notification settings are the caller’s own',
    expect: signedIn(200),
    setup: ownerQuietHours,
    request: ({ cookie }) => ({ method: 'GET', url: '/api/notifications/settings', headers: cookie }),
    check: ({ role }, response) => {
      if (response.statusCode !== 200) return;
      expect(response.json().quietHours).toEqual(role === 'owner' ? { start: '21:00', end: '06:00' } : null);
    },
  },
  {
    route: 'PUT /api/notifications/settings',
    name: 'a settings change applies to the caller only',
    expect: signedIn(200),
    fresh: true,
    setup: ownerQuietHours,
    request: ({ cookie }) => ({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: cookie,
      payload: { ...defaultNotificationSettings(), quietHours: { start: '23:00', end: '08:00' } },
    }),
    check: async ({ ctx, world, role }) => {
      expect(await ownerQuietStart(ctx, world)).toBe(role === 'owner' ? '23:00' : '21:00');
    },
  },
];

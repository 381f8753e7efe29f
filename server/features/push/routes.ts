import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletePushSubscriptionInputSchema,
  NATIVE_PUSH_PLATFORMS,
  nativePushTokenInputSchema,
  nativePushTokenResultSchema,
  nativePushTokenSchema,
  PUSH_MESSAGES,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionResultSchema,
} from '../../../contract/push';
import { noBodySchema, notFoundWhenInvalid } from '../../../contract/validation';
import type { AppConfig } from '../../config';
import { errorAnswers } from '../../lib/error-answers';
import { ApnsTransport } from './apns';
import { setPushSink } from './dispatch';
import { FcmTransport } from './fcm';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './push-service-hosts';
import { type NativeTransports, PushSender } from './sender';
import { registerNativeToken, subscribe, unregisterNativeToken, unsubscribe } from './service';
import { loadVapidKeys } from './vapid';

/**
 * The token is the rest of the path: an FCM token is longer than the router's limit for one
 * parameter (maxParamLength), which a wildcard does not have; the schema bounds it instead.
 */
const nativeTokenParamsSchema = z
  .object({ '*': nativePushTokenSchema })
  .register(notFoundWhenInvalid, { message: PUSH_MESSAGES.nativeTokenNotFound });

/** The services native pushes go through, as configured; none is fine (tokens are stored all the same). */
function nativeTransports({ fcm, apns }: AppConfig['nativePush']): NativeTransports {
  return { ...(fcm ? { android: new FcmTransport(fcm) } : {}), ...(apns ? { ios: new ApnsTransport(apns) } : {}) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The push sender (decisions 116, 164): its queue, and the options and transports tests adjust. */
    push: PushSender;
  }
}

/** Push: the VAPID public key, the signed-in user's browser subscriptions and app device tokens. */
async function pushPlugin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const vapid = await loadVapidKeys(db, app.config);
  const pushServiceHosts = app.config.pushServiceHosts ?? DEFAULT_PUSH_SERVICE_HOSTS;
  const native = nativeTransports(app.config.nativePush);
  const sender = new PushSender(db, vapid, app.log, { proxy: app.config.pushProxy, pushServiceHosts, native });
  const configured = NATIVE_PUSH_PLATFORMS.filter((platform) => native[platform]);
  const missing = NATIVE_PUSH_PLATFORMS.filter((platform) => !native[platform]);
  app.log.info(
    configured.length === 0
      ? 'native push is not configured (FCM_SERVICE_ACCOUNT, APNS_KEY): device tokens are stored, nothing is sent'
      : `native push configured for ${configured.join(' and ')}${missing.length > 0 ? `, not for ${missing.join(' and ')}` : ''}`,
  );
  const unplug = setPushSink(sender);
  app.decorate('push', sender);
  // Before the database closes: pushes in flight finish, none start.
  app.addHook('preClose', async () => {
    unplug();
    await sender.close();
  });

  // Public: the key is what every browser needs to subscribe, and says nothing about anyone.
  app.get(
    '/api/push/public-key',
    {
      schema: {
        summary: 'Returns the key browsers subscribe to Web Push with.',
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({
      publicKey: vapid.publicKey,
    }),
  );

  const write = { onRequest: app.requireUser, preValidation: app.limitWrites };
  app.post(
    '/api/push/subscriptions',
    {
      ...write,
      schema: {
        summary: 'Subscribes this browser to Web Push.',
        body: pushSubscriptionInputSchema,
        response: { 201: pushSubscriptionResultSchema },
      },
    },
    async (request, reply) => {
      const result = await subscribe(db, pushServiceHosts, request.user!.id, request.body);
      return reply.status(201).send(result);
    },
  );
  app.delete(
    '/api/push/subscriptions',
    {
      ...write,
      schema: {
        summary: 'Unsubscribes a browser from Web Push.',
        body: deletePushSubscriptionInputSchema,
        response: { 200: pushSubscriptionResultSchema },
      },
    },
    async (request) => unsubscribe(db, request.user!.id, request.body.endpoint),
  );

  // The native apps' device tokens (decision 164): FCM on Android, APNs on iOS.
  app.post(
    '/api/push/native-tokens',
    {
      ...write,
      schema: {
        summary: 'Registers a native app’s push token.',
        description:
          'This app installation receives the signed-in user’s pushes; the same token again is the same row.',
        body: nativePushTokenInputSchema,
        response: { 201: nativePushTokenResultSchema },
      },
    },
    async (request, reply) => {
      const result = await registerNativeToken(db, request.user!.id, request.body);
      return reply.status(201).send(result);
    },
  );
  app.delete(
    '/api/push/native-tokens/*',
    {
      ...write,
      schema: {
        summary: 'Forgets a native app’s push token.',
        description: 'This app installation stops receiving pushes; a token that is not the caller’s answers 404.',
        params: nativeTokenParamsSchema,
        body: noBodySchema,
        response: { 204: z.null().describe('Removed'), ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      await unregisterNativeToken(db, request.user!.id, request.params['*']);
      return reply.status(204).send(null);
    },
  );
}

export const pushRoutes = fp(pushPlugin, { name: 'push' });

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletePushSubscriptionInputSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionResultSchema,
} from '../../../contract/push';
import { setPushSink } from './dispatch';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './push-service-hosts';
import { PushSender } from './sender';
import { subscribe, unsubscribe } from './service';
import { loadVapidKeys } from './vapid';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Web Push sender (decision 116): its queue, and request options tests adjust. */
    push: PushSender;
  }
}

/** Web Push: the VAPID public key, and the signed-in user's browser subscriptions. */
async function pushPlugin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const vapid = await loadVapidKeys(db, app.config);
  const pushServiceHosts = app.config.pushServiceHosts ?? DEFAULT_PUSH_SERVICE_HOSTS;
  const sender = new PushSender(db, vapid, app.log, { proxy: app.config.pushProxy, pushServiceHosts });
  const unplug = setPushSink(sender);
  app.decorate('push', sender);
  // Before the database closes: pushes in flight finish, none start.
  app.addHook('preClose', async () => {
    unplug();
    await sender.close();
  });

  // Public: the key is what every browser needs to subscribe, and says nothing about anyone.
  app.get('/api/push/public-key', { schema: { response: { 200: pushPublicKeySchema } } }, async () => ({
    publicKey: vapid.publicKey,
  }));

  const write = { onRequest: app.requireUser, preValidation: app.limitWrites };
  app.post(
    '/api/push/subscriptions',
    { ...write, schema: { body: pushSubscriptionInputSchema, response: { 201: pushSubscriptionResultSchema } } },
    async (request, reply) => {
      const result = await subscribe(db, pushServiceHosts, request.user!.id, request.body);
      return reply.status(201).send(result);
    },
  );
  app.delete(
    '/api/push/subscriptions',
    { ...write, schema: { body: deletePushSubscriptionInputSchema, response: { 200: pushSubscriptionResultSchema } } },
    async (request) => unsubscribe(db, request.user!.id, request.body.endpoint),
  );
}

export const pushRoutes = fp(pushPlugin, { name: 'push' });

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currentUserSchema,
  loginInputSchema,
  logoutResponseSchema,
  registerInputSchema,
  updateUsernameInputSchema,
} from '../../../contract/auth';
import { noBodySchema } from '../../../contract/validation';
import { errorAnswers } from '../../lib/error-answers';
import { assertNotLimited, consumeOrThrow } from '../../plugins/rate-limit';
import { toCurrentUser } from './present';
import { authenticate, changeUsername, registerUser } from './service';

/** Accounts: register, login, logout, the current user and username changes (docs/product.md §7). */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { limiters } = app;

  app.post(
    '/api/register',
    { schema: { body: registerInputSchema, response: { 201: currentUserSchema, ...errorAnswers(409, 429) } } },
    async (request, reply) => {
      const input = request.body;
      await consumeOrThrow(limiters.registerByIp, request.ip);
      const user = await registerUser(db, input);
      await app.startAuthSession(request, reply, user.id);
      return reply.status(201).send(toCurrentUser(user));
    },
  );

  app.post(
    '/api/login',
    { schema: { body: loginInputSchema, response: { 200: currentUserSchema, ...errorAnswers(401, 429) } } },
    async (request, reply) => {
      const input = request.body;
      const usernameKey = input.username.toLowerCase();
      await assertNotLimited(limiters.loginByIp, request.ip);
      await assertNotLimited(limiters.loginByUsername, usernameKey);
      try {
        const user = await authenticate(db, input);
        await limiters.loginByUsername.delete(usernameKey).catch(() => {});
        await app.startAuthSession(request, reply, user.id);
        return toCurrentUser(user);
      } catch (error) {
        await Promise.all([
          limiters.loginByIp.penalty(request.ip).catch(() => {}),
          limiters.loginByUsername.penalty(usernameKey).catch(() => {}),
        ]);
        throw error;
      }
    },
  );

  app.post(
    '/api/logout',
    { schema: { body: noBodySchema, response: { 200: logoutResponseSchema } } },
    async (request, reply) => {
      await app.endAuthSession(request, reply);
      return { success: true as const };
    },
  );

  app.get(
    '/api/auth/user',
    { onRequest: app.requireUser, schema: { response: { 200: currentUserSchema } } },
    async (request) => toCurrentUser(request.user!),
  );

  const write = { onRequest: app.requireUser, preValidation: app.limitWrites };
  app.put(
    '/api/auth/username',
    {
      ...write,
      schema: { body: updateUsernameInputSchema, response: { 200: currentUserSchema, ...errorAnswers(409) } },
    },
    async (request) => {
      const { username } = request.body;
      return toCurrentUser(await changeUsername({ db, live: app.bus }, request.user!.id, username));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { loginInputSchema, registerInputSchema, updateUsernameInputSchema } from '../../../contract/auth';
import { noBodySchema } from '../../../contract/validation';
import { parseInput } from '../../lib/parse';
import { assertNotLimited, consumeOrThrow } from '../../plugins/rate-limit';
import { toCurrentUser } from './present';
import { authenticate, changeUsername, registerUser } from './service';

/** Accounts: register, login, logout, the current user and username changes (docs/product.md §7). */
export async function authRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const { limiters } = app;

  app.post('/api/register', async (request, reply) => {
    const input = parseInput(registerInputSchema, request.body);
    await consumeOrThrow(limiters.registerByIp, request.ip);
    const user = await registerUser(db, input);
    await app.startAuthSession(request, reply, user.id);
    return reply.status(201).send(toCurrentUser(user));
  });

  app.post('/api/login', async (request, reply) => {
    const input = parseInput(loginInputSchema, request.body);
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
  });

  app.post('/api/logout', async (request, reply) => {
    parseInput(noBodySchema, request.body);
    await app.endAuthSession(request, reply);
    return { success: true };
  });

  app.get('/api/auth/user', { preHandler: app.requireUser }, async (request) => toCurrentUser(request.user!));

  app.put('/api/auth/username', { preHandler: [app.requireUser, app.limitWrites] }, async (request) => {
    const { username } = parseInput(updateUsernameInputSchema, request.body);
    const user = await changeUsername(db, request.user!.id, username);
    // Cached sessions and Shros carry the old name on every instance.
    await app.bus.publish({ type: 'user.profile.updated', userId: user.id }, { servers: true });
    return toCurrentUser(user);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authSessionListSchema,
  authSessionParamsSchema,
  changePasswordInputSchema,
  currentUserSchema,
  endedSessionsSchema,
  loginInputSchema,
  logoutResponseSchema,
  registerInputSchema,
  updateUsernameInputSchema,
} from '../../../contract/auth';
import { acceptTermsInputSchema } from '../../../contract/terms';
import { noBodySchema } from '../../../contract/validation';
import { errorAnswers } from '../../lib/error-answers';
import { consumeOrThrow, isLimited } from '../../plugins/rate-limit';
import { announceInviteAccepted } from '../invites/service';
import { knownDeviceKey, rememberDevice } from './known-device';
import { limitPasswordAttempts } from './password-attempts';
import { currentUserPresenter } from './present';
import {
  authenticate,
  changePassword,
  changeUsername,
  checkCurrentPassword,
  endAuthSession,
  endOtherAuthSessions,
  findOwnAuthSession,
  listDevices,
  loginAccountId,
  registerUser,
} from './service';
import { acceptTerms } from './terms';

/**
 * Accounts: register, login, logout, the current user, username and password changes and the
 * signed-in devices (docs/product.md §7, docs/decisions/102-signed-in-devices.md).
 */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { limiters } = app;
  const toCurrentUser = currentUserPresenter({ db, settings: app.config, nameHash: app.nameHash });

  app.post(
    '/api/register',
    {
      schema: {
        summary: 'Creates an account and signs it in.',
        body: registerInputSchema,
        response: { 201: currentUserSchema, ...errorAnswers(409, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      await consumeOrThrow(limiters.registerByIp, request.ip);
      const { user, inviterId } = await registerUser(db, app.nameHash, input);
      if (inviterId) await announceInviteAccepted(app.bus, inviterId, user.id);
      await app.startAuthSession(request, reply, user.id);
      return reply.status(201).send(await toCurrentUser(user));
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        summary: 'Signs in with a username and password.',
        body: loginInputSchema,
        response: { 200: currentUserSchema, ...errorAnswers(401, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      // A browser this account signed in from before is held only by its own failure budget, so
      // failures elsewhere (someone guessing) cannot lock the owner out
      // (docs/decisions/110-known-device-logins.md).
      const accountId = await loginAccountId(db, input.username);
      const deviceKey = accountId ? knownDeviceKey(request, accountId) : null;
      if (deviceKey && !(await isLimited(limiters.loginByDevice, deviceKey))) {
        try {
          const user = await authenticate(db, input);
          await app.startAuthSession(request, reply, user.id);
          rememberDevice(request, reply, user.id, app.config.secureCookies);
          return toCurrentUser(user);
        } catch (error) {
          await limiters.loginByDevice.penalty(deviceKey).catch(() => {});
          throw error;
        }
      }
      const user = await limitPasswordAttempts(limiters, { ip: request.ip, username: input.username }, () =>
        authenticate(db, input),
      );
      await app.startAuthSession(request, reply, user.id);
      rememberDevice(request, reply, user.id, app.config.secureCookies);
      return toCurrentUser(user);
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        summary: 'Signs out: ends this auth session.',
        body: noBodySchema,
        response: { 200: logoutResponseSchema },
      },
    },
    async (request, reply) => {
      await app.endAuthSession(request, reply);
      return { success: true as const };
    },
  );

  app.get(
    '/api/auth/user',
    {
      onRequest: app.requireUser,
      schema: { summary: 'Returns the signed-in user.', response: { 200: currentUserSchema } },
    },
    async (request) => toCurrentUser(request.user!),
  );

  const write = { onRequest: app.requireUser, preValidation: app.limitWrites };
  app.put(
    '/api/auth/username',
    {
      ...write,
      schema: {
        summary: 'Changes the signed-in user’s username.',
        body: updateUsernameInputSchema,
        response: { 200: currentUserSchema, ...errorAnswers(409) },
      },
    },
    async (request) => {
      const { username } = request.body;
      return toCurrentUser(
        await changeUsername({ db, live: app.bus, nameHash: app.nameHash }, request.user!.id, username),
      );
    },
  );

  // An account older than the current terms accepts them once (docs/decisions/113-terms-acceptance.md).
  app.post(
    '/api/auth/accept-terms',
    {
      ...write,
      schema: {
        summary: 'Accepts the current terms.',
        body: acceptTermsInputSchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => toCurrentUser(await acceptTerms({ db, live: app.bus }, request.user!.id, request.body.version)),
  );

  app.put(
    '/api/auth/password',
    {
      ...write,
      schema: {
        summary: 'Changes the password and ends the other auth sessions.',
        body: changePasswordInputSchema,
        response: { 200: endedSessionsSchema, ...errorAnswers(429) },
      },
    },
    async (request) => {
      const user = request.user!;
      const { currentPassword, newPassword } = request.body;
      await limitPasswordAttempts(limiters, { ip: request.ip, username: user.username }, () =>
        checkCurrentPassword(db, user.id, currentPassword),
      );
      return { ended: await changePassword({ db, live: app.bus }, user.id, request.authSessionId!, newPassword) };
    },
  );

  app.get(
    '/api/auth/sessions',
    {
      onRequest: app.requireUser,
      schema: { summary: 'Lists the signed-in devices.', response: { 200: authSessionListSchema } },
    },
    async (request) => listDevices(db, request.user!.id, request.authSessionId!),
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      ...write,
      schema: {
        summary: 'Signs one device out.',
        params: authSessionParamsSchema,
        body: noBodySchema,
        response: { 200: endedSessionsSchema, ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const sessionId = await findOwnAuthSession(db, request.user!.id, request.params.id);
      // Ending the current device is signing out here: the cookie goes too.
      if (sessionId === request.authSessionId) await app.endAuthSession(request, reply);
      else await endAuthSession({ db, live: app.bus }, sessionId);
      return { ended: 1 };
    },
  );

  app.post(
    '/api/auth/sessions/revoke-others',
    {
      ...write,
      schema: { summary: 'Signs out every other device.', body: noBodySchema, response: { 200: endedSessionsSchema } },
    },
    async (request) => ({
      ended: await endOtherAuthSessions({ db, live: app.bus }, request.user!.id, request.authSessionId!),
    }),
  );
}

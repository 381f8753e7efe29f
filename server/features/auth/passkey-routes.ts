import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema } from '../../../contract/auth';
import {
  PASSKEY_NAME_MAX,
  passkeyIdParamsSchema,
  passkeyItemSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySignInInputSchema,
  registerPasskeyInputSchema,
  removePasskeyResultSchema,
  renamePasskeyInputSchema,
} from '../../../contract/passkeys';
import { noBodySchema } from '../../../contract/validation';
import { errorAnswers } from '../../lib/error-answers';
import { unauthorized } from '../../lib/http-errors';
import { assertNotLimited } from '../../plugins/rate-limit';
import { assertNotSuspended } from '../moderation/suspension';
import { pageOriginResolver } from '../seo/public-origin';
import { rememberDevice } from './known-device';
import {
  authenticatePasskey,
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
} from './passkeys';
import { currentUserPresenter } from './present';
import { findUserById } from './queries';
import { summarizeUserAgent } from './user-agent';

/** The cookie naming the ceremony's challenge, sent only to these routes. */
const CHALLENGE_COOKIE = 'shro_passkey';
const PASSKEY_PATH = '/api/auth/passkeys';

/** The library's options as the loose JSON object the answer's schema describes. */
const asJson = (options: { challenge: string }) => options as { challenge: string } & Record<string, unknown>;

/**
 * Passkeys (issue 40; decision 187): a signed-in user adds, renames and removes them; anyone signs
 * in with one, as with a password. The relying party is the app's public origin.
 */
export async function passkeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { limiters } = app;
  const originOf = pageOriginResolver(app.config);
  const partyOf = (request: FastifyRequest) => relyingPartyOf(originOf(request));
  const toCurrentUser = currentUserPresenter({ db, settings: app.config, nameHash: app.nameHash });
  const holdChallenge = (reply: FastifyReply, id: string) =>
    reply.setCookie(CHALLENGE_COOKIE, id, {
      path: PASSKEY_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: app.config.secureCookies,
      maxAge: 5 * 60,
    });
  const challengeOf = (request: FastifyRequest, reply: FastifyReply) => {
    reply.clearCookie(CHALLENGE_COOKIE, { path: PASSKEY_PATH });
    return request.cookies[CHALLENGE_COOKIE];
  };
  const read = { onRequest: app.requireUser };
  const write = { onRequest: app.requireUser, preValidation: app.limitWrites };

  app.get(
    PASSKEY_PATH,
    { ...read, schema: { summary: 'Lists the signed-in user’s passkeys.', response: { 200: passkeyListSchema } } },
    async (request) => listPasskeys(db, request.user!.id),
  );

  app.post(
    `${PASSKEY_PATH}/registration/options`,
    {
      ...write,
      schema: {
        summary: 'Starts adding a passkey: the options for the browser.',
        body: noBodySchema,
        response: { 200: passkeyOptionsSchema },
      },
    },
    async (request, reply) => {
      const { options, challengeId } = await registrationOptions(db, partyOf(request), request.user!);
      holdChallenge(reply, challengeId);
      return asJson(options);
    },
  );

  app.post(
    `${PASSKEY_PATH}/registration/verify`,
    {
      ...write,
      schema: {
        summary: 'Finishes adding a passkey.',
        body: registerPasskeyInputSchema,
        response: { 201: passkeyItemSchema, ...errorAnswers(409) },
      },
    },
    async (request, reply) => {
      const name = request.body.name ?? summarizeUserAgent(request.headers['user-agent']) ?? 'Passkey';
      const item = await registerPasskey(
        db,
        partyOf(request),
        request.user!.id,
        { credential: request.body.credential, name: name.slice(0, PASSKEY_NAME_MAX) },
        challengeOf(request, reply),
      );
      return reply.status(201).send(item);
    },
  );

  app.post(
    `${PASSKEY_PATH}/authentication/options`,
    {
      preValidation: app.limitReads,
      schema: {
        summary: 'Starts signing in with a passkey: the options for the browser.',
        body: noBodySchema,
        response: { 200: passkeyOptionsSchema, ...errorAnswers(429) },
      },
    },
    async (request, reply) => {
      const { options, challengeId } = await authenticationOptions(db, partyOf(request));
      holdChallenge(reply, challengeId);
      return asJson(options);
    },
  );

  app.post(
    `${PASSKEY_PATH}/authentication/verify`,
    {
      schema: {
        summary: 'Signs in with a passkey.',
        body: passkeySignInInputSchema,
        response: { 200: currentUserSchema, ...errorAnswers(401, 429) },
      },
    },
    async (request, reply) => {
      // Failed answers count against the address as failed passwords do.
      await assertNotLimited(limiters.loginByIp, request.ip);
      let userId: string;
      try {
        userId = await authenticatePasskey(db, partyOf(request), request.body.credential, challengeOf(request, reply));
      } catch (error) {
        await limiters.loginByIp.penalty(request.ip).catch(() => {});
        throw error;
      }
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized();
      assertNotSuspended(user);
      await app.startAuthSession(request, reply, user.id);
      rememberDevice(request, reply, user.id, app.config.secureCookies);
      return toCurrentUser(user);
    },
  );

  app.patch(
    `${PASSKEY_PATH}/:id`,
    {
      ...write,
      schema: {
        summary: 'Renames one of the signed-in user’s passkeys.',
        params: passkeyIdParamsSchema,
        body: renamePasskeyInputSchema,
        response: { 200: passkeyItemSchema },
      },
    },
    async (request) => renamePasskey(db, request.user!.id, request.params.id, request.body.name),
  );

  app.delete(
    `${PASSKEY_PATH}/:id`,
    {
      ...write,
      schema: {
        summary: 'Removes one of the signed-in user’s passkeys.',
        params: passkeyIdParamsSchema,
        body: noBodySchema,
        response: { 200: removePasskeyResultSchema },
      },
    },
    async (request) => removePasskey(db, request.user!.id, request.params.id),
  );
}

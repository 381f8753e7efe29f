import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RateLimiterRes } from 'rate-limiter-flexible';
import {
  endedSessionsSchema,
  PASSWORD_RESET_SENT_MESSAGE,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  passwordResetSentSchema,
  passwordResetStatusSchema,
} from '../../../contract/auth';
import { translate } from '../../i18n/catalogs';
import { errorAnswers } from '../../lib/error-answers';
import { HttpError } from '../../lib/http-errors';
import { requestLocale } from '../../lib/request-locale';
import { assertNotLimited, consumeOrThrow } from '../../plugins/rate-limit';
import { pageOriginResolver } from '../seo/public-origin';
import { rememberDevice } from './known-device';
import { confirmPasswordReset, sendResetLinks } from './password-reset';

/**
 * Forgot password (docs/decisions/109-password-reset-by-email.md): ask for a link by username or
 * email, then set a new password with the link's token.
 */
/** One reset link for this account, on the per-target budget; a store that is down limits nothing (as login limits). */
const takeAccountBudget = (limiters: FastifyInstance['limiters']) => async (userId: string) => {
  try {
    await limiters.passwordResetByTarget.consume(`account:${userId}`);
    return true;
  } catch (error) {
    return !(error instanceof RateLimiterRes);
  }
};

export async function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { limiters, mailer } = app;
  const linkOrigin = pageOriginResolver(app.config);

  app.get(
    '/api/auth/password-reset',
    {
      schema: {
        summary: 'Tells whether a reset link can be sent by email.',
        response: { 200: passwordResetStatusSchema },
      },
    },
    async () => ({
      emailEnabled: mailer.enabled,
    }),
  );

  app.post(
    '/api/auth/password-reset',
    {
      schema: {
        summary: 'Sends a password reset link.',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetSentSchema, ...errorAnswers(429) },
      },
    },
    async (request, reply) => {
      const { login } = request.body;
      await consumeOrThrow(limiters.passwordResetByIp, request.ip);
      // Per text typed, before anything is looked up: the same 429 whether or not an account matches.
      await consumeOrThrow(limiters.passwordResetByTarget, `text:${login.trim().toLowerCase()}`);
      const origin = linkOrigin(request);
      if (!origin) {
        request.log.error('Password reset link not sent: this request has no trusted origin, set PUBLIC_ORIGIN');
      } else {
        // Looking the account up, writing the token and talking to the mail server all happen after
        // the answer: it is the same, and as fast, whether or not an account matched.
        // Per account too, counted once the account is known (after the answer): its username and
        // its email share one budget (decision 109).
        const deps = { db, mailer, log: request.log, takeAccountBudget: takeAccountBudget(limiters) };
        const locale = requestLocale(request);
        app.backgroundWork.run('password reset', () => sendResetLinks(deps, login, origin, locale));
      }
      return reply.status(202).send({ message: translate(requestLocale(request), PASSWORD_RESET_SENT_MESSAGE) });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      schema: {
        summary: 'Sets a new password with a reset link’s token.',
        body: passwordResetConfirmSchema,
        response: { 200: endedSessionsSchema, ...errorAnswers(429) },
      },
    },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      // Tokens are far too long to guess; bad ones still count like failed logins from the address.
      await assertNotLimited(limiters.loginByIp, request.ip);
      try {
        const { userId, ended } = await confirmPasswordReset({ db, live: app.bus }, token, newPassword);
        // The person read the account's mail: this browser is now one the account signs in from.
        rememberDevice(request, reply, userId, app.config.secureCookies);
        return { ended };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 400) {
          await limiters.loginByIp.penalty(request.ip).catch(() => {});
        }
        throw error;
      }
    },
  );
}

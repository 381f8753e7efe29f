import { ZipArchive } from 'archiver';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteAccountInputSchema,
  deleteAccountResponseSchema,
  updateLocaleInputSchema,
  updateLocaleResponseSchema,
} from '../../../contract/account';
import { errorAnswers } from '../../lib/error-answers';
import { clearAuthCookies } from '../../plugins/auth-session';
import { consumeOrThrow } from '../../plugins/rate-limit';
import { limitPasswordAttempts } from '../auth/password-attempts';
import { startAccountExport, writeAccountExport } from './export';
import { checkAccountPassword, deleteAccount, saveLocale } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Data exports still being written on this instance (decision 114); a download that ended early ends its own. */
    accountExportsInFlight(): number;
  }
}

/**
 * "Your data": the export of everything about the user, and deleting the account (issue 11 items
 * 15–16); and the language the user chose (issue 36).
 */
async function accountPlugin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { limiters } = app;
  const shroDeps = () => ({ db, cache: app.shroCache, live: app.bus });
  const exportsInFlight = new Set<Promise<void>>();
  app.decorate('accountExportsInFlight', () => exportsInFlight.size);

  app.get(
    '/api/account/export',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Downloads everything about the signed-in user as a ZIP.',
        description:
          'A ZIP of everything about the signed-in user: shro-export.json and their images (decision 114). ' +
          'Rate limited per user.',
        response: errorAnswers(429),
      },
    },
    async (request, reply) => {
      const user = request.user!;
      await consumeOrThrow(limiters.accountExportsByUser, user.id);
      // The account and its image list are read before the first byte (a failure there is still a
      // clean answer); the JSON document is read as it streams.
      const exported = await startAccountExport(shroDeps(), user.id);
      const archive = new ZipArchive({ zlib: { level: 6 } });
      const day = new Date().toISOString().slice(0, 10);
      const writing = writeAccountExport(archive, app.uploadStorage, exported)
        .then((outcome) => {
          if (outcome === 'aborted') request.log.info('account export: the download ended before it was written');
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'account export failed while streaming');
          archive.destroy(error instanceof Error ? error : new Error('account export failed'));
        })
        .finally(() => exportsInFlight.delete(writing));
      exportsInFlight.add(writing);
      // A stream, not one of the JSON answers the schema describes: sent through the untyped reply.
      return (reply as FastifyReply)
        .type('application/zip')
        .header('content-disposition', `attachment; filename="shro-export-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );

  app.put(
    '/api/account/locale',
    {
      onRequest: app.requireUser,
      preValidation: app.limitWrites,
      schema: {
        summary: 'Saves the language the signed-in user chose.',
        description:
          "Saves the language the signed-in user chose: it wins over the visitor cookie and the browser's " +
          'Accept-Language on every device, and GET /api/auth/user answers it.',
        body: updateLocaleInputSchema,
        response: { 200: updateLocaleResponseSchema },
      },
    },
    async (request) => ({
      locale: await saveLocale({ db, live: app.bus }, request.user!.id, request.body.locale),
    }),
  );

  app.delete(
    '/api/account',
    {
      onRequest: app.requireUser,
      preValidation: app.limitWrites,
      schema: {
        summary: 'Deletes the signed-in account.',
        description:
          'Deletes the signed-in account (decision 115): the password is checked like a login; ' +
          'other people keep their chats and results, showing "deleted user".',
        body: deleteAccountInputSchema,
        response: { 200: deleteAccountResponseSchema, ...errorAnswers(404, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      await limitPasswordAttempts(limiters, { ip: request.ip, username: user.username }, () =>
        checkAccountPassword({ db }, user.id, request.body.password),
      );
      await deleteAccount({ ...shroDeps(), nameHash: app.nameHash, log: request.log }, app.uploadStorage, user.id);
      clearAuthCookies(reply);
      return { deleted: true as const };
    },
  );
}

/** Not encapsulated, so `app.accountExportsInFlight` is the app's own. */
export const accountRoutes = fp(accountPlugin, { name: 'account' });

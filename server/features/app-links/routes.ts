import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_LINK_PAGES, pagePathPattern } from '../../../contract/pages';
import type { AppLinkSettings } from '../../config';
import { errorAnswers } from '../../lib/error-answers';
import { notFound } from '../../lib/http-errors';

/*
 * The files that let the native apps open Shro links instead of the browser (decision 164):
 * Android App Links read assetlinks.json, iOS universal links apple-app-site-association. Both are
 * fetched by the platforms from this exact path, as JSON, with no redirect.
 */

/** The paths the apps open: a Shro, an invite, a public profile. */
const APP_PATHS = APP_LINK_PAGES.map(pagePathPattern);

/** Public and the same for everyone; the platforms cache them anyway, so an hour is plenty. */
const CACHE_CONTROL = 'public, max-age=3600';

const assetLinksSchema = z.array(
  z.object({
    relation: z.array(z.string()),
    target: z.object({
      namespace: z.literal('android_app'),
      package_name: z.string(),
      sha256_cert_fingerprints: z.array(z.string()),
    }),
  }),
);

const appSiteAssociationSchema = z.object({
  applinks: z.object({
    // The legacy keys (`apps`, `appID`, `paths`) for iOS 12 and earlier, the current ones beside them.
    apps: z.array(z.string()),
    details: z.array(
      z.object({
        appID: z.string(),
        paths: z.array(z.string()),
        appIDs: z.array(z.string()),
        components: z.array(z.object({ '/': z.string() })),
      }),
    ),
  }),
});

/** Android's statement list: this site's links may open the app signed with these certificates. */
function assetLinks(settings: AppLinkSettings): z.output<typeof assetLinksSchema> | null {
  if (settings.androidCertFingerprints.length === 0) return null;
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: settings.androidAppId,
        sha256_cert_fingerprints: settings.androidCertFingerprints,
      },
    },
  ];
}

/** Apple's association: the app `{team}.{bundle id}` opens these paths. */
function appSiteAssociation(settings: AppLinkSettings): z.output<typeof appSiteAssociationSchema> | null {
  if (!settings.appleTeamId) return null;
  const appId = `${settings.appleTeamId}.${settings.iosBundleId}`;
  return {
    applinks: {
      apps: [],
      details: [
        {
          appID: appId,
          paths: [...APP_PATHS],
          appIDs: [appId],
          components: APP_PATHS.map((path) => ({ '/': path })),
        },
      ],
    },
  };
}

/** GET /.well-known/assetlinks.json and /.well-known/apple-app-site-association. */
export async function appLinksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const links = assetLinks(app.config.appLinks);
  const association = appSiteAssociation(app.config.appLinks);

  app.get(
    '/.well-known/assetlinks.json',
    {
      schema: {
        summary: 'Names the Android app that may open this site’s links.',
        description: 'Android App Links: the app allowed to open this site’s links. 404 without ANDROID_CERT_SHA256.',
        response: { 200: assetLinksSchema, ...errorAnswers(404) },
      },
    },
    async (_request, reply) => {
      if (!links) throw notFound('Android App Links are not configured on this server.');
      return reply.header('cache-control', CACHE_CONTROL).send(links);
    },
  );

  app.get(
    '/.well-known/apple-app-site-association',
    {
      schema: {
        summary: 'Names the iOS app that may open this site’s links.',
        description: 'iOS universal links: the app allowed to open this site’s links. 404 without APPLE_TEAM_ID.',
        response: { 200: appSiteAssociationSchema, ...errorAnswers(404) },
      },
    },
    async (_request, reply) => {
      if (!association) throw notFound('iOS universal links are not configured on this server.');
      return reply.header('cache-control', CACHE_CONTROL).send(association);
    },
  );
}

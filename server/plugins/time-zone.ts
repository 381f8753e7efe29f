import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TIME_ZONE_HEADER } from '../../contract/achievements';
import { updateTimeZone } from '../features/achievements/queries';
import { canonicalTimeZone } from '../features/achievements/streak';

/**
 * Streak days are counted in the user's own calendar (docs/product.md §4). The web app sends the
 * browser's IANA zone on every call; when a signed-in user's zone differs from the stored one it
 * is saved before the route runs, so the action that follows already counts in the new zone.
 * A missing or unknown zone is ignored, never an error.
 */
async function timeZonePlugin(app: FastifyInstance) {
  const { db } = app.database;
  // Before the route's schemas are checked, as when handlers parsed their own input: a call
  // refused for its input still records the zone (docs/decisions/088-route-schemas-and-auth-first.md).
  async function saveZone(request: FastifyRequest, zone: string) {
    // Resolving here is free for the routes that resolve the user anyway: the result is cached on the request.
    const user = await app.resolveUser(request);
    if (!user || user.timeZone === zone) return;
    await updateTimeZone(db, user.id, zone);
    user.timeZone = zone;
  }
  // A callback hook: it runs on every request, and most carry no zone, no session cookie or the
  // zone already known (decision 154).
  app.addHook('preValidation', (request, _reply, done) => {
    const raw = request.headers[TIME_ZONE_HEADER];
    const zone = raw === undefined || !request.url.startsWith('/api/') ? null : canonicalTimeZone(raw);
    if (!zone || !request.headers.cookie || request.user?.timeZone === zone) {
      done();
      return;
    }
    saveZone(request, zone).then(() => done(), done);
  });
}

export default fp(timeZonePlugin, { name: 'time-zone', dependencies: ['auth-session', 'database'] });

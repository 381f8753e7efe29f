import type { FastifyInstance, FastifyRequest, onResponseHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../../lib/http-errors';
import { configureImageWork } from '../../lib/images';
import { checkUploadQuota, type UploadKind } from './service';

/** Seconds a refused concurrent upload is told to wait: about what one upload takes. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** Counts the uploads each user has in flight on this instance. */
class UploadGate {
  private readonly inFlightByUser = new Map<string, number>();

  constructor(readonly maxPerUser: number) {}

  /** A release function (safe to call more than once), or null when the user is at the limit. */
  tryAcquire(userId: string): (() => void) | null {
    // 0 (or less) turns the limit off.
    if (this.maxPerUser <= 0) return () => {};
    const current = this.inFlightByUser.get(userId) ?? 0;
    if (current >= this.maxPerUser) return null;
    this.inFlightByUser.set(userId, current + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlightByUser.get(userId) ?? 1) - 1;
      if (left > 0) this.inFlightByUser.set(userId, left);
      else this.inFlightByUser.delete(userId);
    };
  }

  inFlight(userId: string): number {
    return this.inFlightByUser.get(userId) ?? 0;
  }
}

const busyMessage = (maxPerUser: number) =>
  `You already have ${maxPerUser} upload${maxPerUser === 1 ? '' : 's'} in progress. Wait for one to finish, then try again.`;

declare module 'fastify' {
  interface FastifyInstance {
    uploadGate: UploadGate;
    /**
     * preValidation hook of routes that take files (after requireUser; only as the route's own
     * `preValidation` option, where its release hooks are added, decision 157): holds one of the user's upload
     * slots until the answer is sent (429 when none is free), and refuses a user whose images
     * already fill their quota (413) before the body is read. Requests without files pass.
     */
    guardUpload: (kind: UploadKind) => (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Bounds the cost of uploads (issue 10, docs/decisions/013-upload-cost.md): the process-wide
 * image work queue gets its size, and each user gets a few upload slots and a storage quota.
 */
async function uploadLimitsPlugin(app: FastifyInstance) {
  const { imageWorkConcurrency, uploadMaxConcurrentPerUser, uploadQuotaBytesPerUser } = app.config;
  configureImageWork({ concurrency: imageWorkConcurrency });
  const gate = new UploadGate(uploadMaxConcurrentPerUser);
  app.decorate('uploadGate', gate);

  const releases = new WeakMap<FastifyRequest, () => void>();
  const release = (request: FastifyRequest) => {
    releases.get(request)?.();
    releases.delete(request);
  };
  // The slot is held while the route works: until its answer (or error) is being sent, so a
  // client that disconnects after sending everything keeps it until its images are done and
  // disconnecting cannot pile up work. onResponse is the safety net.
  const releaseOnSend: onSendHookHandler = (request, _reply, payload, done) => {
    release(request);
    done(null, payload);
  };
  const releaseOnResponse: onResponseHookHandler = (request, _reply, done) => {
    release(request);
    done();
  };
  // Only the routes that take files hold slots: the release hooks go on those routes alone, not
  // on every request (decision 157). A route is one of them when its preValidation has a guard.
  // A guard used any other way would hold slots for good: the app refuses to start instead.
  const unattached = new Set<object>();
  const attached = new WeakSet<object>();
  app.addHook('onRoute', (route) => {
    const guards = [route.preValidation ?? []].flat().filter((hook) => unattached.has(hook) || attached.has(hook));
    if (guards.length === 0) return;
    for (const guard of guards) {
      unattached.delete(guard);
      attached.add(guard);
    }
    route.onSend = [...[route.onSend ?? []].flat(), releaseOnSend];
    route.onResponse = [...[route.onResponse ?? []].flat(), releaseOnResponse];
  });
  app.addHook('onReady', (done) => {
    done(
      unattached.size === 0
        ? undefined
        : new Error("guardUpload() works only as a route's own preValidation option, on a route declared after it"),
    );
  });

  app.decorate('guardUpload', (kind: UploadKind) => {
    const guard = async (request: FastifyRequest) => {
      if (!request.user || !request.isMultipart()) return;
      const userId = request.user.id;
      const releaseSlot = gate.tryAcquire(userId);
      if (!releaseSlot) throw tooManyRequests(BUSY_RETRY_AFTER_SECONDS, busyMessage(gate.maxPerUser));
      releases.set(request, releaseSlot);
      // A client gone before its whole body arrived frees the slot at once: that request can never
      // reach the image work, and until the route reads the body only socket buffers are held.
      request.raw.once('close', () => {
        if (!request.raw.complete) release(request);
      });
      // A full quota is refused before a byte of the images is read or decoded. A new avatar
      // replaces the current one, so that one is not counted here.
      await checkUploadQuota(app.database.db, uploadQuotaBytesPerUser, userId, 1, {
        exceptKind: kind === 'avatar' ? 'avatar' : undefined,
      });
    };
    unattached.add(guard);
    return guard;
  });
}

export default fp(uploadLimitsPlugin, { name: 'upload-limits', dependencies: ['database'] });

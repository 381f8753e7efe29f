import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors';

export const TOO_MANY_CONNECTIONS = 'Too many open connections from your address. Please try again later.';

/** A connection past the cap that has not sent a request by then is closed without an answer. */
const OVER_CAP_GRACE_MS = 1000;

/**
 * Caps the connections one client address holds open (`maxConnectionsPerIp`), counted on the
 * sockets themselves, so a client cannot pile up slow requests, idle keep-alives and live
 * channels until the process runs out of file descriptors. A connection past the cap answers its
 * first request 429 `{message}` with `Connection: close`, or is closed after a second if it sends
 * none. The address is the socket's: behind a proxy (`trustProxy`) every client shares the proxy's,
 * so the cap is left to the proxy there (nginx `limit_conn`, for one).
 */
async function connectionLimitsPlugin(app: FastifyInstance) {
  const max = app.config.maxConnectionsPerIp;
  if (max <= 0 || app.config.trustProxy) return;

  const open = new Map<string, number>();
  const overCap = new WeakSet<Socket>();

  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    if (count <= max) return;
    overCap.add(socket);
    const timer = setTimeout(() => socket.destroy(), OVER_CAP_GRACE_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });

  app.addHook('onRequest', (request, _reply, done) => {
    if (overCap.has(request.raw.socket)) {
      done(new HttpError(429, TOO_MANY_CONNECTIONS, { 'retry-after': '5', connection: 'close' }));
      return;
    }
    done();
  });
}

export default fp(connectionLimitsPlugin, {
  name: 'connection-limits',
  dependencies: ['error-handler'],
});

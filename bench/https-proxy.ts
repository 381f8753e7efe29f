/**
 * An HTTPS front for the measured server, speaking HTTP/2 as the proxies of docs/deploy.md do
 * (Caddy by default, nginx with `http2 on`), so that Lighthouse sees the protocol a phone gets
 * (decision 182). Its certificate is made for the run by `openssl`; without it there is no front.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Hop-by-hop headers, which HTTP/2 forbids and a proxy does not pass on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'http2-settings', 'host']);

const passed = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name, value]) => value !== undefined && !name.startsWith(':') && !HOP_BY_HOP.has(name),
    ),
  );

export interface HttpsProxy {
  url: string;
  close(): Promise<void>;
}

export interface Certificate {
  key: Buffer;
  cert: Buffer;
}

/** A self-signed certificate for 127.0.0.1, or null when the machine has no `openssl`. */
export function selfSignedCertificate(): Certificate | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-bench-tls-'));
  try {
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ]),
      { cwd: dir, stdio: 'ignore' },
    );
    if (made.status !== 0) return null;
    return { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts an HTTPS + HTTP/2 front on `port` for `origin` (an `http://` server). */
export async function startHttpsProxy(origin: string, port: number, tls: Certificate): Promise<HttpsProxy> {
  const target = new URL(origin);
  const server = http2.createSecureServer({ ...tls, allowHTTP1: true }, (request, response) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: {
          ...passed(request.headers),
          host: request.authority || request.headers.host,
          'x-forwarded-proto': 'https',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, passed(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  // Open connections (the live channel's) would otherwise hold the close.
  const sockets = new Set<Socket>();
  server.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

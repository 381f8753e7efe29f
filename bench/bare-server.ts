/**
 * The ceilings, as a forked child: a bare `node:http` server that answers every request with
 * the same JSON body as a Shro read, and a bare SSE server that holds connections open and
 * writes one event to all of them when POST /fire arrives (then answers it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = process.env.BENCH_BODY ?? '{}';
const open = new Set<http.ServerResponse>();
let fired = 0;

const server = http.createServer((req, res) => {
  if (req.url?.startsWith('/live')) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write('retry: 2000\ndata: {"type":"ready"}\n\n');
    open.add(res);
    res.on('close', () => open.delete(res));
    return;
  }
  if (req.method === 'POST' && req.url === '/fire') {
    let n = 0;
    // As long as the app's event (decision 100: with the Shro's public state).
    const frame = `id: ${Date.now()}\ndata: {"type":"shro.picked","shroId":"bare","participantCount":${++fired},"status":"waiting","expiresAt":null}\n\n`;
    for (const channel of open) {
      channel.write(frame);
      n++;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ written: n }));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
});
server.keepAliveTimeout = 60_000;

server.listen(0, '127.0.0.1', () => {
  process.send?.({ ready: true, port: (server.address() as AddressInfo).port, seed: null });
});

process.on('message', (message: { id: number; cmd: string }) => {
  let result: unknown;
  if (message.cmd === 'memory') {
    for (let i = 0; i < 3; i++) globalThis.gc?.();
    result = process.memoryUsage();
  } else if (message.cmd === 'channels') result = open.size;
  process.send?.({ id: message.id, result });
});
process.on('disconnect', () => process.exit(0));

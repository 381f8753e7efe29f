import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { SseClient } from '../../server/test/sse-client';
import { recordFigure } from '../support/figures';
import { HttpUser, ServerProcess } from '../support/server-process';

const survived: string[] = [];
const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  recordFigure('faults.process', { survived });
  for (const server of servers) await server.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(env: Record<string, string>) {
  const server = await ServerProcess.start({
    RATE_LIMIT_WRITES_PER_USER: '1000000',
    RATE_LIMIT_WRITES_PER_IP: '1000000',
    ...env,
  });
  servers.push(server);
  return server;
}

const png = (r: number) =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: { r, g: 80, b: 160 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();

/** A multipart create with two images, as bytes, to be sent slowly. */
async function createForm(): Promise<{ body: Buffer; type: string }> {
  const boundary = 'SIGTERMBOUNDARY';
  const part = (headers: string, data: Buffer | string) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(data), Buffer.from('\r\n')]);
  const field = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value);
  const image = (name: string, data: Buffer) =>
    part(`Content-Disposition: form-data; name="images"; filename="${name}"\r\nContent-Type: image/png`, data);
  const body = Buffer.concat([
    field('title', 'sent while the server stops'),
    field('type', 'image'),
    field('isShareable', 'true'),
    image('a.png', await png(10)),
    image('b.png', await png(200)),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe('SIGTERM', () => {
  it('stops accepting, finishes the request in flight, closes live channels and exits 0', async () => {
    const server = await start({ DATA_DIR: ':memory:' });
    const user = new HttpUser(server.url);
    await user.register('sigterm_user');
    const live = await SseClient.open(`${server.url}/api/live`, { cookie: user.cookie });
    expect(live.status).toBe(200);

    // An upload is half sent when the signal arrives.
    const { body, type } = await createForm();
    const half = Math.floor(body.length / 2);
    let answer: { status: number; body: string } | undefined;
    const request = http.request(`${server.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': type, 'content-length': body.length, cookie: user.cookie, origin: server.url },
    });
    const answered = new Promise<void>((resolve, reject) => {
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          answer = { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() };
          resolve();
        });
      });
      request.on('error', reject);
    });
    request.write(body.subarray(0, half));
    await sleep(300);

    server.kill('SIGTERM');
    // The live channel is closed by the server, not left hanging.
    await Promise.race([live.ended, sleep(5000).then(() => Promise.reject(new Error('live channel not closed')))]);
    // New connections are refused while the upload is still coming in.
    await expect(fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    expect(server.running).toBe(true);

    for (let offset = half; offset < body.length; offset += 64 * 1024) {
      request.write(body.subarray(offset, Math.min(body.length, offset + 64 * 1024)));
      await sleep(20);
    }
    request.end();
    await answered;
    expect(answer?.status, answer?.body).toBe(201);
    expect(JSON.parse(answer!.body).title).toBe('sent while the server stops');

    await server.waitExit(12_000);
    expect(server.exitCode).toBe(0);
    console.log('faults: SIGTERM: in-flight upload answered 201, live channel closed, exit 0');
    survived.push('sigterm');
  });
});

describe('the embedded database survives kill -9', () => {
  it('three hard kills in the middle of write bursts: every acknowledged write is there after restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-kill9-'));
    dirs.push(dataDir);
    let server = await start({ DATA_DIR: dataDir });
    const user = new HttpUser(server.url);
    await user.register('kill9_user');
    const acked: { id: string; title: string }[] = [];
    let avatarUrl = '';

    for (let round = 0; round < 3; round++) {
      user.base = server.url;
      if (round > 0) {
        // A new process: sign in again (the cookie of the last one is still valid too).
        const me = await user.call('GET', '/api/auth/user');
        expect(me.status, 'the auth session survived the kill').toBe(200);
        const login = await user.call('POST', '/api/login', { username: 'kill9_user', password: 'secret123' });
        expect(login.status).toBe(200);
      }
      if (round === 0) {
        const form = new FormData();
        form.append('profileImage', new Blob([new Uint8Array(await png(33))], { type: 'image/png' }), 'me.png');
        const response = await fetch(`${server.url}/api/profile`, {
          method: 'PATCH',
          body: form,
          headers: { cookie: user.cookie, origin: server.url },
        });
        avatarUrl = ((await response.json()) as { profileImageUrl: string }).profileImageUrl;
      }
      // A burst of writes from several loops; the kill lands while they are running.
      let running = true;
      const loops = Array.from({ length: 3 }, async (_, loop) => {
        for (let i = 0; running; i++) {
          const title = `r${round}-l${loop}-${i}`;
          try {
            const response = await user.call('POST', '/api/sessions', {
              title,
              type: 'text',
              isShareable: true,
              textOptions: [{ content: `a${i}` }, { content: `b${i}` }],
            });
            if (response.status === 201) acked.push({ id: (response.json as { id: string }).id, title });
          } catch {
            // the process died under this request
          }
        }
      });
      const before = acked.length;
      while (acked.length < before + 15) await sleep(20);
      server.kill('SIGKILL');
      running = false;
      await Promise.all(loops);
      await server.waitExit();

      server = await start({ DATA_DIR: dataDir });
      user.base = server.url;
      const history = await user.call('GET', '/api/sessions?pageSize=50&tab=sent');
      expect(history.status).toBe(200);
      const total = (history.json as { total: number }).total;
      expect(total, 'no acknowledged create lost').toBeGreaterThanOrEqual(acked.length);
      // At most one create per loop can have committed without its answer arriving.
      expect(total).toBeLessThanOrEqual(acked.length + 3);
      for (const shro of acked.slice(-20)) {
        const read = await user.call('GET', `/api/sessions/${shro.id}`);
        expect(read.status, shro.title).toBe(200);
        expect((read.json as { title: string }).title).toBe(shro.title);
      }
      expect((await fetch(`${server.url}${avatarUrl}`)).status, 'the uploaded picture survived').toBe(200);
      survived.push(`kill-9 #${round + 1}`);
    }
    console.log(`faults: embedded database: 3 × kill -9, ${acked.length} acknowledged creates all present`);
  });
});

import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHRO_MESSAGES } from '../../contract/shros';
import { users } from '../db/schema/index';
import { createUser, gameRowCounts } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Multipart bodies that stop moving: parts without headers (which stall @fastify/busboy at the end
 * of the body) and a client that goes silent mid-upload. Each gets 400 `{message}` and changes nothing.
 */
const IDLE_MS = 400;
let ctx: TestContext;
let cookie: string;
let userId: string;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({ uploadIdleTimeoutMs: IDLE_MS });
  const signedIn = await createUser(ctx);
  cookie = signedIn.cookie;
  userId = signedIn.id;
  port = Number(new URL(await ctx.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => ctx.close());

const BOUNDARY = '----shroTestBoundary';
const headers = () => ({ cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` });

/** A text field of the form, then one part with no header lines at all, then the closing boundary. */
function bodyWithHeaderlessPart(size: number, textField: string) {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${textField}"\r\n\r\nDinner?\r\n` +
      `--${BOUNDARY}\r\n\r\n${'x'.repeat(size)}\r\n--${BOUNDARY}--\r\n`,
  );
}

const profileRow = async () => (await ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]!;

// Each form's own field names: the forms refuse fields they do not know (strict bodies).
describe.each([
  ['POST', '/api/sessions', 'title', 'images'],
  ['PATCH', '/api/profile', 'firstName', 'profileImage'],
] as const)('%s %s with a multipart body that stops moving', (method, url, textField, fileField) => {
  it.each([
    ['a small part without headers', 1_000],
    ['a part without headers larger than a socket read', 300_000],
  ])('%s: answered at once, and nothing changes', async (_name, size) => {
    const rowsBefore = await gameRowCounts(ctx);
    const profileBefore = await profileRow();
    const started = performance.now();
    const response = await ctx.app.inject({
      method,
      url,
      headers: headers(),
      payload: bodyWithHeaderlessPart(size, textField),
    });
    expect(performance.now() - started).toBeLessThan(IDLE_MS * 10);
    // The part without headers is skipped: the create lacks its options (400); the profile form
    // saves its one text field (200). Either way an answer, and nothing from the skipped part.
    expect(response.statusCode, response.body).toBe(method === 'POST' ? 400 : 200);
    if (method === 'POST') expect(Object.keys(response.json())).toEqual(['message', 'code']);
    expect(await gameRowCounts(ctx)).toEqual(rowsBefore);
    expect(await profileRow()).toEqual(method === 'POST' ? profileBefore : { ...profileBefore, firstName: 'Dinner?' });
  });

  it('a part without headers larger than the parser buffer stalls the parser: 400 after the idle time, nothing changes', async () => {
    const rowsBefore = await gameRowCounts(ctx);
    const profileBefore = await profileRow();
    const started = performance.now();
    const response = await ctx.app.inject({
      method,
      url,
      headers: headers(),
      payload: bodyWithHeaderlessPart(3 * 1024 * 1024, textField),
    });
    const waited = performance.now() - started;
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SHRO_MESSAGES.formUnreadable, code: expect.any(String) });
    expect(waited).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(waited).toBeLessThan(5_000);
    expect(await gameRowCounts(ctx)).toEqual(rowsBefore);
    expect(await profileRow()).toEqual(profileBefore);
  });

  it('a client that goes silent mid-upload gets 400 after the idle time, over a real connection', async () => {
    const rowsBefore = await gameRowCounts(ctx);
    const partial = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${textField}"\r\n\r\nDinner?\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(10_000)}`;
    const started = performance.now();
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        const head = Object.entries({
          ...headers(),
          host: 'localhost',
          'content-length': String(partial.length + 50_000),
        })
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n');
        socket.write(`${method} ${url} HTTP/1.1\r\n${head}\r\n\r\n${partial}`);
      });
      let received = '';
      // No destroy on our side: the server closes the connection after its answer, since the
      // rest of the body would never be read.
      socket.on('data', (chunk) => {
        received += chunk.toString();
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      setTimeout(() => socket.destroy(), 10_000);
    });
    const waited = performance.now() - started;
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply.toLowerCase()).toContain('connection: close');
    expect(reply).toContain(JSON.stringify({ message: SHRO_MESSAGES.formUnreadable, code: 'shro.formUnreadable' }));
    expect(waited).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(waited).toBeLessThan(5_000);
    expect(await gameRowCounts(ctx)).toEqual(rowsBefore);
  });
});

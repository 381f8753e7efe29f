import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, SHRO_MESSAGES } from '../../contract/shros';
import { createUser } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Second walk, item 24: an answer given before the body was read (401 without a cookie, 413 part-way
 * through an image) must reach a client that keeps writing its body, rather than end in EPIPE or a
 * reset before the client could read it (body-deadline.ts, lingerAfterAnswer).
 */
let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp();
  port = Number(new URL(await ctx.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => ctx.close());

const CHUNK = Buffer.alloc(64 * 1024, 'a');
const BOUNDARY = 'early-answer-boundary';

interface Outcome {
  status: number | undefined;
  body: string;
  error: string | undefined;
}

/**
 * POSTs one image part of `imageBytes` to /api/sessions with node:http, a chunk per turn of the
 * event loop whatever the server answers meanwhile, the way an upload keeps going while the answer
 * travels. Resolves with the answer read, or the error that came instead.
 */
function postImage(imageBytes: number, cookie?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    const outcome: Outcome = { status: undefined, body: '', error: undefined };
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/sessions',
      agent: false,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': head.length + imageBytes + tail.length,
        origin: `http://127.0.0.1:${port}`,
        ...(cookie ? { cookie } : {}),
      },
    });
    request.on('response', (response) => {
      outcome.status = response.statusCode;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        outcome.body += chunk;
      });
      response.on('end', finish);
      response.on('error', finish);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error ??= error.code ?? error.message;
      // Once the answer has begun, its own end settles the outcome.
      if (outcome.status === undefined) finish();
    });
    request.on('close', () => setTimeout(finish, 100));
    request.write(head);
    let written = 0;
    const pump = () => {
      if (request.destroyed) return;
      if (written >= imageBytes) {
        request.end(tail);
        return;
      }
      const piece = CHUNK.subarray(0, Math.min(CHUNK.length, imageBytes - written));
      written += piece.length;
      request.write(piece);
      setImmediate(pump);
    };
    pump();
  });
}

describe('an answer given before the body was read', () => {
  it('the 401 to POST /api/sessions without a cookie reaches a client still writing 6 MB, every time', async () => {
    for (let round = 0; round < 40; round++) {
      const outcome = await postImage(6 * 1024 * 1024);
      expect({ round, status: outcome.status, error: outcome.error }).toEqual({ round, status: 401, error: undefined });
      expect(JSON.parse(outcome.body)).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
  });

  it('a 413 for an image over the limit, answered part-way through, reaches a client still writing', async () => {
    const user = await createUser(ctx);
    for (let round = 0; round < 10; round++) {
      const outcome = await postImage(IMAGE_MAX_BYTES + 3 * 1024 * 1024, user.cookie);
      expect({ round, status: outcome.status }).toEqual({ round, status: 413 });
      expect(JSON.parse(outcome.body)).toEqual({
        message: `Box 1: ${SHRO_MESSAGES.imageTooLarge}`,
        code: expect.any(String),
      });
    }
  });
});

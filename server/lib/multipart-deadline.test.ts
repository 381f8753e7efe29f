import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { createUser, gameRowCounts, imageFile } from '../test/factories';
import { multipart } from '../test/multipart';
import { requestHead, trickle } from '../test/raw-http';
import { createTestApp, type TestContext } from '../test/test-app';
import { UPLOAD_TOO_SLOW } from './multipart-form';

/**
 * Issue 10 item 2: a multipart upload that trickles a byte at a time used to stay open for
 * ever, since every byte reset the 30 s idle guard. Uploads now have to keep a minimum average
 * rate once a grace period is over; a form that keeps the rate (however long it takes) still
 * goes through. Rates and grace are shrunk here so the suite stays fast.
 */
const MIN_RATE = 20_000;
const GRACE_MS = 300;
const SLACK_MS = 1500;

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({
    uploadMinBytesPerSecond: MIN_RATE,
    uploadRateGraceMs: GRACE_MS,
    // Far away: each trickled byte would reset it anyway.
    uploadIdleTimeoutMs: 30_000,
  });
  port = Number(new URL(await ctx.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => ctx.close());

/** A PNG of random pixels: it does not compress, so its size is about width × height × 3. */
const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

const profileRow = async (userId: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]!;

describe.each([
  ['POST', '/api/sessions'],
  ['PATCH', '/api/profile'],
] as const)('%s %s on a real connection', (method, url) => {
  it('a form trickled one byte at a time is refused with 408 {message} once the grace is over, and nothing changes', async () => {
    const { cookie, ...user } = await createUser(ctx);
    const image = await noisePng(40, 40);
    const { payload, headers } =
      method === 'POST'
        ? await multipart({ title: 'Where do we eat?', type: 'image', isShareable: 'true' }, [imageFile(image)])
        : await multipart({ bio: 'hello' }, [
            { field: 'profileImage', data: image, filename: 'me.png', type: 'image/png' },
          ]);
    const rowsBefore = await gameRowCounts(ctx);
    const profileBefore = await profileRow(user.id);
    const exchange = await trickle(
      port,
      requestHead(method, url, { ...headers, cookie, 'content-length': payload.length }),
      payload,
      { chunkSize: 1, intervalMs: 50, giveUpMs: 8000 },
    );
    expect(exchange.response).toMatch(/^HTTP\/1\.1 408 /);
    expect(exchange.response.toLowerCase()).toContain('connection: close');
    expect(
      exchange.response.endsWith(JSON.stringify({ message: UPLOAD_TOO_SLOW, code: 'transport.uploadTooSlow' })),
    ).toBe(true);
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.elapsedMs).toBeGreaterThanOrEqual(GRACE_MS - 50);
    expect(exchange.elapsedMs).toBeLessThan(GRACE_MS + SLACK_MS);
    expect(await gameRowCounts(ctx)).toEqual(rowsBefore);
    expect(await profileRow(user.id)).toEqual(profileBefore);
  });
});

it('a form refused part-way through is answered at once and its connection closed, not drained at the sender’s pace', async () => {
  const { cookie } = await createUser(ctx);
  const { payload, headers } = await multipart({ title: 'Which one?', type: 'image', isShareable: 'true' }, [
    { field: 'wrong', data: Buffer.from('x'), filename: 'a.png', type: 'image/png' },
    imageFile(await noisePng(80, 80)),
  ]);
  const rowsBefore = await gameRowCounts(ctx);
  // The refusing part arrives in the first 1,000 bytes; the rest would take minutes at this pace.
  const head = requestHead('POST', '/api/sessions', { ...headers, cookie, 'content-length': payload.length });
  const exchange = await trickle(
    port,
    Buffer.concat([Buffer.from(head), payload.subarray(0, 1000)]),
    payload.subarray(1000),
    {
      chunkSize: 10,
      intervalMs: 100,
      giveUpMs: 5000,
    },
  );
  expect(exchange.response).toMatch(/^HTTP\/1\.1 400 /);
  expect(exchange.response.toLowerCase()).toContain('connection: close');
  expect(exchange.closedByServer).toBe(true);
  expect(exchange.elapsedMs).toBeLessThan(GRACE_MS + SLACK_MS);
  expect(await gameRowCounts(ctx)).toEqual(rowsBefore);
});

it('a form sent slowly but above the minimum rate, for several times the grace period, is created', async () => {
  const { cookie } = await createUser(ctx);
  const images = await Promise.all([noisePng(80, 80), noisePng(80, 80)]);
  const { payload, headers } = await multipart({ title: 'Which one?', type: 'image', isShareable: 'true' }, [
    imageFile(images[0]!),
    imageFile(images[1]!),
  ]);
  const rowsBefore = await gameRowCounts(ctx);
  // 25 KB/s, a quarter above the minimum rate: the transfer takes about 1.6 s, five times the grace.
  const chunkSize = 2500;
  const exchange = await trickle(
    port,
    requestHead('POST', '/api/sessions', { ...headers, cookie, 'content-length': payload.length, connection: 'close' }),
    payload,
    { chunkSize, intervalMs: 100, giveUpMs: 15_000 },
  );
  expect(exchange.response, exchange.response.slice(-300)).toMatch(/^HTTP\/1\.1 201 /);
  expect(exchange.elapsedMs).toBeGreaterThan(GRACE_MS * 3);
  expect(await gameRowCounts(ctx)).toMatchObject({ shros: rowsBefore.shros + 1, uploads: rowsBefore.uploads + 2 });
});

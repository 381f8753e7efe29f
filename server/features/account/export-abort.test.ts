import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createShro, createUser, png } from '../../test/factories';
import { createTestApp, type TestContext, withoutRateLimits } from '../../test/test-app';

/*
 * GET /api/account/export over real HTTP (decision 114): a download the client abandons halfway
 * must end the export on the server too, not leave it waiting forever with the user's whole JSON
 * document in memory.
 */

let ctx: TestContext;
let origin: string;
beforeAll(async () => {
  ctx = await createTestApp(withoutRateLimits);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/** Starts the download and resolves with its first bytes, and a way to hang up. */
function downloadFirstBytes(cookie: string): Promise<{ first: Buffer; hangUp(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/api/account/export`, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
      response.pause();
      response.once('data', (chunk: Buffer) => resolve({ first: chunk, hangUp: () => request.destroy() }));
      response.resume();
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

describe('an export download the client abandons', () => {
  it('ends on the server: nothing stays in flight, and the next export works', async () => {
    const user = await createUser(ctx);
    await createShro(ctx, user.cookie, { title: 'Export me' }, [
      await png(90, 90),
      await png(91, 91, { r: 3, g: 4, b: 5 }),
    ]);
    // The first image read waits for the test: the export cannot finish before the client has gone.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const storage = ctx.app.uploadStorage;
    const read = storage.read.bind(storage);
    const reads = vi.spyOn(storage, 'read').mockImplementationOnce(async (key) => {
      await gate;
      return read(key);
    });
    try {
      const { first, hangUp } = await downloadFirstBytes(user.cookie);
      expect(first.subarray(0, 2).toString('latin1')).toBe('PK');
      // Its first image is still to come.
      expect(ctx.app.accountExportsInFlight()).toBe(1);
      hangUp();
      // Give the server time to see the closed connection, then let the image read finish.
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await vi.waitFor(() => expect(ctx.app.accountExportsInFlight()).toBe(0), { timeout: 3000 });
    } finally {
      release();
      reads.mockRestore();
    }

    const again = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: user.cookie } });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    await vi.waitFor(() => expect(ctx.app.accountExportsInFlight()).toBe(0));
  });
});

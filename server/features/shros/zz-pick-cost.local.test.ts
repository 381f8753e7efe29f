import { afterAll, beforeAll, expect, it } from 'vitest';
import { createShro, createUser, gameWorld, type SignedInUser, select } from '../../test/factories';
import { countStatements } from '../../test/statement-counter';
import type { TestContext } from '../../test/test-app';
import { OutboxProcessor } from './outbox';

// TEMPORARY measurement (not committed): statements and time per pick.
let ctx: TestContext;
let creator: SignedInUser;
beforeAll(async () => {
  [ctx, creator] = await gameWorld(1);
}, 120_000);
afterAll(() => ctx.close());

const N = Number(process.env.PICKS ?? 400);
const CONC = 50;

it('measures', async () => {
  const shro = await createShro(ctx, creator.cookie, { isPublic: true, isShareable: false, title: 'Bench' });
  const users: SignedInUser[] = [];
  for (let i = 0; i < N + 20; i += 50)
    users.push(...(await Promise.all(Array.from({ length: Math.min(50, N + 20 - i) }, () => createUser(ctx)))));
  // warm
  await select(ctx, shro.id, users[N + 19]!.cookie, shro.boxes[0]!.id);
  const counter = countStatements(ctx.database);
  // sequential lone picks
  counter.reset();
  for (let i = 0; i < 10; i++) {
    const r = await select(ctx, shro.id, users[N + i]!.cookie, shro.boxes[i % 4]!.id);
    expect(r.statusCode).toBe(200);
  }
  await new Promise((r) => setTimeout(r, 50));
  const lone = counter.count / 10;
  const loneKinds = [...counter.byKind].sort((a, b) => b[1] - a[1]);
  counter.reset();
  const proto = OutboxProcessor.prototype as unknown as { process: (...a: unknown[]) => Promise<number> };
  const orig = proto.process;
  let busy = 0; let batches = 0; let claimedTotal = 0;
  proto.process = async function (this: unknown, ...a: unknown[]) { const t = performance.now(); const n = await orig.apply(this, a); busy += performance.now() - t; if (n > 0) { batches++; claimedTotal += n; } return n; };
  const pgmod = (await import('pg')).default;
  const cproto = pgmod.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const corig = cproto.query;
  const timing = new Map<string, [number, number]>();
  cproto.query = function (this: unknown, ...a: unknown[]) {
    const t = performance.now();
    const text = typeof a[0] === 'string' ? a[0] : ((a[0] as { text?: string })?.text ?? '?');
    const k = text.replace(/\s+/g, ' ').trim().slice(0, 50);
    const r = corig.apply(this, a) as Promise<unknown>;
    if (r && typeof (r as Promise<unknown>).then === 'function') r.then(() => { const e = timing.get(k) ?? [0, 0]; e[0]++; e[1] += performance.now() - t; timing.set(k, e); }, () => {});
    return r;
  };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONC }, async () => {
      for (;;) {
        const i = next++;
        if (i >= N) return;
        const r = await select(ctx, shro.id, users[i]!.cookie, shro.boxes[i % 4]!.id);
        if (r.statusCode !== 200) throw new Error(r.body);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  proto.process = orig;
  cproto.query = corig;
  console.log([...timing].sort((x, y) => y[1][1] - x[1][1]).slice(0, 25).map(([k, [n, ms]]) => `${n} ${ms.toFixed(0)}ms avg ${(ms / n).toFixed(1)}  ${k}`).join('\n'));
  console.log(JSON.stringify({ busyMs: busy, seconds, batches, avgBatch: claimedTotal / batches }));
  await new Promise((r) => setTimeout(r, 50));
  const burst = counter.count / N;
  const kinds = [...counter.byKind].sort((a, b) => b[1] - a[1]).slice(0, 30);
  counter.stop();
  console.log(
    JSON.stringify(
      {
        db: ctx.database.kind,
        lonePerPick: lone,
        burstPerPick: burst,
        picksPerSecond: N / seconds,
        loneKinds: loneKinds.map(([k, n]) => `${(n / 10).toFixed(2)}  ${k}`),
        burstKinds: kinds.map(([k, n]) => `${(n / N).toFixed(2)}  ${k}`),
      },
      null,
      1,
    ),
  );
  const view = (await ctx.app.inject({ method: 'GET', url: `/api/sessions/${shro.id}` })).json();
  expect(view.participantCount).toBe(N + 11);
}, 300_000);

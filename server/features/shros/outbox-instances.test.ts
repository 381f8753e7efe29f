import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { buildApp } from '../../app';
import { type AppConfig, loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { outbox, picks, shros } from '../../db/schema/index';
import { createShro, createUser, type SignedInUser, statsRow } from '../../test/factories';
import { createTestDatabase, type TestContext } from '../../test/test-app';
import type { ShroDeps } from './access';
import { outboxOf } from './outbox';
import { recordPick } from './queries';
import { getShroForViewer } from './view';

/**
 * Picks through two instances sharing PostgreSQL and Redis (decisions 119, 128): every answer
 * counts the picker's own pick exactly, whichever instance applied its effects and whenever that
 * instance's events arrive.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const enabled = Boolean(databaseUrl && redisUrl);
const title = enabled
  ? 'picks through two instances sharing PostgreSQL and Redis'
  : 'picks through two instances sharing PostgreSQL and Redis (skipped: set DATABASE_URL and REDIS_URL to run it)';

let drop: () => Promise<void>;
let url: string;
let a: TestContext;
let b: TestContext;

async function startInstance(database: Database, prefix: string, ownsDatabase: boolean): Promise<FastifyInstance> {
  const base = loadConfig({ ...process.env, DATA_DIR: ':memory:', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const config: AppConfig = {
    ...base,
    databaseUrl: url,
    redisUrl,
    redisPrefix: prefix,
    webDist: '/nonexistent',
    rateLimits: { ...base.rateLimits, writesPerUser: 100_000, writesPerIp: 100_000 },
  };
  const app = await buildApp({ config, database, closeDatabase: ownsDatabase });
  // Real servers: a read through one instance follows an answer from the other over the network.
  await app.listen({ port: 0, host: '127.0.0.1' });
  for (let i = 0; i < 100 && !app.bus.coherent; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(app.bus.coherent).toBe(true);
  return app;
}

beforeAll(async () => {
  if (!enabled) return;
  const created = await createTestDatabase();
  url = created.url!;
  drop = created.drop;
  const prefix = `shro-test-${randomUUID().slice(0, 8)}`;
  const second = await openDatabase({ dataDir: ':memory:', databaseUrl: url, poolSize: 5 });
  a = { app: await startInstance(created.database, prefix, false), database: created.database, close: async () => {} };
  b = { app: await startInstance(second, prefix, true), database: second, close: async () => {} };
});

afterAll(async () => {
  if (!enabled) return;
  await b.app.close();
  await a.app.close();
  await drop();
});

const depsOf = (ctx: TestContext): ShroDeps => ({ db: ctx.database.db, cache: ctx.app.shroCache, live: ctx.app.bus });
const storedCount = async (shroId: string) =>
  (await a.database.db.select().from(shros).where(eq(shros.id, shroId)))[0]!.participantCount;
const baseOf = (on: TestContext) => `http://127.0.0.1:${(on.app.server.address() as AddressInfo).port}`;
const visitorCount = async (on: TestContext, shroId: string) =>
  ((await (await fetch(`${baseOf(on)}/api/sessions/${shroId}`)).json()) as Shro).participantCount;
/** POST …/select over HTTP; the status and the picker's view. */
async function pick(on: TestContext, shroId: string, picker: SignedInUser, boxId: number) {
  const response = await fetch(`${baseOf(on)}/api/sessions/${shroId}/select`, {
    method: 'POST',
    headers: { cookie: picker.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ boxId }),
  });
  return { status: response.status, view: (await response.json()) as Shro };
}

describe.skipIf(!enabled)(title, () => {
  it('an instance that waited for another one’s batch answers with the count including the pick', async () => {
    const creator = await createUser(a);
    const picker = await createUser(a);
    const shro = await createShro(a, creator.cookie, { isPublic: true, isShareable: false, title: 'Waited' });
    // The pick committed through B (its processor not told yet).
    const recorded = await recordPick(
      b.database.db,
      { shroId: shro.id, userId: picker.id, boxId: shro.boxes[0]!.id, isCorrect: null, createdAt: new Date() },
      {
        creatorId: creator.id,
        payload: {
          userId: picker.id,
          username: picker.username,
          creatorId: creator.id,
          title: shro.title,
          position: 1,
          boxId: shro.boxes[0]!.id,
          isCorrect: null,
          at: new Date().toISOString(),
        },
        firstPrivatePick: false,
      },
    );
    if (!('outboxId' in recorded)) throw new Error(`the pick was refused: ${recorded.refused}`);
    const id = recorded.outboxId;
    // A claims it and stops on the Shro's row, which this test holds.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    const originalPublish = a.app.bus.publish.bind(a.app.bus);
    try {
      await holder.query('begin');
      await holder.query('select 1 from shros where id = $1 for update', [shro.id]);
      outboxOf(depsOf(a)).kick();
      const waiting = async () =>
        Number(
          (
            await holder.query(
              "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
          ).rows[0].n,
        );
      for (let i = 0; i < 200 && (await waiting()) < 1; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await waiting()).toBeGreaterThanOrEqual(1);
      // Meanwhile B reads the Shro: its copy holds the count without the pick (and the pick itself).
      const before = await getShroForViewer(depsOf(b), shro.id, picker);
      expect([before.participantCount, before.hasSelected]).toEqual([0, true]);
      // A's events are slow to arrive (a busy Redis): B must not rely on them.
      a.app.bus.publish = async (...args) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return originalPublish(...args);
      };
      const settled = outboxOf(depsOf(b)).settled(id, shro.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await holder.query('commit');
      expect(await settled).toBe('applied');
      const answer = await getShroForViewer(depsOf(b), shro.id, picker);
      expect(answer.participantCount).toBe(1);
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
      a.app.bus.publish = originalPublish;
    }
  });

  it('picks alternating between the instances: each answer, and the next read on the other one, show the exact count', async () => {
    const creator = await createUser(a);
    const shro = await createShro(a, creator.cookie, { isPublic: true, isShareable: false, title: 'Alternating' });
    for (let i = 1; i <= 8; i++) {
      const [on, other] = i % 2 ? [a, b] : [b, a];
      const picker = await createUser(a);
      // Both instances hold the Shro in their caches before the pick.
      expect(await visitorCount(other, shro.id)).toBe(i - 1);
      expect(await visitorCount(on, shro.id)).toBe(i - 1);
      const answer = await pick(on, shro.id, picker, shro.boxes[i % 4]!.id);
      expect(answer.status).toBe(200);
      expect(answer.view.participantCount).toBe(i);
      expect(await visitorCount(other, shro.id)).toBe(i);
      expect(await visitorCount(on, shro.id)).toBe(i);
    }
  });

  it('60 users at once through both: every answer counts its own pick; the counters are exact', async () => {
    const creator = await createUser(a);
    const shro = await createShro(a, creator.cookie, { isPublic: true, isShareable: false, title: 'Both' });
    const pickers: SignedInUser[] = await Promise.all(Array.from({ length: 60 }, () => createUser(a)));
    const reads = setInterval(() => {
      void visitorCount(a, shro.id);
      void visitorCount(b, shro.id);
    }, 5);
    let counts: number[];
    try {
      const answers = await Promise.all(pickers.map((p, i) => pick(i % 2 ? a : b, shro.id, p, shro.boxes[i % 4]!.id)));
      counts = answers.map((answer) => {
        expect(answer.status).toBe(200);
        return answer.view.participantCount;
      });
    } finally {
      clearInterval(reads);
    }
    const sorted = [...counts].sort((x, y) => x - y);
    for (const [i, n] of sorted.entries())
      expect(n, `answer ${i + 1} of ${sorted.join(',')}`).toBeGreaterThanOrEqual(i + 1);
    expect(sorted.at(-1)).toBe(60);
    expect(await storedCount(shro.id)).toBe(60);
    const [picked] = await a.database.db.select({ n: count() }).from(picks).where(eq(picks.shroId, shro.id));
    expect(picked!.n).toBe(60);
    expect(await visitorCount(a, shro.id)).toBe(60);
    expect(await visitorCount(b, shro.id)).toBe(60);
    expect((await statsRow(a, creator.id))!.totalParticipants).toBe(60);
    for (const p of pickers) expect((await statsRow(a, p.id))!.shrosParticipated).toBe(1);
    const [left] = await a.database.db.select({ n: count() }).from(outbox).where(eq(outbox.shroId, shro.id));
    expect(left!.n).toBe(0);
  });

  it('a share takes the creator’s stats before the Shro’s row, as a batch does, so a share during a batch cannot deadlock with it', async () => {
    const creator = await createUser(a);
    const sharer = await createUser(a);
    const shro = await createShro(a, creator.cookie, { isPublic: true, isShareable: false, title: 'Shared mid-batch' });
    // A batch in progress (decision 144): it holds the creator's stats row, and the Shro's row comes next.
    const batch = new pg.Client({ connectionString: url });
    await batch.connect();
    try {
      await batch.query('begin');
      const locked = await batch.query('select 1 from user_stats where user_id = $1 for update', [creator.id]);
      expect(locked.rowCount).toBe(1);
      const share = fetch(`${baseOf(a)}/api/sessions/${shro.id}/share`, {
        method: 'POST',
        headers: { cookie: sharer.cookie },
      });
      // The share now waits for that row.
      for (let waiting = 0; waiting === 0; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const { rows } = await batch.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        waiting = rows[0].n;
      }
      // Holding nothing on the Shro's row meanwhile: the batch's next step goes through.
      await batch.query("set local lock_timeout = '3s'");
      await batch.query('update shros set participant_count = participant_count where id = $1', [shro.id]);
      await batch.query('commit');
      const answer = await share;
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(((await answer.json()) as { shareCount: number }).shareCount).toBe(1);
    } finally {
      await batch.end();
    }
  });
});

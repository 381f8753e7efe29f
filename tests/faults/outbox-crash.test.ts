import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SseClient } from '../../server/test/sse-client';
import { recordFigure } from '../support/figures';
import { PrivateCluster } from '../support/postgres-cluster';
import { PrivateRedis } from '../support/redis-server';
import { HttpUser, ServerProcess } from '../support/server-process';

/**
 * Issue 12 item 5 (decision 119): a `kill -9` between a pick's commit and its effects loses none
 * of them. The server runs with the drill's hook (`OUTBOX_STALL_FOR_DRILL=1`: nothing is
 * processed), so every pick commits and then waits; the process is killed, restarted on the same
 * embedded database without the hook, and every effect must be there exactly once.
 */

const servers: ServerProcess[] = [];
const dirs: string[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  for (const cleanup of cleanups) await cleanup();
});

const PICKERS = 6;

async function start(dataDir: string, env: Record<string, string> = {}) {
  // A fresh embedded database is migrated on the first start: slow on a busy machine.
  const server = await ServerProcess.start(
    {
      DATA_DIR: dataDir,
      RATE_LIMIT_WRITES_PER_USER: '1000000',
      RATE_LIMIT_WRITES_PER_IP: '1000000',
      RATE_LIMIT_REGISTER_PER_IP: '1000000',
      ...env,
    },
    undefined,
    150_000,
  );
  servers.push(server);
  return server;
}

const stalledLines = (server: ServerProcess) =>
  server.output
    .join('')
    .split('\n')
    .filter((line) => line.includes('outbox stalled after commit')).length;

/**
 * PICKERS new users on `server`, each opening a box of the Shro; resolves with each request's
 * status, or `no answer` for a request the server died under.
 */
async function pickAll(server: ServerProcess, namePrefix: string, shro: { id: string; boxes: { id: number }[] }) {
  const pickers: HttpUser[] = [];
  for (let i = 0; i < PICKERS; i++) {
    const picker = new HttpUser(server.url);
    await picker.register(`${namePrefix}_${i}`);
    pickers.push(picker);
  }
  const inFlight = Promise.all(
    pickers.map((picker, i) =>
      picker
        .call('POST', `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[i % 4]!.id }, 60_000)
        .then((r) => r.status)
        .catch(() => 'no answer' as const),
    ),
  );
  return { pickers, inFlight };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the outbox survives kill -9 between a pick and its effects', () => {
  it('committed picks whose effects never ran are applied once at the next start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-outbox-'));
    dirs.push(dataDir);
    let server = await start(dataDir, { OUTBOX_STALL_FOR_DRILL: '1' });

    const creator = new HttpUser(server.url);
    await creator.register('outbox_creator');
    const created = await creator.call('POST', '/api/sessions', {
      title: 'Crash course',
      type: 'text',
      isShareable: true,
      textOptions: JSON.stringify(['A', 'B', 'C', 'D'].map((content) => ({ content }))),
    });
    expect(created.status, created.text).toBe(201);
    const shro = created.json as { id: string; boxes: { id: number; position: number }[] };
    // Each pick commits, then its request waits for effects that the hook holds back.
    const { pickers, inFlight } = await pickAll(server, 'outbox_picker', shro);
    await until(() => stalledLines(server) === PICKERS, 'every pick to commit');
    server.kill('SIGKILL');
    await server.waitExit();
    expect(server.signal).toBe('SIGKILL');
    expect(await inFlight).toEqual(Array(PICKERS).fill('no answer'));

    // The next start processes what the dead one committed, before it reports ready.
    server = await start(dataDir);
    for (const user of [creator, ...pickers]) user.base = server.url;
    const expectEffectsOnce = async () => {
      const view = await creator.call('GET', `/api/sessions/${shro.id}`);
      expect(view.status).toBe(200);
      const body = view.json as { participantCount: number; participants: unknown[] };
      expect(body.participantCount).toBe(PICKERS);
      expect(body.participants).toHaveLength(PICKERS);
      const creatorStats = (await creator.call('GET', '/api/stats')).json as { totalParticipants: number };
      expect(creatorStats.totalParticipants).toBe(PICKERS);
      for (const picker of pickers) {
        const stats = (await picker.call('GET', '/api/stats')).json as { shrosParticipated: number };
        expect(stats.shrosParticipated).toBe(1);
        const again = await picker.call('POST', `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[0]!.id });
        expect(again.status).toBe(409);
      }
      const notes = (await creator.call('GET', '/api/notifications')).json as unknown as {
        type: string;
        sessionId: string;
        message: string;
      }[];
      const picks = notes.filter((n) => n.type === 'shro_selected' && n.sessionId === shro.id);
      expect(picks).toHaveLength(1);
      expect(picks[0]!.message).toMatch(
        new RegExp(`^@outbox_picker_\\d and ${PICKERS - 1} others opened a box in "Crash course"$`),
      );
    };
    await expectEffectsOnce();

    // Another hard kill and start: nothing is applied twice.
    server.kill('SIGKILL');
    await server.waitExit();
    server = await start(dataDir);
    for (const user of [creator, ...pickers]) user.base = server.url;
    await expectEffectsOnce();
    recordFigure('faults.outbox', { picks: PICKERS, applied: 'once' });
  }, 540_000);
});

describe('the outbox survives kill -9 between its effects and their events (decision 128)', () => {
  it('events the dead instance never published reach the other instances at the next start: watchers and caches', async () => {
    const cluster = await PrivateCluster.create();
    cleanups.push(() => cluster.destroy());
    const redis = await PrivateRedis.start();
    cleanups.push(() => redis.stop());
    const databaseUrl = await cluster.createDatabase('shro_outbox_drill');
    const shared = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url };
    const dataDir = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-outbox-events-'));
      dirs.push(dir);
      return dir;
    };
    const rows = async (where: string) =>
      Number(
        (await cluster.query<{ n: string }>(databaseUrl, `select count(*) as n from outbox where ${where}`))[0]!.n,
      );

    // The observer serves reads and watchers and applies nothing itself (the drill's first hook),
    // so only the events of the instance that applied the picks can refresh it.
    const observer = await start(dataDir(), { ...shared, OUTBOX_STALL_FOR_DRILL: '1' });
    // The picks' instance applies their effects, commits, and stops right there.
    let picks = await start(dataDir(), { ...shared, OUTBOX_STALL_FOR_DRILL: 'applied' });

    const creator = new HttpUser(observer.url);
    await creator.register('drill_creator');
    const created = await creator.call('POST', '/api/sessions', {
      title: 'Lost events',
      type: 'text',
      isPublic: true,
      isShareable: false,
      textOptions: JSON.stringify(['A', 'B', 'C', 'D'].map((content) => ({ content }))),
    });
    expect(created.status, created.text).toBe(201);
    const shro = created.json as { id: string; boxes: { id: number }[] };
    const visitor = new HttpUser(observer.url);
    const visitorCount = async () =>
      ((await visitor.call('GET', `/api/sessions/${shro.id}`)).json as { participantCount: number }).participantCount;
    // The observer holds the Shro in its cache, and a visitor watches it there.
    expect(await visitorCount()).toBe(0);
    const watcher = await SseClient.open(`${observer.url}/api/live?watch=${shro.id}`);
    cleanups.push(() => watcher.close());
    expect(watcher.status).toBe(200);

    const { inFlight } = await pickAll(picks, 'drill_picker', shro);
    // Every pick's effects committed; none of their events went out.
    await until(async () => (await rows('applied_at is not null')) === PICKERS, 'every pick to be applied');
    picks.kill('SIGKILL');
    await picks.waitExit();
    expect(picks.signal).toBe('SIGKILL');
    await inFlight;
    expect(watcher.ofType('shro.picked')).toEqual([]);

    // The next start publishes them (the Shro's state as it is now) before reporting ready.
    picks = await start(dataDir(), shared);
    const opened = await watcher.next(
      (m) => m.json.type === 'shro.picked' && m.json.participantCount === PICKERS,
      10_000,
    );
    expect(opened.json).toMatchObject({ shroId: shro.id, participantCount: PICKERS, status: 'waiting' });
    expect(await visitorCount()).toBe(PICKERS);
    await until(async () => (await rows('true')) === 0, 'the published rows to be deleted', 10_000);

    // Nothing was applied twice, whatever read it.
    const counts = await cluster.query<{ participant_count: number; total: number }>(
      databaseUrl,
      `select s.participant_count, u.total_participants as total from shros s join user_stats u on u.user_id = s.creator_id where s.id = $1`,
      [shro.id],
    );
    expect(counts).toEqual([{ participant_count: PICKERS, total: PICKERS }]);
    const participated = await cluster.query<{ n: string }>(
      databaseUrl,
      `select sum(shros_participated)::text as n from user_stats u join users on users.id = u.user_id where users.username like 'drill_picker_%'`,
    );
    expect(participated[0]!.n).toBe(String(PICKERS));
    recordFigure('faults.outbox.events', { picks: PICKERS, republished: 'at the next start' });
  }, 540_000);
});

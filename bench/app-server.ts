/**
 * One Shro instance for the benchmark, run as a forked child so the load generator and the
 * server do not share an event loop. The primary seeds the database first (directly, in
 * batches) and reports the ids and cookies the benchmark needs over IPC.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { compileEmbeddedDatabaseOptimised, openDatabase } from '../server/db/client';
import { previewCacheStats } from '../server/features/seo/preview-image';
import { stdoutLogDestination } from '../server/lib/log-destination';
import {
  type BenchUser,
  countPicks,
  insertPicks,
  insertPreviewShros,
  insertShros,
  insertShroWithParticipants,
  insertUsers,
  pickCounters,
} from './seed';

export interface SeedPlan {
  shros: number;
  participants: number;
  selectors: number;
  pickers: number;
  /** Participations spread over the seeded Shros (the memory figure's data, issue 12 item 8). */
  participations: number;
  /** Users who pick on a Shro of their own before the measured picks (bench/run.ts). */
  warmUpSelectors: number;
}

export interface SeedInfo {
  readShroId: string;
  ownerCookie: string;
  participantCookie: string;
  selectShroId: string;
  selectBoxIds: number[];
  selectorCookies: string[];
  /** The picks' warm-up: another public Shro and other users, so the measured counters stay exact. */
  warmUpShroId: string;
  warmUpBoxIds: number[];
  warmUpCookies: string[];
  fanoutShroId: string;
  fanoutBoxIds: number[];
  pickerCookies: string[];
  /** Link Shros whose preview images the bench renders (bench/preview.ts). */
  previewShroIds: string[];
}

export type ToChild = {
  id: number;
  cmd:
    | 'memory'
    | 'count'
    | 'counters'
    | 'channels'
    | 'cache'
    | 'preview-cache'
    | 'profile-start'
    | 'profile-stop'
    | 'flush-log';
  shroId?: string;
};
export type FromChild =
  | { ready: true; port: number; seed: SeedInfo | null }
  | { id: number; result: unknown }
  | { error: string };

const role = process.env.BENCH_ROLE ?? 'primary';
const plan: SeedPlan = JSON.parse(process.env.BENCH_PLAN ?? '{}');
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

const send = (message: FromChild) => process.send?.(message);

try {
  // PGlite keeps its files in a folder, as `npm start` does (not in memory: the memory figure
  // would then hold the whole database), and its code is compiled as server/server.ts has it.
  if (!databaseUrl) compileEmbeddedDatabaseOptimised();
  const pgliteDir = databaseUrl ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'shro-bench-db-'));
  const database = await openDatabase({ dataDir: pgliteDir ?? ':memory:', databaseUrl, poolSize: 10 });
  const base = loadConfig({
    ...process.env,
    DATA_DIR: ':memory:',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    NODE_ENV: 'production',
  });
  const config = {
    ...base,
    databaseUrl,
    redisUrl: process.env.BENCH_REDIS_URL || undefined,
    // The web app only for the real-network run (bench/network.ts); the HTTP runs need none.
    webDist: process.env.BENCH_WEB_DIST || '/nonexistent',
    // Every benchmark user writes once or a few times, all from one address, and the readers
    // hammer explore: the limits are not what is measured.
    rateLimits: {
      ...base.rateLimits,
      writesPerUser: 1_000_000,
      writesPerIp: 1_000_000,
      readsPerUser: 1_000_000,
      readsPerIp: 1_000_000,
    },
    // Thousands of visitor watchers and load connections come from this one address on purpose.
    maxConnectionsPerIp: 0,
    liveMaxVisitorChannelsPerIp: 1_000_000,
  };
  const app = await buildApp({ config, database });

  let seed: SeedInfo | null = null;
  if (role === 'primary') {
    const { db } = database;
    const cookieOf = (user: BenchUser) => `shro_sid=${encodeURIComponent(app.signCookie(user.token))}`;
    // Usernames are unique: a second seeding of the same database (the two-instance run) needs its own.
    const tag = Math.random().toString(36).slice(2, 6);
    const creators = await insertUsers(db, plan.shros > 0 ? 100 : 1, `creator${tag}_`);
    const seeded = await insertShros(db, plan.shros, creators);
    if (plan.participations > 0) {
      const readers = await insertUsers(db, Math.min(1000, plan.participations), `reader${tag}_`);
      await insertPicks(db, plan.participations, seeded, readers);
    }
    const [owner] = await insertUsers(db, 1, `owner${tag}_`);
    const participants = await insertUsers(db, plan.participants, `participant${tag}_`);
    const read = await insertShroWithParticipants(db, owner!, { isShareable: true, isPublic: false }, participants);
    const selectors = await insertUsers(db, plan.selectors, `selector${tag}_`);
    // One public Shro (issue 12 item 5), its own creator so that their counters are the picks'.
    const [selectOwner] = await insertUsers(db, 1, `selectowner${tag}_`);
    const select = await insertShroWithParticipants(db, selectOwner!, { isShareable: false, isPublic: true }, []);
    const warmUpSelectors = await insertUsers(db, plan.warmUpSelectors, `warmup${tag}_`);
    // Its own creator too: the measured Shro's creator counts the measured picks alone.
    const [warmUpOwner] = await insertUsers(db, 1, `warmupowner${tag}_`);
    const warmUp = await insertShroWithParticipants(db, warmUpOwner!, { isShareable: false, isPublic: true }, []);
    const pickers = await insertUsers(db, plan.pickers, `picker${tag}_`);
    const fanout = await insertShroWithParticipants(db, owner!, { isShareable: false, isPublic: true }, []);
    seed = {
      readShroId: read.id,
      ownerCookie: cookieOf(owner!),
      participantCookie: cookieOf(participants[0]!),
      selectShroId: select.id,
      selectBoxIds: select.boxIds,
      selectorCookies: selectors.map(cookieOf),
      warmUpShroId: warmUp.id,
      warmUpBoxIds: warmUp.boxIds,
      warmUpCookies: warmUpSelectors.map(cookieOf),
      fanoutShroId: fanout.id,
      fanoutBoxIds: fanout.boxIds,
      pickerCookies: pickers.map(cookieOf),
      previewShroIds: await insertPreviewShros(db, owner!),
    };
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  // The Redis subscription comes up asynchronously; until then caches are bypassed.
  for (let i = 0; i < 200 && !app.bus.coherent; i++) await new Promise((resolve) => setTimeout(resolve, 25));

  let profiler: Session | null = null;
  process.on('message', async (message: ToChild) => {
    let result: unknown;
    if (message.cmd === 'memory') {
      for (let i = 0; i < 3; i++) globalThis.gc?.();
      result = process.memoryUsage();
    } else if (message.cmd === 'count') result = await countPicks(database.db, message.shroId!);
    else if (message.cmd === 'counters') result = await pickCounters(database.db, message.shroId!);
    else if (message.cmd === 'channels') result = app.liveHub.size;
    else if (message.cmd === 'cache') result = app.shroCache.stats();
    else if (message.cmd === 'preview-cache') result = previewCacheStats();
    // The request log is written in batches (decision 142): what is counted must be written first.
    else if (message.cmd === 'flush-log') await new Promise((resolve) => stdoutLogDestination().flush(resolve));
    // For finding what dominates (`BENCH_PROFILE=1 npm run bench`): a CPU profile of the load only.
    else if (message.cmd === 'profile-start') {
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    } else if (message.cmd === 'profile-stop' && profiler) {
      result = (await profiler.post('Profiler.stop')).profile;
      profiler.disconnect();
      profiler = null;
    }
    send({ id: message.id, result });
  });
  process.on('disconnect', () => {
    void app.close().finally(() => {
      if (pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  send({ ready: true, port: (app.server.address() as AddressInfo).port, seed });
} catch (error) {
  send({ error: String((error as Error).stack ?? error) });
  process.exit(1);
}

/**
 * `npm run bench` (issue 6): every figure as a ratio to a ceiling measured in the same run on
 * the same machine. `--quick` is CI's smoke check: small numbers, well under a minute.
 * Results go to bench/results.md (the full run's are committed).
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { FromChild, SeedInfo, SeedPlan, ToChild } from './app-server';
import { FAST_3G, measureNetworkLoads, SLOW_3G } from './network';
import { type FanoutResult, type HttpResult, type LogLines, type Results, report } from './report';
import { Watchers } from './watchers';
import { measureWebBundles } from './web-size';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const SIZES = quick
  ? {
      shros: 500,
      participations: 2500,
      participants: 20,
      selectors: 50,
      pickers: 4,
      watchers: 200,
      duration: 2,
      connections: 20,
      rounds: 2,
    }
  : {
      shros: 10_000,
      participations: 50_000,
      participants: 20,
      selectors: 1000,
      pickers: 12,
      watchers: 5000,
      duration: 10,
      connections: 50,
      rounds: 5,
    };
const pgAdminUrl =
  process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// ---- pinning and logs ------------------------------------------------------------------------

/**
 * Every server (app and bare) runs on core 0 and this process, the load generator, on core 1,
 * when `taskset` exists and there are two cores or more: the ratio to the bare server is then
 * one core against one core (docs/decisions/023-request-log-and-pinned-bench.md).
 */
const SERVER_CORE = '0';
/** The app's log level: the default, unless BENCH_LOG_LEVEL asks for another (bench/app-server.ts). */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const LOAD_CORE = '1';
const pinning = pinSelf();

function taskset(core: string, pid: number): boolean {
  // -a: every thread the process already has; the ones it starts later inherit the mask.
  return spawnSync('taskset', ['-a', '-c', '-p', core, String(pid)], { stdio: 'ignore' }).status === 0;
}

function pinSelf(): { pinned: boolean; why: string } {
  if (os.availableParallelism() < 2) return { pinned: false, why: 'only one core' };
  if (spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status !== 0)
    return { pinned: false, why: '`taskset` (util-linux) not found' };
  if (!taskset(LOAD_CORE, process.pid)) return { pinned: false, why: `\`taskset\` could not pin to core ${LOAD_CORE}` };
  return { pinned: true, why: '' };
}

/** Where the servers' stdout (the app's JSON log at the default level) goes: a real file. */
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-bench-logs-'));
let logFiles = 0;

// ---- child processes -------------------------------------------------------------------------

interface Child {
  process: ChildProcess;
  port: number;
  /** The file the child's stdout (its log) is written to. */
  logFile: string;
  seed: SeedInfo | null;
  ask(cmd: ToChild['cmd'], shroId?: string): Promise<unknown>;
  stop(): Promise<void>;
}

async function startChild(script: string, env: Record<string, string>): Promise<Child> {
  const logFile = path.join(logDir, `${++logFiles}-${path.basename(script, '.ts')}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = fork(path.join(here, script), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', out, 'inherit', 'ipc'],
  });
  fs.closeSync(out);
  if (pinning.pinned && child.pid !== undefined && !taskset(SERVER_CORE, child.pid)) {
    child.kill('SIGKILL');
    throw new Error(`taskset could not pin ${script} to core ${SERVER_CORE}`);
  }
  const pending = new Map<number, (value: unknown) => void>();
  let nextId = 1;
  const ready = await new Promise<{ port: number; seed: SeedInfo | null }>((resolve, reject) => {
    child.on('message', (message: FromChild) => {
      if ('ready' in message) resolve(message);
      else if ('error' in message) reject(new Error(message.error));
      else pending.get(message.id)?.(message.result);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    process: child,
    port: ready.port,
    logFile,
    seed: ready.seed,
    ask: (cmd, shroId) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        child.send({ id, cmd, shroId } satisfies ToChild);
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.disconnect();
      }),
  };
}

const plan: SeedPlan = {
  shros: SIZES.shros,
  participations: SIZES.participations,
  participants: SIZES.participants,
  selectors: SIZES.selectors,
  pickers: SIZES.pickers,
};

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `shro_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: pgAdminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function redisReachable(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

// ---- measurements ----------------------------------------------------------------------------

async function load(url: string, headers: Record<string, string>): Promise<HttpResult> {
  const result = await autocannon({
    url,
    headers,
    connections: SIZES.connections,
    duration: SIZES.duration,
  });
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** 1,000 distinct users each open one box of the same shareable Shro, as fast as they can. */
async function selects(port: number, seed: SeedInfo): Promise<{ perSecond: number; seconds: number; non2xx: number }> {
  let next = 0;
  const started = performance.now();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/sessions/${seed.selectShroId}/select`,
    method: 'POST',
    connections: Math.min(SIZES.connections, seed.selectorCookies.length),
    amount: seed.selectorCookies.length,
    requests: [
      {
        setupRequest: (request) => {
          const index = next++;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              cookie: seed.selectorCookies[index % seed.selectorCookies.length]!,
            },
            body: JSON.stringify({ boxId: seed.selectBoxIds[index % 4] }),
          };
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: seed.selectorCookies.length / seconds, seconds, non2xx: result.non2xx };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Opens the watchers (split over the servers), fires `rounds` events, and times each watcher's
 * arrival from the moment the firing request's response arrived (an arrival before it counts 0).
 */
async function fanout(
  servers: Child[],
  path: string,
  fire: (round: number) => Promise<void>,
  marker: string,
): Promise<FanoutResult> {
  const before = (await Promise.all(servers.map((s) => s.ask('memory')))) as NodeJS.MemoryUsage[];
  const watchers = new Watchers();
  const share = Math.ceil(SIZES.watchers / servers.length);
  for (const server of servers) await watchers.open(server.port, path, share);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = (await Promise.all(servers.map((s) => s.ask('memory')))) as NodeJS.MemoryUsage[];
  const rss = after.reduce((sum, m, i) => sum + m.rss - before[i]!.rss, 0);
  const heap = after.reduce(
    (sum, m, i) => sum + m.heapUsed + m.external - before[i]!.heapUsed - before[i]!.external,
    0,
  );

  const latencies: number[] = [];
  const sinceSent: number[] = [];
  let delivered = 0;
  for (let round = 0; round < SIZES.rounds; round++) {
    const { done } = watchers.expect(marker);
    const sentAt = performance.now();
    await fire(round);
    const answeredAt = performance.now();
    const arrivals = await done;
    delivered += arrivals.length;
    for (const at of arrivals) {
      latencies.push(Math.max(0, at - answeredAt));
      sinceSent.push(at - sentAt);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  watchers.close();
  latencies.sort((x, y) => x - y);
  sinceSent.sort((x, y) => x - y);
  return {
    sentP95: percentile(sinceSent, 95),
    watchers: watchers.size || share * servers.length,
    delivered,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    kbPerChannel: rss / 1024 / (share * servers.length),
    heapKbPerChannel: heap / 1024 / (share * servers.length),
  };
}

async function fireSelect(port: number, seed: SeedInfo, round: number): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/api/sessions/${seed.fanoutShroId}/select`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: seed.pickerCookies[round]! },
    body: JSON.stringify({ boxId: seed.fanoutBoxIds[round % 4] }),
  });
  await response.text();
  if (response.status !== 200) throw new Error(`select answered ${response.status}`);
}

function countLogLines(file: string, method: string, route: string): LogLines {
  const text = fs.readFileSync(file, 'utf8');
  let matching = 0;
  let all = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    all++;
    let entry: { msg?: string; method?: string; route?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // not a log line (something printed to stdout): counted in `all` only
    }
    if (entry.msg === 'request completed' && entry.method === method && entry.route === route) matching++;
  }
  return { route: matching, all, bytes: Buffer.byteLength(text) };
}

// ---- the run ---------------------------------------------------------------------------------

const results: Results = { ceilings: {}, reads: {}, selects: {}, memory: {}, notes: [] };
const loadAtStart = os.loadavg();
const ANALYSIS_MARKER = '<!-- analysis: kept across runs -->';
const log = (message: string) => console.log(`[bench] ${message}`);
/** What Chromium sends: the app's reads are measured with the compression a browser gets. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

async function databaseRun(kind: 'PGlite' | 'PostgreSQL', databaseUrl: string | undefined) {
  log(`${kind}: seeding ${SIZES.shros} Shros…`);
  const server = await startChild('app-server.ts', {
    BENCH_ROLE: 'primary',
    BENCH_PLAN: JSON.stringify(plan),
    BENCH_DATABASE_URL: databaseUrl ?? '',
    BENCH_REDIS_URL: '',
  });
  try {
    const seed = server.seed!;
    // Memory after seeding (issue 12 item 8): the embedded database lives inside this process.
    const memory = (await server.ask('memory')) as NodeJS.MemoryUsage;
    results.memory[kind] = { rssMb: memory.rss / 2 ** 20, heapMb: (memory.heapUsed + memory.external) / 2 ** 20 };
    log(`${kind}: ${Math.round(memory.rss / 2 ** 20)} MB RSS after seeding`);
    const url = `http://127.0.0.1:${server.port}/api/sessions/${seed.readShroId}`;
    const first = await fetch(url, { headers: { cookie: seed.ownerCookie } });
    const body = await first.text();
    if (first.status !== 200) throw new Error(`read answered ${first.status}: ${body}`);
    results.bodyBytes = Buffer.byteLength(body);
    // On a shared machine the ceiling moves with the other work: it is measured again right
    // before each read, and each read is compared with its own.
    log(`${kind}: ceiling, bare node:http with the same body…`);
    const bare = await startChild('bare-server.ts', { BENCH_BODY: body });
    const ceiling = await load(`http://127.0.0.1:${bare.port}/api/sessions/x`, {});
    results.ceilings[kind] = ceiling;
    await bare.stop();
    log(`${kind}: ceiling ${Math.round(ceiling.rps)} req/s`);
    log(`${kind}: authenticated GET /api/sessions/{id}…`);
    // As a browser asks: the answer is then compressed (decision 022), and that cost is measured too.
    const read = await load(url, { cookie: seed.ownerCookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    // One request line per request: the read requests (and the first fetch above) in the log.
    const logLines = countLogLines(server.logFile, 'GET', '/api/sessions/:id');
    results.reads[kind] = { ...read, cache: await server.ask('cache'), logLines };
    log(`${kind}: ${Math.round(read.rps)} req/s, p99 ${read.p99} ms`);

    log(`${kind}: ${seed.selectorCookies.length} selects…`);
    const run = await selects(server.port, seed);
    const count = (await server.ask('count', seed.selectShroId)) as number;
    results.selects[kind] = { ...run, count };
    log(`${kind}: ${Math.round(run.perSecond)} selects/s, ${count} participations`);
    return { server, seed };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function main() {
  const started = Date.now();
  // `--web-only`: just the web sections (5 and 6), for work on the first load.
  const webOnly = process.argv.includes('--web-only');
  if (!webOnly) await serverRuns();
  const dist = webBuild();
  results.web = measureWebBundles(dist) ?? undefined;
  if (!results.web) results.notes.push('No production build to measure: run `npm run build` first for the web sizes.');
  else await networkRun(dist);
  if (webOnly) console.log(report(results, (Date.now() - started) / 1000, runContext()));
  else writeReport(started);
}

const runContext = () => ({
  quick,
  sizes: SIZES,
  pinning,
  serverCore: SERVER_CORE,
  loadCore: LOAD_CORE,
  logLevel: LOG_LEVEL,
  loadAtStart,
});

async function serverRuns() {
  // 1–3 on PGlite; the same instance then serves the single-instance fan-out.
  const pglite = await databaseRun('PGlite', undefined);

  log(`fan-out ceiling: bare SSE, ${SIZES.watchers} channels…`);
  const bare = await startChild('bare-server.ts', {});
  results.fanoutCeiling = await fanout(
    [bare],
    '/live',
    async () => {
      await (await fetch(`http://127.0.0.1:${bare.port}/fire`, { method: 'POST' })).text();
    },
    'shro.box.opened',
  );
  await bare.stop();

  log(`fan-out: one instance (PGlite), ${SIZES.watchers} channels…`);
  results.fanoutOne = await fanout(
    [pglite.server],
    `/api/live?watch=${pglite.seed.fanoutShroId}`,
    (round) => fireSelect(pglite.server.port, pglite.seed, round),
    'shro.box.opened',
  );
  await pglite.server.stop();

  const postgres = await createPostgresDatabase();
  if (!postgres) {
    results.notes.push(
      `PostgreSQL not reachable at ${pgAdminUrl}: its rows and the two-instance fan-out were skipped.`,
    );
  } else {
    try {
      const primary = await databaseRun('PostgreSQL', postgres.url);
      await primary.server.stop();
      if (await redisReachable()) {
        log(`fan-out: two instances over Redis, ${SIZES.watchers} channels…`);
        const env = {
          BENCH_DATABASE_URL: postgres.url,
          BENCH_REDIS_URL: redisUrl,
          BENCH_PLAN: JSON.stringify({ ...plan, shros: 0, selectors: 0 }),
        };
        const a = await startChild('app-server.ts', { ...env, BENCH_ROLE: 'primary' });
        const b = await startChild('app-server.ts', { ...env, BENCH_ROLE: 'secondary' });
        try {
          results.fanoutTwo = await fanout(
            [a, b],
            `/api/live?watch=${a.seed!.fanoutShroId}`,
            (round) => fireSelect(round % 2 === 0 ? a.port : b.port, a.seed!, round),
            'shro.box.opened',
          );
        } finally {
          await a.stop();
          await b.stop();
        }
      } else {
        results.notes.push(`Redis not reachable at ${redisUrl}: the two-instance fan-out was skipped.`);
      }
    } finally {
      await postgres.drop();
    }
  }
}

function writeReport(started: number) {
  const file = path.join(here, quick ? 'results-quick.md' : 'results.md');
  // The hand-written analysis below the marker survives a new run (the figures above it do not).
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const analysis = previous.includes(ANALYSIS_MARKER) ? previous.slice(previous.indexOf(ANALYSIS_MARKER)) : '';
  const markdown = report(results, (Date.now() - started) / 1000, runContext()) + (analysis ? `\n${analysis}` : '');
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.writeFileSync(file, markdown);
  // Aligned tables, and the file passes `npm run lint` as it is written.
  spawnSync('npx', ['biome', 'format', '--write', file], { cwd: path.join(here, '..'), stdio: 'ignore' });
  console.log(markdown);
  log(`written to ${path.relative(process.cwd(), file)}`);
}

/** Real-network loads in Chromium (bench/network.ts); --quick does fast 3G only. */
async function networkRun(dist: string) {
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    results.notes.push('No Chromium at /usr/bin/chromium (or CHROMIUM_PATH): the real-network loads were skipped.');
    return;
  }
  log('real network: cold and repeat visitor loads of /session/{id} in Chromium…');
  const server = await startChild('app-server.ts', {
    BENCH_ROLE: 'primary',
    BENCH_PLAN: JSON.stringify({ shros: 0, participations: 0, participants: 1, selectors: 0, pickers: 1 }),
    BENCH_DATABASE_URL: '',
    BENCH_REDIS_URL: '',
    BENCH_WEB_DIST: dist,
  });
  try {
    const origin = `http://127.0.0.1:${server.port}`;
    results.network = await measureNetworkLoads(
      origin,
      server.seed!.fanoutShroId,
      quick ? [FAST_3G] : [SLOW_3G, FAST_3G],
    );
  } catch (error) {
    results.notes.push(`The real-network loads failed: ${(error as Error).message}`);
  } finally {
    await server.stop();
  }
}

/**
 * The full run measures a fresh production build of this tree (in a temporary folder, so a
 * dist/web that someone is serving stays as it is); --quick reuses dist/web when there is one.
 */
function webBuild(): string {
  const dist = path.join(here, '..', 'dist', 'web');
  if (quick) return dist;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-bench-web-'));
  log('web: production build…');
  const built = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(here, '..'),
    stdio: 'inherit',
  });
  return built.status === 0 ? out : dist;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

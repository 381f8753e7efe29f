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
import { Watchers } from './watchers';
import { measureWebBundles, type WebBundles } from './web-size';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const SIZES = quick
  ? { shros: 500, participants: 20, selectors: 50, pickers: 4, watchers: 200, duration: 2, connections: 20, rounds: 2 }
  : {
      shros: 10_000,
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

interface HttpResult {
  rps: number;
  /** Requests answered during the run. */
  total: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

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

interface FanoutResult {
  watchers: number;
  delivered: number;
  p50: number;
  p95: number;
  max: number;
  /** p95 measured from when the firing request was sent (includes the select's own work). */
  sentP95: number;
  /** Server memory (RSS) added per open channel, KB. */
  kbPerChannel: number;
  heapKbPerChannel: number;
}

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

/** The app's request lines for one route in its log file, and all its lines. */
interface LogLines {
  route: number;
  all: number;
  bytes: number;
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

interface Results {
  /** The bare server measured just before each database's read, so each ratio is of runs back to back. */
  ceilings: Partial<Record<'PGlite' | 'PostgreSQL', HttpResult>>;
  bodyBytes?: number;
  reads: Partial<Record<'PGlite' | 'PostgreSQL', HttpResult & { cache: unknown; logLines: LogLines }>>;
  selects: Partial<
    Record<'PGlite' | 'PostgreSQL', { perSecond: number; seconds: number; non2xx: number; count: number }>
  >;
  fanoutCeiling?: FanoutResult;
  fanoutOne?: FanoutResult;
  fanoutTwo?: FanoutResult;
  web?: WebBundles;
  notes: string[];
}

const results: Results = { ceilings: {}, reads: {}, selects: {}, notes: [] };
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

  results.web = measureWebBundles(webBuild()) ?? undefined;
  if (!results.web) results.notes.push('No production build to measure: run `npm run build` first for the web sizes.');

  const file = path.join(here, quick ? 'results-quick.md' : 'results.md');
  // The hand-written analysis below the marker survives a new run (the figures above it do not).
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const analysis = previous.includes(ANALYSIS_MARKER) ? previous.slice(previous.indexOf(ANALYSIS_MARKER)) : '';
  const markdown = report(results, (Date.now() - started) / 1000) + (analysis ? `\n${analysis}` : '');
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.writeFileSync(file, markdown);
  // Aligned tables, and the file passes `npm run lint` as it is written.
  spawnSync('npx', ['biome', 'format', '--write', file], { cwd: path.join(here, '..'), stdio: 'ignore' });
  console.log(markdown);
  log(`written to ${path.relative(process.cwd(), file)}`);
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

// ---- the report ------------------------------------------------------------------------------

const n = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value)
    ? '–'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ratio = (part: number | undefined, whole: number | undefined) =>
  part === undefined || !whole ? '–' : `${(part / whole).toFixed(2)}×`;
const mark = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? ' ✅' : ' ❌');

function report(r: Results, seconds: number): string {
  const lines: string[] = [];
  lines.push(`# Benchmark results${quick ? ' (--quick smoke run: small numbers, not the figures to judge by)' : ''}`);
  lines.push('');
  lines.push(
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}; took ${Math.round(seconds)} s; ` +
      `load average ${loadAtStart.map((x) => x.toFixed(1)).join('/')} at the start and ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join('/')} at the end (other work on the machine shares the cores). ` +
      `Load from autocannon in this process, ${SIZES.connections} connections, ${SIZES.duration} s per HTTP run; every server is a separate process.`,
  );
  lines.push('');
  lines.push(
    pinning.pinned
      ? `**Pinning:** every server (the app and the bare ceilings) runs on core ${SERVER_CORE} alone and this process (autocannon, the watchers) on core ${LOAD_CORE} (\`taskset -a -c -p\`), so a ratio is one core against one core. PostgreSQL and Redis are not pinned: they run wherever the kernel puts them, beside the app or the load. The machine is shared (load average above): other work can still land on either core.`
      : `**Pinning: none** (${pinning.why}): servers, load generator and other work share every core, so the ratios below are not one core against one core.`,
  );
  lines.push('');
  lines.push(
    LOG_LEVEL === 'info'
      ? "**Logging:** the app runs at the default log level (`info`): one JSON line per request (decision 023), written synchronously by pino to its stdout, which is a file in the temporary folder (a real file, not a pipe read by this process). The bare servers' stdout goes to a file the same way; they write nothing."
      : `**Logging:** the app runs at log level \`${LOG_LEVEL}\` (\`BENCH_LOG_LEVEL\`), not the default \`info\`: these figures leave out the request log.`,
  );
  lines.push('');
  lines.push('## 1–2. Authenticated `GET /api/sessions/{id}` vs the bare `node:http` ceiling');
  lines.push('');
  lines.push(
    `A link Shro with 4 boxes and ${SIZES.participants} participants, read by its creator (the largest view), in a database of ${n(SIZES.shros)} Shros. Body: ${n(r.bodyBytes)} bytes; the app is asked with a browser's \`Accept-Encoding\` and answers it brotli-compressed (decision 022), the bare ceiling sends it as it is.`,
  );
  lines.push('');
  lines.push(
    '| server | req/s | p50 ms | p99 ms | errors / non-2xx | of ceiling | Shro cache hits / misses | log lines per request | goal ≥ 0.45×, p99 < 25 ms |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const [kind, read] of Object.entries(r.reads)) {
    if (!read) continue;
    const c = r.ceilings[kind as keyof Results['ceilings']];
    if (c)
      lines.push(
        `| bare node:http (ceiling, just before ${kind}) | ${n(c.rps)} | ${c.p50} | ${c.p99} | ${c.errors} / ${c.non2xx} | 1.00× | | 0 | |`,
      );
    const ok = c ? read.rps >= 0.45 * c.rps && read.p99 < 25 : undefined;
    // +1: the first fetch, which checks the answer before the load.
    const perRequest = read.logLines.route / (read.total + 1);
    lines.push(
      `| Shro app on ${kind} | ${n(read.rps)} | ${read.p50} | ${read.p99} | ${read.errors} / ${read.non2xx} | ${ratio(read.rps, c?.rps)} | ${n((read.cache as { hits: number }).hits)} / ${n((read.cache as { misses: number }).misses)} | ${n(perRequest, 2)} (${n(read.logLines.bytes / Math.max(read.logLines.all, 1))} B each) |${mark(ok)} |`,
    );
  }
  lines.push('');
  lines.push('## 3. `POST /api/sessions/{id}/select` by distinct users on one shareable Shro');
  lines.push('');
  lines.push('| database | users | selects/s | took s | non-2xx | participations afterwards |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [kind, s] of Object.entries(r.selects)) {
    if (!s) continue;
    lines.push(
      `| ${kind} | ${n(SIZES.selectors)} | ${n(s.perSecond)} | ${n(s.seconds, 2)} | ${s.non2xx} | ${n(s.count)}${mark(s.count === SIZES.selectors)} |`,
    );
  }
  lines.push('');
  lines.push(`## 4. Live fan-out: ${n(SIZES.watchers)} open channels watching one public Shro`);
  lines.push('');
  lines.push(
    `Time from the select's response (the bare server's POST /fire) to each watcher's event, over ${SIZES.rounds} events; an event that beat the response counts 0. Memory: the server's RSS growth per open channel (heap + external in brackets).`,
  );
  lines.push('');
  lines.push(
    '| setup | delivered | p50 ms | p95 ms | max ms | p95 vs ceiling | p95 from request sent | KB per channel | goal |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  const f = r.fanoutCeiling;
  /** `against` set: judged on p95 from the request sent, against that row's (see the note below). */
  const row = (label: string, x: FanoutResult | undefined, limit: number | null, against?: FanoutResult) => {
    if (!x) return;
    const ok =
      limit === null || !f
        ? undefined
        : (against ? x.sentP95 <= limit * Math.max(against.sentP95, 1) : x.p95 <= limit * Math.max(f.p95, 1)) &&
          x.kbPerChannel < 20;
    const goal =
      limit === null
        ? ''
        : `${against ? `from request sent ≤ ${limit}× one instance's` : `≤ ${limit}×`} and < 20 KB${mark(ok)}`;
    lines.push(
      `| ${label} | ${n(x.delivered)} / ${n(x.watchers * SIZES.rounds)} | ${n(x.p50, 1)} | ${n(x.p95, 1)} | ${n(x.max, 1)} | ${limit === null ? '1.00×' : ratio(x.p95, f?.p95)} | ${n(x.sentP95, 1)} | ${n(x.kbPerChannel, 1)} (${n(x.heapKbPerChannel, 1)}) | ${goal} |`,
    );
  };
  row('bare node:http SSE (ceiling)', f, null);
  row('Shro, one instance', r.fanoutOne, 1.5);
  row('Shro, two instances over Redis', r.fanoutTwo, 2, r.fanoutOne);
  lines.push('');
  lines.push(
    "With Redis, a select's answer waits until its own event has come back through Redis (so every instance has applied it first; decision 008), so watchers on both instances usually hold the event before the answer arrives and the times from the response read 0. That row is judged on the time from the request sent instead, against one instance's.",
  );
  lines.push('');
  lines.push('## 5. Web: gzipped first load from the production build');
  lines.push('');
  if (r.web) {
    lines.push('| route | JS gzipped KB | CSS gzipped KB | files | goal |');
    lines.push('| --- | ---: | ---: | ---: | --- |');
    for (const route of r.web.routes) {
      const goal = route.route === '/' ? `JS < 150 KB${mark(route.jsGzip / 1024 < 150)}` : '';
      lines.push(
        `| \`${route.route}\` | ${n(route.jsGzip / 1024, 1)} | ${n(route.cssGzip / 1024, 1)} | ${route.files} | ${goal} |`,
      );
    }
  }
  if (r.notes.length) {
    lines.push('');
    lines.push('## Notes from this run');
    lines.push('');
    for (const note of r.notes) lines.push(`- ${note}`);
  }
  lines.push('');
  return lines.join('\n');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

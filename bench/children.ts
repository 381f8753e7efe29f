/** The bench's processes: servers forked and pinned to one core, PostgreSQL and Redis checks. */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { bundleServer, SERVER_NODE_FLAGS } from '../scripts/build-server';
import type { FromChild, SeedInfo, ToChild } from './app-server';

const here = path.dirname(fileURLToPath(import.meta.url));
export const pgAdminUrl =
  process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// ---- pinning and logs ------------------------------------------------------------------------

/**
 * Every server (app and bare) runs on core 0 and this process, the load generator, on core 1,
 * when `taskset` exists and there are two cores or more: the ratio to the bare server is then
 * one core against one core (docs/decisions/023-request-log-and-pinned-bench.md).
 */
export const SERVER_CORE = '0';
/** The app's log level: the default, unless BENCH_LOG_LEVEL asks for another (bench/app-server.ts). */
export const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
export const LOAD_CORE = '1';
export const pinning = pinSelf();

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

/**
 * Gives this process, and what it starts from now on, every core again: Lighthouse's browser is a
 * phone's, whose renderer, compositor and network have cores of their own (bench/lighthouse.ts).
 */
export function unpinSelf() {
  // Every core the machine has: `availableParallelism` counts only the cores this process is pinned to.
  if (pinning.pinned) taskset(`0-${os.cpus().length - 1}`, process.pid);
}

/** Where the servers' stdout (the app's JSON log at the default level) goes: a real file. */
export const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-bench-logs-'));
let logFiles = 0;

// ---- child processes -------------------------------------------------------------------------

export interface Child {
  process: ChildProcess;
  port: number;
  /** The file the child's stdout (its log) is written to. */
  logFile: string;
  seed: SeedInfo | null;
  ask(cmd: ToChild['cmd'], shroId?: string): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * What the process has used so far, from /proc: CPU seconds (user + system, every thread), those
 * of its main thread alone (JavaScript; the rest is V8's compiler and garbage-collector threads
 * and libuv's pool), and write system calls (write and writev: each socket send to PostgreSQL or
 * to a client is one). Null where there is no /proc (the figures that use it are then left out);
 * each counter on its own is null when its file cannot be read.
 */
export function processCounters(
  pid: number | undefined,
): { cpuSeconds: number | null; mainCpuSeconds: number | null; writeCalls: number | null } | null {
  if (pid === undefined || !fs.existsSync(`/proc/${pid}`)) return null;
  const read = (file: string) => {
    try {
      return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
    } catch {
      return null;
    }
  };
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const cpuOf = (stat: string | null) => {
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields ? (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND : null;
  };
  const writes = /^syscw: (\d+)$/m.exec(read('io') ?? '')?.[1];
  return {
    cpuSeconds: cpuOf(read('stat')),
    // The main thread's id is the process's.
    mainCpuSeconds: cpuOf(read(`task/${pid}/stat`)),
    writeCalls: writes === undefined ? null : Number(writes),
  };
}

/** Linux's USER_HZ: 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Each server child runs from a bundle built as `npm run build` builds the server (decision 155),
 * so the bench measures the code production runs; built once per run, each in its own folder
 * of this run's (the migrations sit beside it; inside the repository, where its packages resolve).
 */
const bundles = new Map<string, Promise<string>>();
let bundleDir: string | undefined;
function bundled(script: string): Promise<string> {
  let bundle = bundles.get(script);
  if (!bundle) {
    const name = path.basename(script, '.ts');
    const benchDist = path.join(here, '..', 'dist', 'bench');
    fs.mkdirSync(benchDist, { recursive: true });
    if (!bundleDir) {
      const dir = fs.mkdtempSync(path.join(benchDist, 'run-'));
      process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
      bundleDir = dir;
    }
    const outfile = path.join(bundleDir, name, `${name}.mjs`);
    bundle = bundleServer(path.join('bench', script), outfile).then(() => outfile);
    bundles.set(script, bundle);
  }
  return bundle;
}

export async function startChild(script: string, env: Record<string, string>): Promise<Child> {
  const logFile = path.join(logDir, `${++logFiles}-${path.basename(script, '.ts')}.log`);
  const bundle = await bundled(script);
  const out = fs.openSync(logFile, 'a');
  const child = fork(bundle, [], {
    // As `npm run serve` runs the server; `--expose-gc` for the memory figures.
    execArgv: [...SERVER_NODE_FLAGS, '--expose-gc'],
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

export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
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

export async function redisReachable(): Promise<boolean> {
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

/**
 * Moves PostgreSQL's backends serving `databaseUrl` (the connections a server's pool holds) to
 * the load generator's core, so the server's core is its own (decision 023): the database then
 * shares the load generator's core instead. Call once the pool is full (after a warm-up); a
 * connection opened later is not moved. Returns how many were moved (0 without pinning, or where
 * `taskset` may not move them).
 */
export async function pinDatabaseBackends(databaseUrl: string): Promise<number> {
  if (!pinning.pinned) return 0;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.filter(({ pid }) => taskset(LOAD_CORE, pid)).length;
  } finally {
    await client.end();
  }
}

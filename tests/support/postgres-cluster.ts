import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, waitForPort } from './redis-server';

/** The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<major>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (!majors[0]) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  return path.join(root, majors[0], 'bin');
}

/**
 * A private PostgreSQL cluster in a temp folder on a random port, which the test may stop, kill
 * and restart at will — never the machine's shared server on 5432. PostgreSQL refuses to run as
 * root, so when the test runs as root the cluster belongs to, and runs as, the `postgres` user.
 */
export class PrivateCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(tool: string, args: string[]) {
    const asRoot = process.getuid?.() === 0;
    const command = asRoot ? 'runuser' : path.join(this.bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(this.bin, tool), ...args] : args;
    return execFileSync(command, fullArgs, { stdio: 'pipe', timeout: 60_000 }).toString();
  }

  static async create(): Promise<PrivateCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-pg-'));
    if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
    const cluster = new PrivateCluster(dir, await freePort(), postgresBin());
    cluster.run('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await cluster.start();
    return cluster;
  }

  /** Starts the server and waits until it accepts queries. */
  async start(): Promise<void> {
    this.run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'server.log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`,
      '-w',
      'start',
    ]);
    await waitForPort(this.port);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const client = new pg.Client({ connectionString: this.url });
      try {
        await client.connect();
        await client.query('select 1');
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => {});
        if (Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** `fast` disconnects clients and shuts down cleanly; `immediate` is a crash (recovery on start). */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', 'stop']);
  }

  /** A fresh database in the cluster; returns its URL. */
  async createDatabase(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    return this.url.replace(/\/postgres$/, `/${name}`);
  }

  async query<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stops the server (if running) and removes its folder. */
  destroy(): void {
    try {
      this.stop('immediate');
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

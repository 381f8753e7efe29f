import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './redis-server';
import { serverArgs, testServerBundle } from './web-server';

/**
 * The real server as a child process, run from its build as production runs it (`npm run serve`;
 * the fault drills' global setup builds it first): for drills that signal, kill and restart it,
 * and for the bench's Lighthouse runs (`dist/server/server.mjs`).
 */
export class ServerProcess {
  readonly output: string[] = [];
  exitCode: number | null = null;
  signal: NodeJS.Signals | null = null;
  private readonly exited: Promise<void>;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    const collect = (chunk: Buffer) => this.output.push(chunk.toString());
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exitCode = code;
        this.signal = signal;
        resolve();
      }),
    );
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.exitCode === null && this.signal === null;
  }

  static async start(
    env: Record<string, string>,
    port?: number,
    readyTimeoutMs?: number,
    bundle = testServerBundle('faults'),
  ): Promise<ServerProcess> {
    const chosen = port ?? (await freePort());
    const child = spawn(process.execPath, serverArgs(bundle), {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(chosen),
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
        WEB_DIST: '/nonexistent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, chosen);
    await server.waitReady(readyTimeoutMs);
    return server;
  }

  /** Waits until /readyz answers 200. */
  async waitReady(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`server exited (${this.exitCode ?? this.signal}):\n${this.output.join('')}`);
      try {
        if ((await fetch(`${this.url}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server never became ready:\n${this.output.join('')}`);
  }

  /** Resolves when the process has exited (or rejects after the timeout). */
  async waitExit(timeoutMs = 15_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.exited,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('server did not exit in time')), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  kill(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /** Ends the process whatever state it is in. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** An HTTP client for a child server: JSON in and out, same-origin headers, its own cookie. */
export class HttpUser {
  cookie = '';
  constructor(public base: string) {}

  async call(method: string, path: string, body?: unknown, timeoutMs = 10_000) {
    const started = performance.now();
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        origin: this.base,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const setCookie = response.headers.get('set-cookie');
    const match = setCookie && /shro_sid=([^;]+)/.exec(setCookie);
    if (match) this.cookie = `shro_sid=${match[1]}`;
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return {
      status: response.status,
      json: json as Record<string, unknown> | null,
      text,
      ms: performance.now() - started,
      headers: response.headers,
    };
  }

  async register(username: string, password = 'secret123') {
    const response = await this.call('POST', '/api/register', {
      username,
      email: `${username}@example.com`,
      password,
      confirmPassword: password,
      acceptTerms: true,
    });
    if (response.status !== 201) throw new Error(`register ${username}: ${response.status} ${response.text}`);
    return response.json as { id: string; username: string };
  }
}

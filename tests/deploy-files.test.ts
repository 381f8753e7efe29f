import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_NODE_FLAGS } from '../scripts/build-server';
import { loadConfig } from '../server/config';
import { createTestApp } from '../server/test/test-app';

/**
 * The deploy recipe (Dockerfile, compose.yaml, .dockerignore; docs/deploy.md) held against the
 * app, since no Docker engine runs here to build and start it.
 */
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

// ---- The Dockerfile, read as instructions grouped by stage.

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  image: string;
  name: string;
  instructions: Instruction[];
}

/** The stages in order, each FROM's `${ARG}` resolved from the ARGs declared before the first. */
function dockerfileStages(text: string): Stage[] {
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(trimmed) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [image = '', , name = ''] = rest.split(/\s+/);
      const resolved = image.replace(/\$\{(\w+)\}/g, (_, arg: string) => args.get(arg) ?? '');
      stages.push({ image: resolved, name, instructions: [] });
    } else if (stages.length === 0 && upper === 'ARG') {
      const [name = '', value = ''] = rest.split('=');
      args.set(name, value);
    } else {
      stages.at(-1)?.instructions.push({ keyword: upper, args: rest });
    }
  }
  return stages;
}

const stages = dockerfileStages(read('Dockerfile'));
const runtime = stages.at(-1) as Stage;
const of = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);
const stageNamed = (name: string) => stages.find((stage) => stage.name === name) as Stage;

/** `ENV A=1 B=2` and `ENV A 1` alike. */
function envNames(stage: Stage): string[] {
  return of(stage, 'ENV').flatMap(({ args }) =>
    args.includes('=')
      ? [...args.matchAll(/(\w+)=/g)].map((match) => match[1] as string)
      : [args.split(/\s+/)[0] ?? ''],
  );
}

/** Each COPY's sources and destination, the destination made absolute from the stage's WORKDIR. */
function copies(stage: Stage): { from?: string; sources: string[]; destination: string }[] {
  let workdir = '/';
  const result: { from?: string; sources: string[]; destination: string }[] = [];
  for (const { keyword, args } of stage.instructions) {
    if (keyword === 'WORKDIR') workdir = path.posix.resolve(workdir, args);
    if (keyword !== 'COPY') continue;
    const words = args.split(/\s+/);
    const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
    const paths = words.filter((word) => !word.startsWith('--'));
    const destination = path.posix.resolve(workdir, paths.pop() ?? '');
    result.push({ from, sources: paths, destination });
  }
  return result;
}

// ---- compose.yaml.

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
const composeText = read('compose.yaml');
const compose = parse(composeText) as { services: Record<string, Service> };
const app = compose.services.app as Service;

/** What Compose would substitute, with a stand-in for each required value. */
function interpolate(value: string): string {
  return value
    .replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_, name: string, kind?: string, text = '') =>
      kind === '-' ? text : name === 'PUBLIC_ORIGIN' ? 'https://shro.example.com' : `stand-in-${name.toLowerCase()}`,
    )
    .replaceAll('$$', '$');
}
const appEnvironment = Object.fromEntries(
  Object.entries(app.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]),
);

// ---- The app's settings: the names loadConfig reads, observed rather than listed by hand.

/**
 * Every environment variable server/config.ts reads, recorded while loadConfig runs: once with
 * nothing set and once with S3 on (its settings are read only then). Some settings are read from
 * process.env rather than the env passed in, so that one is recorded too.
 */
function configVariableNames(): Set<string> {
  const names = new Set<string>();
  const saved = process.env;
  const environments: Record<string, string>[] = [
    {},
    { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' },
  ];
  for (const values of environments) {
    const recording = new Proxy<Record<string, string>>(values, {
      get(target, key) {
        if (typeof key === 'string') names.add(key);
        return typeof key === 'string' ? target[key] : undefined;
      },
    });
    process.env = recording;
    try {
      loadConfig(recording);
    } finally {
      process.env = saved;
    }
  }
  return names;
}

describe('the deploy files match the app', () => {
  const configNames = configVariableNames();

  it('reads the settings this test expects to see (the recording works)', () => {
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'PORT', 'RATE_LIMIT_READS_PER_IP'])
      expect(configNames).toContain(name);
  });

  it('sets only environment variables the app reads, in the Dockerfile and in compose (set or commented)', () => {
    const commented = [...composeText.matchAll(/^\s*#\s*([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] as string);
    const set = [...stages.flatMap(envNames), ...Object.keys(app.environment ?? {}), ...commented];
    expect(set.length).toBeGreaterThan(10);
    expect(set.filter((name) => !configNames.has(name))).toEqual([]);
  });

  it("compose's app settings are a configuration the app accepts: PostgreSQL, Redis and S3 on the other services", () => {
    const config = loadConfig({ ...appEnvironment, NODE_ENV: 'production' });
    const host = (url: string | undefined) => (url ? new URL(url).hostname : undefined);
    expect(host(config.databaseUrl)).toBe('postgres');
    expect(host(config.redisUrl)).toBe('redis');
    expect(host(config.s3?.endpoint)).toBe('s3');
    expect(config.s3?.credentials).toBeDefined();
    expect(config.sessionSecret).toBeDefined();
    expect(config.publicOrigin).toBe('https://shro.example.com');
    expect(config.secureCookies).toBe(true);
    expect(config.trustProxy).not.toBe(false);
    for (const name of ['postgres', 'redis', 's3']) {
      expect(compose.services[name]?.healthcheck?.test.length).toBeGreaterThan(0);
      expect(app.depends_on?.[name]?.condition).toBe('service_healthy');
    }
  });

  it('the S3 service creates the bucket the app uses, for the keys the app signs with', () => {
    const s3 = compose.services.s3?.environment ?? {};
    expect(s3.S3_BUCKET).toBe(app.environment?.S3_BUCKET);
    expect(s3.AWS_ACCESS_KEY_ID).toBe(app.environment?.S3_ACCESS_KEY_ID);
    expect(s3.AWS_SECRET_ACCESS_KEY).toBe(app.environment?.S3_SECRET_ACCESS_KEY);
    const postgres = compose.services.postgres?.environment ?? {};
    const database = new URL(appEnvironment.DATABASE_URL ?? '');
    expect(database.username).toBe(postgres.POSTGRES_USER);
    expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);
    expect(database.password).toBe(interpolate(postgres.POSTGRES_PASSWORD ?? ''));
  });

  it("the image's Node major is the pinned runtime's (package.json devDependencies.node, decision 162)", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      const [, version = ''] = /^node:(\d+(?:\.\d+)*)-/.exec(stage.image) ?? [];
      expect(version.split('.')[0]).toBe(pkg.devDependencies.node?.split('.')[0]);
    }
  });

  it("starts with package.json's serve script, without npm in between", () => {
    const [cmd] = of(runtime, 'CMD');
    const command = JSON.parse(cmd?.args ?? '[]') as string[];
    expect(command).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/server.mjs']);
    expect(command.join(' ')).toBe(pkg.scripts.serve);
  });

  it('runs as a user other than root', () => {
    const user = of(runtime, 'USER').at(-1)?.args.split(':')[0];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
  });

  it('the runtime stage copies the bundle, its migrations, the web app and the production dependencies', () => {
    const workdir = of(runtime, 'WORKDIR').at(-1)?.args ?? '/';
    const inRuntime = copies(runtime);
    /** The build stage's file at `file` (relative to its WORKDIR) lands at the same place in the runtime. */
    const copiedFromBuild = (file: string) =>
      inRuntime.some(
        ({ from, sources: [source = ''], destination }) =>
          from === 'build' &&
          source === destination &&
          !path.posix.relative(source, path.posix.join(workdir, file)).startsWith('..'),
      );
    const entry = pkg.scripts.serve?.split(' ').at(-1) ?? '';
    expect(copiedFromBuild(entry)).toBe(true);
    // server/db/client.ts reads the migrations and server/i18n/catalogs.ts the catalogs beside their
    // own module, where build-server.ts copies them.
    expect(read('scripts/build-server.ts')).toContain("['server/db/migrations', 'migrations']");
    expect(read('scripts/build-server.ts')).toContain("['server/i18n/locales', 'locales']");
    expect(fs.existsSync(path.join(root, 'server/db/migrations/meta/_journal.json'))).toBe(true);
    expect(copiedFromBuild(path.posix.join(path.posix.dirname(entry), 'migrations/meta/_journal.json'))).toBe(true);
    // The web app, where the app looks for it from the working directory (WEB_DIST's default).
    const webDist = path.relative(process.cwd(), loadConfig({}).webDist);
    expect(copiedFromBuild(path.posix.join(webDist, 'index.html'))).toBe(true);
    // The production dependencies, installed without the development ones (the `node` package among them).
    const modules = `${workdir}/node_modules`;
    expect(inRuntime).toContainEqual({ from: 'deps', sources: [modules], destination: modules });
    expect(of(stageNamed('deps'), 'RUN').some(({ args }) => /npm ci\b.*--omit=dev/.test(args))).toBe(true);
    expect(pkg.dependencies.node).toBeUndefined();
    expect(envNames(runtime)).toContain('NODE_ENV');
  });

  it('keeps secrets and local builds out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const entry of ['.env', 'node_modules', 'dist', 'data', '.git']) expect(ignored).toContain(entry);
    for (const needed of ['server', 'web', 'contract', 'scripts', 'package.json', 'package-lock.json'])
      expect(ignored).not.toContain(needed);
  });

  describe('the health check', () => {
    let context: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      context = await createTestApp();
    });
    afterAll(async () => context?.close());

    it("asks the app's readiness route, which answers 200", async () => {
      const [check] = of(runtime, 'HEALTHCHECK');
      const [, route = ''] = /'(\/[\w-]+)'/.exec(check?.args ?? '') ?? [];
      expect(route).toBe('/readyz');
      const answer = await context.app.inject({ method: 'GET', url: route });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'ready' });
    });
  });
});

import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_HEADER } from '../../contract/achievements';
import { loadConfig } from '../../server/config';
import { createUser } from '../../server/test/factories';
import { createTestApp, type TestContext } from '../../server/test/test-app';
import { changedTables, resetData, tableChecksum } from '../support/db-checksum';
import { recordFigure } from '../support/figures';
import {
  contentTypes,
  hostileString,
  hostileValue,
  jsonObject,
  jsonText,
  poisonKeys,
  queryValue,
  rawJsonBody,
} from '../support/hostile';
import { hostileFiles, multipartDamage, type RawPart, rawMultipart } from '../support/hostile-files';
import { collectRoutes } from '../support/routes';
import { buildWorld, type World } from '../support/world';
import { type FuzzSpec, fuzzSpecs } from './fuzz-specs';

/**
 * Property: whatever arrives, every route answers 2xx, or 4xx with a JSON `{message}`; never a
 * 5xx, never a crash; and a 4xx leaves every table exactly as it was. FUZZ_RUNS sets the inputs
 * per route (default 150: about a minute and a half on two cores).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

// The analytics limiter reads its own variables; the fuzzer must never be slowed down by a limit.
process.env.RATE_LIMIT_ANALYTICS_PER_CLIENT = '100000000';
process.env.RATE_LIMIT_CSP_REPORTS_PER_IP = '100000000';

let ctx: TestContext;
let routes: string[];
let baseUrl: string;
let files: Record<string, Buffer>;
let inputs = 0;
const perRoute: Record<string, number> = {};
const statusTally: Record<string, number> = {};
const phaseMs = { build: 0, call: 0, checksum: 0 };

beforeAll(async () => {
  ctx = await createTestApp({
    // An upload that stalls is refused after this long; well inside the answer deadline below.
    uploadIdleTimeoutMs: 2_000,
    rateLimits: {
      ...loadConfig().rateLimits,
      writesPerUser: 100_000_000,
      writesPerIp: 100_000_000,
      readsPerUser: 100_000_000,
      readsPerIp: 100_000_000,
      registrationsPerIp: 100_000_000,
      loginFailuresPerIp: 100_000_000,
      loginFailuresPerUsername: 100_000_000,
      passwordResetsPerIp: 100_000_000,
      passwordResetsPerTarget: 100_000_000,
    },
  });
  routes = collectRoutes(ctx.app);
  files = await hostileFiles();
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  const covered = Object.keys(perRoute).length;
  console.log(`fuzz: ${inputs} inputs across ${covered} routes (${RUNS} runs per route)`);
  console.log(
    `fuzz: statuses ${JSON.stringify(statusTally)}, time in ms ${JSON.stringify(phaseMs, (_k, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
  );
  if (covered > 0) recordFigure('fuzz', { inputs, routes: covered, runsPerRoute: RUNS, statuses: statusTally });
  await ctx?.close();
});

/** Percent-encodes every byte outside the unreserved set (lone surrogates become U+FFFD, as browsers do). */
const enc = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');

/** Header values must be visible ASCII. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, '').slice(0, 200);

type Identity = 'owner' | 'visitor' | 'stranger' | 'forged' | 'garbage';

interface FuzzInput {
  identity: Identity;
  params: Record<string, string>;
  query: [string, string[]][];
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: Record<string, unknown>; poison: string | null; wrap: 'object' | 'array' | 'string' }
    | { kind: 'raw'; text: string; contentType: string }
    | {
        kind: 'multipart';
        fields: [string, unknown][];
        files: [string, string, string][];
        damage: Parameters<typeof rawMultipart>[1];
      };
  timeZone: string | null;
}

function inputArbitrary(spec: FuzzSpec, world: World): fc.Arbitrary<FuzzInput> {
  const paramSpecs = spec.params?.(world) ?? {};
  const querySpecs = spec.query?.(world) ?? {};
  const fieldSpecs = spec.fields?.(world) ?? {};
  const params = fc.record(
    Object.fromEntries(
      Object.entries(paramSpecs).map(([name, arb]) => [
        name,
        fc.oneof({ weight: 3, arbitrary: arb }, { weight: 2, arbitrary: hostileString }),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const knownQuery = Object.entries(querySpecs).map(([name, arb]) =>
    fc.option(
      fc.tuple(
        fc.constant(name),
        fc.oneof(
          arb.map((v) => [v]),
          queryValue,
        ),
      ),
      { nil: undefined },
    ),
  );
  const query = fc
    .tuple(
      fc.tuple(...knownQuery),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...poisonKeys), fc.string({ maxLength: 6 })), queryValue), {
        maxLength: 2,
      }),
    )
    .map(([known, stray]) => [...known.filter((q): q is [string, string[]] => q !== undefined), ...stray]);

  const fieldNames = Object.keys(fieldSpecs);
  const multipartFields = fc.array(
    fc.tuple(
      fieldNames.length
        ? fc.oneof(fc.constantFrom(...fieldNames), fc.constantFrom(...poisonKeys), fc.string({ maxLength: 8 }))
        : fc.string({ maxLength: 8 }),
      hostileValue,
    ),
    { maxLength: 8 },
  );
  const multipartFiles = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...(spec.files ?? ['file'])),
        fc.constantFrom('images', 'profileImage', 'other', '__proto__'),
      ),
      fc.constantFrom(...Object.keys(files)),
      fc.constantFrom('a.png', 'x.svg', '../../evil.png', '', 'a"b.png', 'long'.repeat(100)),
    ),
    { maxLength: spec.files ? 5 : 1 },
  );

  const body = fc.oneof(
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: jsonObject(fieldSpecs),
        poison: fc.option(fc.constantFrom('__proto__', 'constructor'), { freq: 8 }),
        wrap: fc.constantFrom('object', 'object', 'object', 'object', 'array', 'string') as fc.Arbitrary<
          'object' | 'array' | 'string'
        >,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('raw' as const), text: rawJsonBody, contentType: contentTypes }),
    },
    {
      weight: spec.files ? 4 : 1,
      arbitrary: fc.record({
        kind: fc.constant('multipart' as const),
        fields: multipartFields,
        files: multipartFiles,
        damage: multipartDamage,
      }),
    },
  );
  return fc.record({
    identity: fc.constantFrom<Identity>('owner', 'owner', 'owner', 'owner', 'visitor', 'stranger', 'forged', 'garbage'),
    params,
    query,
    body,
    timeZone: fc.option(fc.oneof(fc.constantFrom('Europe/Paris', 'Mars/Olympus', 'UTC'), hostileString), { freq: 5 }),
  });
}

const asFieldText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

async function toRequest(spec: FuzzSpec, world: World, input: FuzzInput): Promise<InjectOptions> {
  const [method, template] = spec.route.split(' ') as [InjectOptions['method'], string];
  // `:name` parameters, and a trailing wildcard (`*`, a parameter longer than the router's limit).
  const path = template
    .replace(/:(\w+)/g, (_m, name: string) => enc(input.params[name] ?? ''))
    .replace(/\*$/, () => enc(input.params['*'] ?? ''));
  const query = input.query.flatMap(([key, values]) => values.map((v) => `${enc(key)}=${enc(v)}`)).join('&');
  const headers: Record<string, string> = {};
  if (input.timeZone !== null) headers[TIME_ZONE_HEADER] = headerSafe(input.timeZone);

  let cookie: string | undefined;
  if (spec.disposableIdentity && input.identity !== 'visitor') cookie = (await createUser(ctx)).cookie;
  else if (input.identity === 'owner') cookie = world.owner.cookie;
  else if (input.identity === 'stranger') cookie = world.stranger.cookie;
  else if (input.identity === 'forged') cookie = 'shro_sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.forgedSignature';
  else if (input.identity === 'garbage') cookie = 'shro_sid=%E0%A4%A; =; shro_sid="\\"';
  if (cookie) headers.cookie = cookie;

  let payload: string | Buffer | undefined;
  const body = input.body;
  if (method !== 'GET' && body.kind === 'json') {
    headers['content-type'] = 'application/json';
    const text = jsonText(body.value, body.poison);
    payload = body.wrap === 'object' ? text : body.wrap === 'array' ? `[${text}]` : JSON.stringify(text);
  } else if (body.kind === 'raw') {
    headers['content-type'] = body.contentType;
    payload = body.text;
  } else if (body.kind === 'multipart') {
    const parts: RawPart[] = [
      ...body.fields.map(([name, value]) => ({
        name: name.replace(/["\r\n]/g, ''),
        data: Buffer.from(asFieldText(value)),
      })),
      ...body.files.map(([name, file, filename]) => ({
        name,
        filename: filename.replace(/[\r\n]/g, ''),
        contentType: file.startsWith('svg') ? 'image/svg+xml' : 'image/png',
        data: files[file]!,
      })),
    ];
    const built = rawMultipart(parts, body.damage);
    headers['content-type'] = built.contentType;
    payload = built.payload;
  }
  return { method, url: query ? `${path}?${query}` : path, headers, ...(payload !== undefined ? { payload } : {}) };
}

/** A request left unanswered is a failure to report with its input, not a suite-wide timeout. */
const ANSWER_DEADLINE_MS = 20_000;
async function answeredWithin<T>(ms: number, answer: Promise<T>, request: InjectOptions): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const headers = JSON.stringify(request.headers).slice(0, 500);
      const payload = request.payload === undefined ? '' : String(request.payload).slice(0, 1500);
      reject(
        new Error(
          `no answer within ${ms} ms: ${request.method} ${String(request.url).slice(0, 200)}\nheaders: ${headers}\npayload: ${JSON.stringify(payload)}`,
        ),
      );
    }, ms);
  });
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** An event stream over real HTTP: status and headers, and the body only when it is not a stream. */
async function callStream(request: InjectOptions) {
  const abort = new AbortController();
  const headers = { ...(request.headers as Record<string, string>) };
  delete headers['content-type'];
  const response = await fetch(`${baseUrl}${request.url}`, { headers, signal: abort.signal });
  const contentType = response.headers.get('content-type') ?? '';
  const body = contentType.startsWith('text/event-stream') ? '' : await response.text();
  abort.abort();
  return {
    statusCode: response.status,
    headers: { 'content-type': contentType },
    body,
    json: () => JSON.parse(body),
  };
}

describe('fuzzing', () => {
  it('has a fuzz spec for every route and none for a route that does not exist', () => {
    const specified = new Set(fuzzSpecs.map((s) => s.route));
    expect(
      routes.filter((r) => !specified.has(r)),
      'routes without a fuzz spec (tests/security/fuzz-specs.ts)',
    ).toEqual([]);
    expect(fuzzSpecs.map((s) => s.route).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it.each(fuzzSpecs.map((s) => [s.route, s] as const))(
    '%s: 2xx or 4xx {message}, and a 4xx changes nothing',
    async (_route, spec) => {
      // Each route starts from a small database, so checksums stay cheap however many inputs came before.
      await resetData(ctx.database);
      const world = await buildWorld(ctx);
      await spec.setup?.(ctx, world);
      let before = await tableChecksum(ctx.database);
      const result = await fc.check(
        fc.asyncProperty(inputArbitrary(spec, world), async (input) => {
          let mark = performance.now();
          const request = await toRequest(spec, world, input);
          // A throw-away caller was just inserted: that is set-up, not the request's doing.
          if (spec.disposableIdentity) before = await tableChecksum(ctx.database);
          phaseMs.build += performance.now() - mark;
          mark = performance.now();
          const response = spec.stream
            ? await answeredWithin(ANSWER_DEADLINE_MS, callStream(request), request)
            : await answeredWithin(ANSWER_DEADLINE_MS, ctx.app.inject(request), request);
          phaseMs.call += performance.now() - mark;
          inputs++;
          perRoute[spec.route] = (perRoute[spec.route] ?? 0) + 1;
          const bucket = `${Math.floor(response.statusCode / 100)}xx`;
          statusTally[bucket] = (statusTally[bucket] ?? 0) + 1;
          const where = `${request.method} ${String(request.url).slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          mark = performance.now();
          // Work a route starts after answering (a reset link) belongs to this call, not the next.
          await ctx.app.backgroundWork.settled();
          const after = await tableChecksum(ctx.database);
          phaseMs.checksum += performance.now() - mark;
          if (response.statusCode >= 400) {
            expect(response.headers['content-type'], where).toMatch(/^application\/json/);
            const parsed = response.json();
            expect(typeof parsed.message, where).toBe('string');
            expect(parsed.message.length, where).toBeGreaterThan(0);
            expect(Object.keys(parsed), where).toEqual(['message', 'code']);
            expect(changedTables(before, after), `${where}: a refused request changed data`).toEqual([]);
          }
          before = after;
        }),
        {
          numRuns: RUNS,
          endOnFailure: true,
          // Replays a reported failure: its seed and path (the failure message prints both).
          ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED), path: process.env.FUZZ_PATH } : {}),
        },
      );
      if (result.failed) {
        // fast-check's own report prints the whole counterexample, which can be megabytes of input.
        const cause =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        throw new Error(
          `fuzz failure after ${result.numRuns} inputs (replay it with FUZZ_SEED=${result.seed} FUZZ_PATH=${result.counterexamplePath} and -t on the route):\n${cause.slice(0, 1500)}\ninput: ${JSON.stringify(result.counterexample).slice(0, 1500)}`,
        );
      }
      // Still alive and answering.
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // Nothing leaked onto shared prototypes.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    },
  );
});

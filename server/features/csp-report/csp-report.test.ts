import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changedTables, tableChecksum } from '../../../tests/support/db-checksum';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/test-app';

const LIMIT = 5;
const lines: string[] = [];
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  drop = created.drop;
  const base = loadConfig({ ...process.env, DATA_DIR: ':memory:', NODE_ENV: 'test' });
  app = await buildApp({
    config: {
      ...base,
      logLevel: 'warn',
      webDist: '/nonexistent',
      databaseUrl: undefined,
      // Per-instance counters: a shared Redis would carry counts over from other runs.
      redisUrl: undefined,
      rateLimits: { ...base.rateLimits, cspReportsPerIp: LIMIT, cspReportWindowSeconds: 60 },
    },
    database,
    closeDatabase: false,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});
beforeEach(() => {
  lines.length = 0;
});

let nextIp = 1;
/** Each test reports from its own address, so the per-IP budget of one does not spill into the next. */
const freshIp = () => `198.51.100.${nextIp++}`;

const report = (payload: unknown, contentType: string, ip: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/csp-report',
    remoteAddress: ip,
    headers: { 'content-type': contentType, ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  } as InjectOptions);

/** The violations logged since the test began. */
const violations = () =>
  lines
    .map((line) => JSON.parse(line) as { level: number; msg: string; cspViolation?: Record<string, unknown> })
    .filter((entry) => entry.msg === 'CSP violation');

/** What Chromium sends for `report-uri` (one violation per request). */
const legacyReport = {
  'csp-report': {
    'document-uri': 'http://localhost:3000/session/abc?redirect=/secret#frag',
    referrer: 'http://localhost:3000/login?token=nope',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; script-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 7,
    'source-file': 'http://localhost:3000/session/abc?x=1',
    'status-code': 200,
    'script-sample': 'window.steal(document.cookie)',
  },
};

/** What Chromium sends through the Reporting API (`report-to`): a batch. */
const reportingBatch = [
  {
    age: 10,
    type: 'csp-violation',
    url: 'http://localhost:3000/explore',
    user_agent: 'Mozilla/5.0',
    body: {
      blockedURL: 'eval',
      columnNumber: 3,
      disposition: 'enforce',
      documentURL: 'http://localhost:3000/explore?q=private+search',
      effectiveDirective: 'script-src',
      lineNumber: 1,
      originalPolicy: "default-src 'self'",
      referrer: '',
      sample: '',
      sourceFile: 'http://localhost:3000/assets/index-abc.js',
      statusCode: 200,
    },
  },
  {
    age: 11,
    type: 'csp-violation',
    url: 'http://localhost:3000/',
    user_agent: 'Mozilla/5.0',
    body: {
      blockedURL: 'https://evil.example/x.js?leak=1',
      disposition: 'enforce',
      documentURL: 'http://localhost:3000/',
      effectiveDirective: 'script-src-elem',
      statusCode: 200,
    },
  },
  // Other report types are not ours to log.
  { age: 1, type: 'deprecation', url: 'http://localhost:3000/', user_agent: 'x', body: { id: 'x', message: 'y' } },
];

describe('POST /api/csp-report', () => {
  it('logs a report-uri violation at warn level, URLs without query or fragment, and answers 204; no table changes', async () => {
    const before = await tableChecksum(database);
    const response = await report(legacyReport, 'application/csp-report', freshIp());
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect(violations()).toEqual([
      expect.objectContaining({
        level: 40,
        cspViolation: {
          documentUrl: 'http://localhost:3000/session/abc',
          blockedUrl: 'inline',
          directive: 'script-src-elem',
          disposition: 'enforce',
          sourceFile: 'http://localhost:3000/session/abc',
          line: 12,
          column: 7,
          sample: 'window.steal(document.cookie)',
        },
      }),
    ]);
    // Neither the referrer (another page's query) nor the whole policy goes into the log.
    expect(lines.join('\n')).not.toMatch(/token=nope|original|redirect=\/secret|#frag/);
    expect(changedTables(before, await tableChecksum(database))).toEqual([]);
  });

  it('logs every csp-violation of a Reporting API batch (application/reports+json) and skips other types', async () => {
    const response = await report(reportingBatch, 'application/reports+json', freshIp());
    expect(response.statusCode, response.body).toBe(204);
    expect(violations().map((v) => v.cspViolation)).toEqual([
      {
        documentUrl: 'http://localhost:3000/explore',
        blockedUrl: 'eval',
        directive: 'script-src',
        disposition: 'enforce',
        sourceFile: 'http://localhost:3000/assets/index-abc.js',
        line: 1,
        column: 3,
      },
      {
        documentUrl: 'http://localhost:3000/',
        blockedUrl: 'https://evil.example/x.js',
        directive: 'script-src-elem',
        disposition: 'enforce',
      },
    ]);
  });

  it('cleans what it logs: control characters out, long texts cut, unknown fields dropped, at most 20 per batch', async () => {
    const hostile = {
      'csp-report': {
        'document-uri': `http://localhost:3000/${'a'.repeat(2000)}`,
        'violated-directive': 'script-src\n{"level":60,"msg":"forged"}',
        'blocked-uri': 'inline\u0007\u001b[31m\u202e',
        'script-sample': 'x'.repeat(500),
        'line-number': 'twelve',
        'column-number': -1,
        'status-code': 1e300,
        disposition: 'enforce\r\nfake: header',
        extra: 'not logged',
      },
    };
    const response = await report(hostile, 'application/csp-report', freshIp());
    expect(response.statusCode, response.body).toBe(204);
    const [logged] = violations();
    const v = logged!.cspViolation!;
    expect(Object.keys(v).sort()).toEqual(['blockedUrl', 'directive', 'disposition', 'documentUrl', 'sample']);
    expect(v.directive).toBe('script-src {"level":60,"msg":"forged"}');
    expect(v.blockedUrl).toBe('inline [31m ');
    expect(v.disposition).toBe('enforce fake: header');
    expect(String(v.documentUrl).length).toBeLessThanOrEqual(201);
    expect(String(v.sample).length).toBeLessThanOrEqual(81);
    expect(lines.filter((line) => line.includes('"forged"') && !line.includes('CSP violation'))).toEqual([]);

    const many = Array.from({ length: 30 }, () => reportingBatch[0]);
    lines.length = 0;
    expect((await report(many, 'application/reports+json', freshIp())).statusCode).toBe(204);
    expect(violations()).toHaveLength(20);
  });

  it('takes the same report as application/json; a charset parameter is fine', async () => {
    const ip = freshIp();
    expect((await report(legacyReport, 'application/json', ip)).statusCode).toBe(204);
    expect((await report(legacyReport, 'application/csp-report; charset=utf-8', ip)).statusCode).toBe(204);
    expect(violations()).toHaveLength(2);
  });

  it.each([
    ['not JSON', '{"csp-report":', 'application/csp-report', 400, 'Request body is not valid JSON'],
    ['an empty body', '', 'application/reports+json', 400, 'Request body is empty'],
    ['JSON that is not a report', { hello: 'world' }, 'application/csp-report', 400, 'Not a CSP report'],
    [
      'a report with extra top-level fields',
      { ...legacyReport, x: 1 },
      'application/csp-report',
      400,
      'Not a CSP report',
    ],
    ['a report that is not an object', { 'csp-report': 'x' }, 'application/csp-report', 400, 'Not a CSP report'],
    ['a batch that is not a list', { type: 'csp-violation' }, 'application/reports+json', 400, 'Not a CSP report'],
    ['a batch of non-objects', [1, 'two'], 'application/reports+json', 400, 'Not a CSP report'],
    [
      'a body over 16 KB',
      { 'csp-report': { sample: 'x'.repeat(17_000) } },
      'application/csp-report',
      413,
      'Request body is too large',
    ],
    ['a form body', 'csp-report=x', 'application/x-www-form-urlencoded', 415, 'Unsupported content type'],
    ['a text body', '{}', 'text/plain', 415, 'Unsupported content type'],
    [
      'a prototype-poisoning body',
      '{"csp-report":{},"__proto__":{"polluted":1}}',
      'application/csp-report',
      400,
      'Request body is not valid JSON',
    ],
  ] as const)(
    'refuses %s with a 4xx {message}, logs nothing and changes nothing',
    async (_name, payload, type, status, message) => {
      const before = await tableChecksum(database);
      const response = await report(payload, type, freshIp());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ message, code: expect.any(String) });
      expect(violations()).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(changedTables(before, await tableChecksum(database))).toEqual([]);
    },
  );

  it('refuses reports from another site (403) like every other write', async () => {
    const response = await report(legacyReport, 'application/csp-report', freshIp(), {
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(violations()).toEqual([]);
  });

  it(`answers 429 with Retry-After past ${LIMIT} reports per IP in the window, logging nothing more; another IP is unaffected`, async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) {
      expect((await report(legacyReport, 'application/csp-report', ip)).statusCode).toBe(204);
    }
    // Bad bodies count too: the budget is spent before the body is read.
    const limited = await report('{"csp-report":', 'application/csp-report', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Object.keys(limited.json())).toEqual(['message', 'code']);
    const again = await report(legacyReport, 'application/csp-report', ip);
    expect(again.statusCode).toBe(429);
    expect(violations()).toHaveLength(LIMIT);
    expect((await report(legacyReport, 'application/csp-report', freshIp())).statusCode).toBe(204);
  });
});

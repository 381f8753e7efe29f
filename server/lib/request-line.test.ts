import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logsInfo, type RequestLine, requestIdGenerator, requestLineFormatter } from './request-line';

/** The line pino writes for these fields from a request's child logger, as the request log did before decision 156. */
function pinoLine(base: Record<string, unknown>, { reqId, ...fields }: RequestLine): string {
  const lines: string[] = [];
  const logger = pino({ base }, { write: (line: string) => void lines.push(line) });
  logger.child({ reqId }).info(fields, 'request completed');
  return lines[0]!;
}

/** The time apart: the two lines are written at different milliseconds. */
const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

describe('requestLineFormatter', () => {
  const base = { pid: 4242, hostname: 'web-1' };
  const cases: RequestLine[] = [
    {
      reqId: '0d386d31-4df8-4194-8d52-c429d1c0d439',
      method: 'GET',
      route: '/api/sessions/:id',
      statusCode: 200,
      responseTime: 0.04,
      userId: '907587a5-006d-4049-a494-faedd3ef23fb',
    },
    // No route matched, no user: `route` is null and there is no `userId` key.
    { reqId: 'r-2', method: 'GET', route: null, statusCode: 404, responseTime: 12.5 },
    // Text that JSON must escape stays valid JSON.
    { reqId: 'r-"3"\n', method: 'PATCH', route: '/api/x/"quoted"\\', statusCode: 500, responseTime: 1234.56 },
  ];

  it('writes byte for byte the line pino writes, time apart', () => {
    const format = requestLineFormatter(base);
    for (const line of cases) expect(withoutTime(format(line))).toBe(withoutTime(pinoLine(base, line)));
  });

  it('writes the time of the moment it is formatted, and no bindings when the logger has none', () => {
    const before = Date.now();
    const line = JSON.parse(requestLineFormatter({})(cases[1]!)) as Record<string, unknown>;
    expect(line.time).toBeGreaterThanOrEqual(before);
    expect(line.time).toBeLessThanOrEqual(Date.now());
    expect(Object.keys(line)).toEqual([
      'level',
      'time',
      'reqId',
      'method',
      'route',
      'statusCode',
      'responseTime',
      'msg',
    ]);
    expect(withoutTime(requestLineFormatter({})(cases[1]!))).toBe(withoutTime(pinoLine({}, cases[1]!)));
    // Bindings whose values are all undefined are left out, as pino leaves them out.
    const undefinedBase = { hostname: undefined };
    expect(withoutTime(requestLineFormatter(undefinedBase)(cases[1]!))).toBe(
      withoutTime(pinoLine(undefinedBase, cases[1]!)),
    );
  });
});

describe('logsInfo', () => {
  it('says whether a logger at its level writes info lines, as pino decides', () => {
    for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']) {
      expect(logsInfo({ level }), level).toBe(pino({ level }).isLevelEnabled('info'));
    }
  });
});

describe('requestIdGenerator', () => {
  it('gives every request of a process its own id, and no two processes the same ones', () => {
    const first = requestIdGenerator();
    const second = requestIdGenerator();
    const ids = Array.from({ length: 5000 }, () => first());
    expect(new Set(ids).size).toBe(ids.length);
    // Short and URL-safe: a random prefix of the process, a dash, a base-36 counter.
    for (const id of ids) expect(id).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    const prefixOf = (id: string) => id.slice(0, 8);
    expect(new Set(ids.map(prefixOf)).size).toBe(1);
    const others = Array.from({ length: 5000 }, () => second());
    expect(prefixOf(others[0]!)).not.toBe(prefixOf(ids[0]!));
    const seen = new Set(ids);
    expect(others.filter((id) => seen.has(id))).toEqual([]);
  });
});

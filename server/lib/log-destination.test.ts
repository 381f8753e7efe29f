import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { batchedLogDestination } from './log-destination';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-log-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function logger(name: string, options?: { batchBytes?: number; flushEveryMs?: number }) {
  const file = path.join(folder, name);
  const destination = batchedLogDestination(file, { flushEveryMs: 60_000, ...options });
  const log = pino({ level: 'info', base: undefined }, destination);
  const written = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  const messages = () =>
    written()
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
  return { log, destination, messages, written };
}

describe('batched log destination (decision 142)', () => {
  it('keeps info lines until a warning, then writes them all in order, the warning last', () => {
    const { log, messages } = logger('warn.log');
    log.info('first');
    log.info('second');
    expect(messages()).toEqual([]);
    log.warn('trouble');
    expect(messages()).toEqual(['first', 'second', 'trouble']);
    log.info('after');
    expect(messages()).toEqual(['first', 'second', 'trouble']);
    log.error('worse');
    expect(messages()).toEqual(['first', 'second', 'trouble', 'after', 'worse']);
  });

  it('writes a batch once it reaches its size, without waiting', () => {
    const { log, messages, written } = logger('size.log', { batchBytes: 1000 });
    let sent = 0;
    let lines = 0;
    while (written() === '') {
      const line = `line ${lines} ${'x'.repeat(80)}`;
      log.info(line);
      sent += Buffer.byteLength(JSON.stringify({ level: 30, time: Date.now(), msg: line })) + 1;
      lines++;
      if (lines < 5) expect(written()).toBe('');
    }
    // Written by the line that took the batch to 1,000 bytes, all of it, in order.
    expect(sent).toBeGreaterThanOrEqual(1000);
    expect(sent).toBeLessThan(1200);
    expect(messages()).toHaveLength(lines);
    expect(messages()[0]).toMatch(/^line 0 /);
  });

  it("writes a quiet server's lines within its flush interval", async () => {
    const { log, messages } = logger('quiet.log', { flushEveryMs: 50 });
    log.info('alone');
    expect(messages()).toEqual([]);
    await expect.poll(messages, { timeout: 2000, interval: 20 }).toEqual(['alone']);
  });

  it("a process's batched stdout lines are written when it exits", () => {
    const script = [
      "import pino from 'pino';",
      "import { stdoutLogDestination } from './server/lib/log-destination.ts';",
      'const log = pino({ base: undefined }, stdoutLogDestination());',
      "log.info('before exit');",
      'process.exit(0);',
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
    });
    expect(child.status, child.stderr).toBe(0);
    expect(child.stdout).toContain('"msg":"before exit"');
  });

  it('flush writes what is batched at once', () => {
    const { log, destination, messages } = logger('flush.log');
    log.info('kept');
    destination.flush();
    expect(messages()).toEqual(['kept']);
  });
});

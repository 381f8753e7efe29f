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

/** Long enough for a background write that was started to land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
const poll = { timeout: 2000, interval: 10 };

describe('batched log destination (decision 142)', () => {
  it('keeps info lines until a warning, then writes them all in order, the warning last', async () => {
    const { log, messages } = logger('warn.log');
    log.info('first');
    log.info('second');
    await settle();
    expect(messages()).toEqual([]);
    log.warn('trouble');
    await expect.poll(messages, poll).toEqual(['first', 'second', 'trouble']);
    await settle();
    log.info('after');
    await settle();
    expect(messages()).toEqual(['first', 'second', 'trouble']);
    log.error('worse');
    await expect.poll(messages, poll).toEqual(['first', 'second', 'trouble', 'after', 'worse']);
  });

  it("a line written with its level (the request lines, decision 156) is batched or urgent by that level, not pino's last", async () => {
    const { log, destination, messages } = logger('level.log');
    log.warn('trouble');
    await expect.poll(messages, poll).toEqual(['trouble']);
    // pino's last line was a warning; an info line given its own level still waits for its batch.
    destination.write(`${JSON.stringify({ level: 30, msg: 'request' })}\n`, 30);
    await settle();
    expect(messages()).toEqual(['trouble']);
    destination.write(`${JSON.stringify({ level: 40, msg: 'direct warning' })}\n`, 40);
    await expect.poll(messages, poll).toEqual(['trouble', 'request', 'direct warning']);
  });

  it('a warning logged while a write is under way is written right after it, not a second later', async () => {
    const { log, messages } = logger('busy.log', { batchBytes: 200 });
    // A whole batch starts a background write; the warning comes while it is under way.
    for (let i = 0; i < 3; i++) log.info(`line ${i} ${'x'.repeat(80)}`);
    log.warn('during');
    await expect
      .poll(messages, poll)
      .toEqual(['line 0', 'line 1', 'line 2', 'during'].map((m, i) => (i < 3 ? `${m} ${'x'.repeat(80)}` : m)));
  });

  it('writes a batch once it reaches its size, without waiting', async () => {
    const { log, messages } = logger('size.log', { batchBytes: 1000 });
    for (let i = 0; i < 5; i++) log.info(`line ${i} ${'x'.repeat(80)}`);
    await settle();
    expect(messages()).toEqual([]);
    for (let i = 5; i < 12; i++) log.info(`line ${i} ${'x'.repeat(80)}`);
    // About 125 bytes a line: the batch reached 1,000 bytes at the eighth line.
    await expect.poll(() => messages().length, poll).toBeGreaterThanOrEqual(8);
    expect(messages()[0]).toMatch(/^line 0 /);
  });

  it("writes a quiet server's lines within its flush interval", async () => {
    const { log, messages } = logger('quiet.log', { flushEveryMs: 50 });
    log.info('alone');
    expect(messages()).toEqual([]);
    await expect.poll(messages, poll).toEqual(['alone']);
  });

  it('flush writes what is batched and says when it is written', async () => {
    const { log, destination, messages } = logger('flush.log');
    log.info('kept');
    await new Promise<void>((resolve, reject) => destination.flush((error) => (error ? reject(error) : resolve())));
    expect(messages()).toEqual(['kept']);
  });

  it('flush answers at once with nothing batched, and after the write under way when asked during it', async () => {
    const { log, destination, messages } = logger('flush-during.log', { batchBytes: 200 });
    await new Promise<void>((resolve) => destination.flush(() => resolve()));
    for (let i = 0; i < 3; i++) log.info(`line ${i} ${'x'.repeat(80)}`);
    // The batch is being written now; the flush comes during it.
    await new Promise<void>((resolve) => destination.flush(() => resolve()));
    expect(messages()).toHaveLength(3);
  });

  it('a flush callback that logs warnings keeps one write at a time and every line in order', async () => {
    const { log, destination, messages } = logger('reentrant.log');
    log.info('first');
    await new Promise<void>((resolve) =>
      destination.flush(() => {
        log.warn('from the callback 1');
        log.warn('from the callback 2');
        log.warn('from the callback 3');
        resolve();
      }),
    );
    await expect
      .poll(messages, poll)
      .toEqual(['first', 'from the callback 1', 'from the callback 2', 'from the callback 3']);
  });

  it('a log that cannot be written drops its batch, answers flushes with the error and keeps the process up', async () => {
    const file = path.join(folder, 'closed.log');
    fs.writeFileSync(file, '');
    // Opened for reading only: every write fails (EBADF).
    const destination = batchedLogDestination(fs.openSync(file, 'r'), { flushEveryMs: 60_000 });
    const log = pino({ level: 'info', base: undefined }, destination);
    log.info('lost');
    const error = await new Promise<Error | null | undefined>((resolve) => destination.flush(resolve));
    expect(error).toBeInstanceOf(Error);
    log.info('also lost');
    await new Promise((resolve) => destination.flush(resolve));
    expect(fs.readFileSync(file, 'utf8')).toBe('');
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
});

import fs from 'node:fs';

/**
 * A batch is written once it holds this much…: each write is a hand-off to the thread pool and
 * back, so fewer, larger writes leave more of the core to the requests (decision 158).
 */
const BATCH_BYTES = 32 * 1024;
/** …or after this long, so a quiet server's lines still show up within a second. */
const FLUSH_EVERY_MS = 1000;
/** pino's level numbers: warnings and worse are written at once (decision 142). */
const WARN = 40;
/** How long a write the file refused for now (a full pipe: EAGAIN) waits before it is tried again. */
const RETRY_BUSY_MS = 10;

export interface LogDestination {
  /** `level`: pino's number for the line's level; pino's own writes leave it out and set `lastLevel` instead. */
  write(line: string, level?: number): void;
  /** Writes what is batched now; `done` once it is written. */
  flush(done?: (error?: Error | null) => void): void;
}

/** Destinations with lines still batched when the process exits: written then, synchronously. */
const open = new Set<() => void>();
process.once('exit', () => {
  for (const writeNow of open) writeNow();
});

/**
 * Where the server's JSON log lines go (decisions 142, 154): `dest` (a file descriptor or path),
 * written in the background, in batches. Request lines wait for a batch of 32 KB or at most a
 * second; a warning or an error starts a write at once, of itself and of everything batched
 * before it, in order. One write at a time, so lines reach the file in the order they were
 * logged; what is batched when the process exits is written synchronously then (a batch the
 * thread pool is writing at that moment may be cut short, as with pino's own writer).
 *
 * Not pino's own writer (sonic-boom): it measures the byte length of the whole batch it appends
 * to on every line, which at a few thousand lines a second was the largest single cost of a
 * cached read (decision 154). Here a line costs an array push; a batch is joined once.
 */
export function batchedLogDestination(
  dest: number | string,
  { batchBytes = BATCH_BYTES, flushEveryMs = FLUSH_EVERY_MS } = {},
): LogDestination {
  const fd = typeof dest === 'number' ? dest : fs.openSync(dest, 'a');
  let lines: string[] = [];
  /** Characters batched: the batch's size in bytes for ASCII lines, a little under it otherwise. */
  let size = 0;
  let writing = false;
  /** A warning, an error or a flush is waiting: the next batch goes as soon as the file is free. */
  let urgent = false;
  /** Flushes waiting for everything batched before them to be written. */
  let flushed: ((error?: Error | null) => void)[] = [];

  /** The flushes asked for so far, taken to be called. */
  const takeFlushed = () => {
    const waiting = flushed;
    flushed = [];
    return waiting;
  };
  /** The lines batched, as one buffer to write; the batch starts again empty. */
  const takeLines = () => {
    const chunk = Buffer.from(lines.join(''));
    lines = [];
    size = 0;
    return chunk;
  };
  /** What is left of a batch whose write the file refused for now (`EAGAIN`), until it is tried again. */
  let waitingForRetry: Buffer | null = null;

  const writeBatch = () => {
    const chunk = takeLines();
    // The flushes asked for before this batch: done once it is written.
    const waiting = takeFlushed();
    urgent = false;
    writing = true;
    const writeFrom = (offset: number) => {
      fs.write(fd, chunk, offset, chunk.length - offset, null, (error, written) => {
        if (error && (error.code === 'EAGAIN' || error.code === 'EBUSY')) {
          waitingForRetry = chunk.subarray(offset);
          setTimeout(() => {
            if (waitingForRetry === null) return; // written at exit
            waitingForRetry = null;
            writeFrom(offset);
          }, RETRY_BUSY_MS);
          return;
        }
        if (!error && offset + written < chunk.length) {
          writeFrom(offset + written);
          return;
        }
        // A log that cannot be written (a closed pipe) loses this batch and keeps the server up.
        writing = false;
        // Flushes asked for during the write: with nothing batched since, this write was theirs.
        const theirs = lines.length === 0 ? takeFlushed() : [];
        if (lines.length === 0) urgent = false;
        else if (urgent || size >= batchBytes) writeBatch();
        // Last: a callback that logs again finds the file busy or free as it really is.
        for (const done of [...waiting, ...theirs]) done(error);
      });
    };
    writeFrom(0);
  };

  /** Synchronously, at exit: a batch waiting to be tried again, then what is batched. */
  const writeNow = () => {
    const chunks = [waitingForRetry, lines.length > 0 ? takeLines() : null];
    waitingForRetry = null;
    for (const chunk of chunks) {
      if (!chunk) continue;
      // A full pipe is waited for, up to a second in all: the process is ending.
      for (let offset = 0, busy = 0; offset < chunk.length; ) {
        try {
          offset += fs.writeSync(fd, chunk, offset);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if ((code !== 'EAGAIN' && code !== 'EBUSY') || ++busy > 1000 / RETRY_BUSY_MS) return;
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_BUSY_MS);
        }
      }
    }
  };
  open.add(writeNow);

  const timer = setInterval(() => {
    if (!writing && lines.length > 0) writeBatch();
  }, flushEveryMs);
  timer.unref();

  return {
    // pino sets `lastLevel` before each write when the stream asks for it.
    [Symbol.for('pino.metadata')]: true,
    lastLevel: 0,
    write(this: { lastLevel: number }, line: string, level = this.lastLevel) {
      lines.push(line);
      size += line.length;
      if (level >= WARN) urgent = true;
      if (!writing && (urgent || size >= batchBytes)) writeBatch();
    },
    flush(done?: (error?: Error | null) => void) {
      if (done) flushed.push(done);
      if (writing) urgent = true;
      else if (lines.length > 0) writeBatch();
      else for (const waiting of takeFlushed()) waiting(null);
    },
  } as LogDestination;
}

let stdout: LogDestination | null = null;

/** The process's one batched stdout: every app built in this process writes its lines through it. */
export function stdoutLogDestination(): LogDestination {
  stdout ??= batchedLogDestination(1);
  return stdout;
}

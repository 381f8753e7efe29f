import pino from 'pino';

/** A batch is written once it holds this much… */
const BATCH_BYTES = 4096;
/** …or after this long, so a quiet server's lines still show up within a second. */
const FLUSH_EVERY_MS = 1000;
/** pino's level numbers: warnings and worse are written at once (decision 142). */
const WARN = 40;

export interface LogDestination {
  write(line: string): void;
  /** Writes what is batched now; `done` once it is written. */
  flush(done?: (error?: Error | null) => void): void;
}

/**
 * Where the server's JSON log lines go (decision 142): `dest` (a file descriptor or path) through
 * pino's own writer, sonic-boom, in the background as pino's default destination writes, but in
 * batches. Request lines wait for a batch of 4 KB or at most a second (sonic-boom's `minLength`
 * and `periodicFlush`); a warning or an error starts a write at once, of itself and of everything
 * batched before it, in order. pino writes what is left when the process exits.
 */
export function batchedLogDestination(
  dest: number | string,
  { batchBytes = BATCH_BYTES, flushEveryMs = FLUSH_EVERY_MS } = {},
): LogDestination {
  const out = pino.destination({ dest, sync: false, minLength: batchBytes, periodicFlush: flushEveryMs });
  // A warning that arrived while a write was under way is written as soon as that write is done
  // (sonic-boom itself then writes on only once a whole batch is waiting).
  let urgent = false;
  let unwritten = 0;
  out.on('write', (bytes: number) => {
    unwritten -= bytes;
  });
  out.on('drain', () => {
    if (!urgent) return;
    urgent = false;
    if (unwritten > 0) out.flush();
  });
  return {
    // pino sets `lastLevel` before each write when the stream asks for it.
    [Symbol.for('pino.metadata')]: true,
    lastLevel: 0,
    write(this: { lastLevel: number }, line: string) {
      out.write(line);
      unwritten += Buffer.byteLength(line);
      if (this.lastLevel < WARN) return;
      urgent = true;
      out.flush();
    },
    flush(done?: (error?: Error | null) => void) {
      out.flush(done ? (error) => done(error) : undefined);
    },
  } as LogDestination;
}

let stdout: LogDestination | null = null;

/** The process's one batched stdout: every app built in this process writes its lines through it. */
export function stdoutLogDestination(): LogDestination {
  stdout ??= batchedLogDestination(1);
  return stdout;
}

import pino from 'pino';

/** A batch is written once it holds this much (a tenth of a pipe's buffer)… */
const BATCH_BYTES = 4096;
/** …or after this long, so a quiet server's lines still show up within a second. */
const FLUSH_EVERY_MS = 1000;
/** pino's level numbers: warnings and worse are written at once (decision 142). */
const WARN = 40;

export interface LogDestination {
  write(line: string): void;
  /** Writes what is batched, now. */
  flush(): void;
}

/**
 * Where the server's JSON log lines go (decision 142): `dest` (a file descriptor or path) through pino's
 * own writer, sonic-boom, writing synchronously but in batches. Request lines wait for a batch of
 * 4 KB or at most a second; a warning or error is written at once, after the lines batched before
 * it, so the lines that explain a crash are out before it. The process's exit writes what is left.
 */
export function batchedLogDestination(
  dest: number | string,
  { batchBytes = BATCH_BYTES, flushEveryMs = FLUSH_EVERY_MS } = {},
): LogDestination {
  const out = pino.destination({ dest, sync: true, minLength: batchBytes });
  let pending = false;
  const flush = () => {
    if (!pending) return;
    pending = false;
    out.flush();
  };
  setInterval(flush, flushEveryMs).unref();
  process.once('exit', flush);
  return {
    // pino sets `lastLevel` before each write when the stream asks for it.
    [Symbol.for('pino.metadata')]: true,
    lastLevel: 0,
    write(this: { lastLevel: number }, line: string) {
      out.write(line);
      pending = true;
      if (this.lastLevel >= WARN) flush();
    },
    flush,
  } as LogDestination;
}

let stdout: LogDestination | null = null;

/** The process's one batched stdout: every app built in this process writes its lines through it. */
export function stdoutLogDestination(): LogDestination {
  stdout ??= batchedLogDestination(1);
  return stdout;
}

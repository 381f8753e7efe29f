import net from 'node:net';

/** What a raw connection saw: the bytes the server answered, and when and how it ended. */
export interface RawExchange {
  /** Everything the server wrote, as text. */
  response: string;
  /** Milliseconds from connecting until the connection closed (or the test gave up). */
  elapsedMs: number;
  /** True when the server ended the connection; false when the client gave up at `giveUpMs`. */
  closedByServer: boolean;
  /** Body bytes written before the connection closed. */
  bodyBytesSent: number;
}

export interface TrickleOptions {
  /** Bytes per write. */
  chunkSize: number;
  /** Pause between writes. */
  intervalMs: number;
  /** The client stops waiting (and closes) after this long. */
  giveUpMs: number;
}

/**
 * A client on a real socket, the way a slow or hostile one behaves: writes `head` at once (the
 * request head, and any body bytes meant to arrive with it), then `body` in `chunkSize` pieces
 * every `intervalMs`, and records what the server answers and whether (and when) the server
 * closes the connection. Never throws on a reset.
 */
export function trickle(port: number, head: string | Buffer, body: Buffer | string, options: TrickleOptions) {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return new Promise<RawExchange>((resolve) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    let sent = 0;
    let gaveUp = false;
    let pump: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      const next = () => {
        if (sent >= bytes.length || socket.destroyed || !socket.writable) return;
        const piece = bytes.subarray(sent, sent + options.chunkSize);
        sent += piece.length;
        socket.write(piece, () => {});
        pump = setTimeout(next, options.intervalMs);
      };
      pump = setTimeout(next, options.intervalMs);
    });
    const giveUp = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, options.giveUpMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    // A write racing the server's close ends in EPIPE or ECONNRESET: the close is what counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(pump);
      clearTimeout(giveUp);
      resolve({
        response: Buffer.concat(chunks).toString(),
        elapsedMs: performance.now() - started,
        closedByServer: !gaveUp,
        bodyBytesSent: sent,
      });
    });
  });
}

/** A request head (request line and headers, ending in the blank line) for `trickle`. */
export function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries({ host: 'localhost', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** A connection that is opened and then left alone; `close()` ends it. */
export async function openIdleConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    closed,
    close: () => {
      socket.destroy();
      return closed;
    },
  };
}

/**
 * A response read as it streams, over a bare socket (an event stream, say): sends a GET for
 * `path` as HTTP/`version` and keeps every byte the server writes (pause `socket` for a client
 * that stopped reading). Never throws on a reset.
 */
export function openRawStream(
  port: number,
  path: string,
  version: '1.0' | '1.1',
  headers: Record<string, string> = {},
) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.on('error', () => {});
  const parts: Buffer[] = [];
  socket.on('data', (data) => parts.push(data));
  const lines = Object.entries({ Host: '127.0.0.1', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(`GET ${path} HTTP/${version}\r\n${lines.join('')}\r\n`);
  const received = () => Buffer.concat(parts);
  return {
    socket,
    /** The response head, as text. */
    head: () => received().toString('latin1').split('\r\n\r\n')[0]!,
    /** The body's bytes so far, as sent (chunked or not). */
    body: () => {
      const all = received();
      return all.subarray(all.indexOf('\r\n\r\n', 0, 'latin1') + 4);
    },
  };
}

/** The payload of a chunked body so far, each chunk's declared size checked against its bytes. */
export function dechunk(body: Buffer): { payload: string; complete: boolean; wellFormed: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  let wellFormed = true;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at, 'latin1');
    if (lineEnd < 0) break;
    const sizeText = body.subarray(at, lineEnd).toString('latin1');
    const size = Number.parseInt(sizeText, 16);
    if (!/^[0-9a-f]+$/i.test(sizeText) || Number.isNaN(size)) {
      wellFormed = false;
      break;
    }
    const start = lineEnd + 2;
    if (body.length < start + size + 2) break;
    parts.push(body.subarray(start, start + size));
    if (body.subarray(start + size, start + size + 2).toString('latin1') !== '\r\n') {
      wellFormed = false;
      break;
    }
    at = start + size + 2;
  }
  return { payload: Buffer.concat(parts).toString('utf8'), complete: at === body.length, wellFormed };
}

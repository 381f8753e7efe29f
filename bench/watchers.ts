import net from 'node:net';

/**
 * Many open SSE channels from one process, as raw sockets: a fetch or EventSource per channel
 * would cost the load generator far more than the server, and the generator shares the two
 * cores with it. Each socket notes when a chunk containing `marker` arrives.
 */
export class Watchers {
  private readonly sockets: net.Socket[] = [];
  private arrivals: number[] = [];
  private marker = '';
  private expected = 0;
  private onAll: (() => void) | null = null;
  /** What each watcher does with an event it got (a browser tab's rule: bench/measure.ts). */
  onEvent: ((data: string) => void) | null = null;

  /** Opens `count` channels to `port` at `path`, `batch` at a time, each past its first (ready) chunk. */
  async open(port: number, path: string, count: number, batch = 250): Promise<void> {
    for (let start = 0; start < count; start += batch) {
      const opening: Promise<void>[] = [];
      for (let i = start; i < Math.min(count, start + batch); i++) opening.push(this.openOne(port, path));
      await Promise.all(opening);
    }
  }

  private openOne(port: number, path: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.setNoDelay(true);
      let ready = false;
      socket.on('connect', () => {
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
      });
      socket.on('data', (chunk) => {
        if (!ready) {
          if (chunk.includes('"ready"')) {
            ready = true;
            resolve();
          }
          return;
        }
        if (this.marker && chunk.includes(this.marker)) {
          this.arrivals.push(performance.now());
          const data = /^data: (.*)$/m.exec(chunk.toString())?.[1];
          if (data && this.onEvent) this.onEvent(data);
          if (this.arrivals.length === this.expected) this.onAll?.();
        }
      });
      socket.on('error', (error) => {
        if (!ready) reject(error);
      });
      this.sockets.push(socket);
    });
  }

  /** Resolves with every arrival time once all channels got a chunk with `marker`, or at the timeout. */
  expect(marker: string, timeoutMs = 30_000): { done: Promise<number[]> } {
    this.marker = marker;
    this.arrivals = [];
    this.expected = this.sockets.length;
    const done = new Promise<number[]>((resolve) => {
      const timer = setTimeout(() => resolve(this.arrivals), timeoutMs);
      this.onAll = () => {
        clearTimeout(timer);
        resolve(this.arrivals);
      };
    });
    return { done };
  }

  get size(): number {
    return this.sockets.length;
  }

  close(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.length = 0;
  }
}

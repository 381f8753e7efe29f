/** One message of an event stream, as EventSource would hand it over. */
export interface SseMessage {
  id: string | undefined;
  data: string;
  /** `data` parsed as JSON. */
  json: { type: string; [key: string]: unknown };
  receivedAt: number;
}

/**
 * A small Server-Sent Events client over fetch (tests and the benchmark): parses the stream
 * as a browser does, keeps every message, and waits for the ones a test expects.
 */
export class SseClient {
  readonly messages: SseMessage[] = [];
  lastEventId: string | undefined;
  status = 0;
  private readonly abort = new AbortController();
  private waiters: { test: (m: SseMessage) => boolean; resolve: (m: SseMessage) => void }[] = [];
  private done: Promise<void> = Promise.resolve();

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: client.abort.signal,
    });
    client.status = response.status;
    if (!response.ok || !response.body) {
      await response.text().catch(() => {});
      return client;
    }
    client.done = client.read(response.body);
    // `ready` is always first: once it is here the channel is registered.
    await client.next((m) => m.json.type === 'ready', 5000);
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let pending = '';
    let id: string | undefined;
    let event: string | undefined;
    let data: string[] = [];
    const reader = body.getReader();
    try {
      for (;;) {
        const { value: chunk, done } = await reader.read();
        if (done) break;
        pending += decoder.decode(chunk, { stream: true });
        let newline = pending.indexOf('\n');
        while (newline >= 0) {
          const line = pending.slice(0, newline).replace(/\r$/, '');
          pending = pending.slice(newline + 1);
          if (line === '') {
            if (data.length > 0) this.dispatch(id, event, data.join('\n'));
            id = undefined;
            event = undefined;
            data = [];
          } else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          else if (line.startsWith('id:')) id = line.slice(3).trim();
          else if (line.startsWith('event:')) event = line.slice(6).trim();
          newline = pending.indexOf('\n');
        }
      }
    } catch {
      // Aborted by close(), or the server ended the stream.
    }
  }

  private dispatch(id: string | undefined, event: string | undefined, data: string) {
    if (id !== undefined) this.lastEventId = id;
    let json: SseMessage['json'];
    try {
      json = JSON.parse(data);
    } catch {
      json = { type: 'unparsable' };
    }
    // A named event (the heartbeat's `ping`) is told apart by its name.
    if (event) json = { ...json, type: event };
    const message: SseMessage = { id, data, json, receivedAt: performance.now() };
    this.messages.push(message);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.test(message)) return true;
      waiter.resolve(message);
      return false;
    });
  }

  /** The first message (already received or coming) that passes the test. */
  next(test: (m: SseMessage) => boolean, timeoutMs = 3000): Promise<SseMessage> {
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(
          new Error(
            `no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.messages.map((m) => m.json))}`,
          ),
        );
      }, timeoutMs);
      const done = (m: SseMessage) => {
        clearTimeout(timer);
        resolve(m);
      };
      this.waiters.push({ test, resolve: done });
    });
  }

  /** Settles when the stream ends (the server closed it, or `close()`). */
  get ended(): Promise<void> {
    return this.done;
  }

  /** Events of this type received so far. */
  ofType(type: string): SseMessage[] {
    return this.messages.filter((m) => m.json.type === type);
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.done;
  }
}

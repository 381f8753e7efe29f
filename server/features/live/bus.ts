import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { LiveEvent } from '../../../contract/live';
import type { Db } from '../../db/client';

/** Who an event is for. Browsers only ever receive the event itself, never its audience. */
export type Audience =
  | { users: string[] }
  /** Watchers of one Shro, each already checked to be allowed to see it. */
  | { shro: string }
  /** Other instances only (cache invalidation). */
  | { servers: true };

/** One event as it travels the bus. */
export interface Envelope {
  /**
   * Position in the bus's one total order, shared by every instance (a Redis counter, or a
   * local counter on a single instance); null for an event delivered locally while Redis
   * was unreachable, which cannot be resumed (a `resync` follows once Redis is back).
   */
  id: number | null;
  event: LiveEvent;
  audience: Audience;
}

/** What services need: publish after their transaction committed. Never throws. */
export interface LivePublisher {
  publish(event: LiveEvent, audience: Audience): Promise<void>;
}

/**
 * What a service that publishes takes, always explicitly: its database and the bus. There is no
 * default bus, so no write can forget to publish (docs/decisions/091-shro-modules.md).
 */
export interface LiveDeps {
  db: Db;
  live: LivePublisher;
}

export interface EventBus extends LivePublisher {
  /** Every event once, in bus order, each instance seeing the same order. */
  subscribe(listener: (envelope: Envelope) => void): () => void;
  /**
   * Every event as early as possible: this instance's own before `publish` returns (so a read
   * right after a write on this instance is fresh), the others' on arrival. May repeat an event.
   */
  onInvalidate(listener: (event: LiveEvent) => void): () => void;
  /** Called when events may have been missed: Redis came back after an outage (see `floor`). */
  onGap(listener: () => void): () => void;
  /** Called when cross-instance delivery stops (Redis down): caches must stop trusting themselves. */
  onIncoherent(listener: () => void): () => void;
  /** True while every instance's invalidations reach this one (always true on a single instance). */
  readonly coherent: boolean;
  /** Events numbered up to this may never have reached this instance (before it started, or during an outage). */
  readonly floor: number;
  readonly kind: 'local' | 'redis';
  close(): Promise<void>;
}

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** The shared parts: listener lists with isolated failures. */
abstract class BaseBus implements EventBus {
  abstract readonly kind: 'local' | 'redis';
  abstract readonly coherent: boolean;
  abstract readonly floor: number;
  protected readonly emitter = new EventEmitter();

  constructor(protected readonly log: Log) {
    // Each SSE hub, cache and test adds one; none of them is a leak.
    this.emitter.setMaxListeners(0);
  }

  abstract publish(event: LiveEvent, audience: Audience): Promise<void>;
  abstract close(): Promise<void>;

  private on<T>(name: string, listener: (value: T) => void): () => void {
    const safe = (value: T) => {
      try {
        listener(value);
      } catch (error) {
        // One failing listener must not stop delivery to the others.
        this.log.warn({ err: error }, `live: ${name} listener failed`);
      }
    };
    this.emitter.on(name, safe);
    return () => this.emitter.off(name, safe);
  }

  subscribe(listener: (envelope: Envelope) => void) {
    return this.on('event', listener);
  }
  onInvalidate(listener: (event: LiveEvent) => void) {
    return this.on('invalidate', listener);
  }
  onGap(listener: () => void) {
    return this.on('gap', listener);
  }
  onIncoherent(listener: () => void) {
    return this.on('incoherent', listener);
  }

  protected deliver(envelope: Envelope): void {
    this.emitter.emit('invalidate', envelope.event);
    this.emitter.emit('event', envelope);
  }
}

/** One instance: an in-process emitter. Ids start at the boot time in µs, so they only grow across restarts. */
export class LocalBus extends BaseBus {
  readonly kind = 'local' as const;
  readonly coherent = true;
  /** Anything numbered before this boot is unknown here. */
  readonly floor = Date.now() * 1000;
  private lastId = this.floor;

  async publish(event: LiveEvent, audience: Audience): Promise<void> {
    this.deliver({ id: ++this.lastId, event, audience });
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Numbering and publishing in one atomic script: Redis runs scripts one at a time, so ids
 * increase in exactly the order every subscriber receives the messages, on every instance.
 */
const PUBLISH_SCRIPT = `
local id = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], id .. ' ' .. ARGV[2])
return id`;

type ScriptedRedis = Redis & { livePublish(key: string, channel: string, message: string): Promise<number> };

/** Longest a write waits for its own event to come back through Redis. */
const ECHO_WAIT_MS = 250;

/**
 * Several instances: events go through Redis pub/sub on a separate subscriber connection and
 * come back to every instance (this one included), so all of them deliver every event to
 * their own watchers in one order. While Redis is unreachable, publishing logs and delivers
 * locally so this instance keeps working; when Redis returns, a gap tells watchers to resync.
 */
export class RedisBus extends BaseBus {
  readonly kind = 'redis' as const;
  private ready = false;
  private connectedOnce = false;
  floor = Number.MAX_SAFE_INTEGER;
  private closed = false;
  private lastWarnAt = 0;
  private readonly publisher: ScriptedRedis;
  private readonly channel: string;
  private readonly sequenceKey: string;
  private lastReceived = 0;

  constructor(
    publisher: Redis,
    private readonly subscriber: Redis,
    log: Log,
    /** The subscriber's CLIENT SETNAME, for finding it in CLIENT LIST. */
    readonly subscriberName = '',
    /** Key prefix shared by the instances of one deployment (config.redisPrefix). */
    prefix = 'shro',
  ) {
    super(log);
    this.channel = `${prefix}:live`;
    this.sequenceKey = `${prefix}:live:seq`;
    publisher.defineCommand('livePublish', { numberOfKeys: 1, lua: PUBLISH_SCRIPT });
    this.publisher = publisher as ScriptedRedis;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
    subscriber.on('ready', () => void this.resubscribe());
    const lost = () => {
      if (!this.ready) return;
      this.ready = false;
      // Until the next subscription says otherwise, no resume can be trusted.
      this.floor = Number.MAX_SAFE_INTEGER;
      this.log.warn({}, 'live: Redis subscriber lost; caches bypassed and events delivered locally until it returns');
      this.emitter.emit('incoherent');
    };
    subscriber.on('close', lost);
    subscriber.on('end', lost);
    if (subscriber.status === 'ready') void this.resubscribe();
  }

  get coherent(): boolean {
    return this.ready;
  }

  /** Subscribes, then reads the counter: anything numbered up to it may have been missed here. */
  private async resubscribe(): Promise<void> {
    if (this.closed) return;
    try {
      await this.subscriber.subscribe(this.channel);
      const upTo = Number((await this.publisher.get(this.sequenceKey)) ?? 0);
      if (this.closed) return;
      const initial = !this.connectedOnce;
      this.connectedOnce = true;
      this.floor = upTo;
      this.ready = true;
      if (initial) return;
      this.log.info({ upTo }, 'live: Redis is back; watchers resync');
      this.emitter.emit('gap');
    } catch (error) {
      // The publisher connection may still be down; try again shortly.
      this.warn(error, 'live: resubscribe failed, retrying');
      setTimeout(() => {
        if (this.subscriber.status === 'ready') void this.resubscribe();
      }, 500).unref();
    }
  }

  /** Ids published here whose copy has not come back through the subscriber yet. */
  private readonly awaitingEcho = new Map<number, () => void>();

  private echoOf(id: number): Promise<void> {
    if (!Number.isSafeInteger(id) || id <= this.lastReceived) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.awaitingEcho.delete(id);
        resolve();
      };
      // Never hold a write up for long: a lost echo only costs this short wait.
      const timer = setTimeout(done, ECHO_WAIT_MS);
      this.awaitingEcho.set(id, done);
    });
  }

  private receive(message: string): void {
    const space = message.indexOf(' ');
    const id = Number(message.slice(0, space));
    let parsed: { event: LiveEvent; audience: Audience };
    try {
      parsed = JSON.parse(message.slice(space + 1));
    } catch {
      return;
    }
    if (!Number.isSafeInteger(id) || !parsed?.event?.type) return;
    this.deliver({ id, event: parsed.event, audience: parsed.audience });
    if (id > this.lastReceived) this.lastReceived = id;
    this.awaitingEcho.get(id)?.();
  }

  async publish(event: LiveEvent, audience: Audience): Promise<void> {
    // This instance forgets stale data before the write's response can leave.
    this.emitter.emit('invalidate', event);
    if (this.ready) {
      try {
        const id = await this.publisher.livePublish(
          this.sequenceKey,
          this.channel,
          JSON.stringify({ event, audience }),
        );
        // Redis writes the message to every subscriber before it answers. Waiting for our own copy
        // to come back gives the other instances the same time to apply it, so the write's
        // response (and whatever the client does next, on any instance) follows the invalidation.
        await this.echoOf(Number(id));
        return;
      } catch (error) {
        this.warn(error, 'live: publish through Redis failed; delivering locally');
      }
    } else {
      this.warn(null, 'live: Redis unavailable; delivering locally');
    }
    this.emitter.emit('event', { id: null, event, audience } satisfies Envelope);
  }

  /** At most one warning a second, so an outage does not flood the log. */
  private warn(error: unknown, message: string): void {
    const now = Date.now();
    if (now - this.lastWarnAt < 1000) return;
    this.lastWarnAt = now;
    this.log.warn({ err: error }, message);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.ready = false;
    for (const done of [...this.awaitingEcho.values()]) done();
    this.emitter.removeAllListeners();
    this.subscriber.disconnect();
  }
}

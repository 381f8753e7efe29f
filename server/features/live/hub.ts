import type { ServerResponse } from 'node:http';
import { type LiveControlMessage, SERVER_ONLY_EVENT_TYPES } from '../../../contract/live';
import type { Audience, Envelope, EventBus } from './bus';
import { isStateEnvelope, ShroEventCoalescer } from './coalesce';

/** One open SSE connection (one browser tab). */
export interface Channel {
  res: ServerResponse;
  userId: string | null;
  authSessionId: string | null;
  watches: string[];
  /** The creator of each watched Shro: a block between the viewer and a creator ends that watch. */
  watchedCreators: ReadonlyMap<string, string>;
}

/** What the hub needs from presence; kept out so the hub itself never touches the database. */
export interface PresenceHooks {
  /** The user's first channel on this instance opened (or they must be marked back online). */
  cameOnline(userId: string): Promise<void>;
  /** The user's last channel on this instance closed `since` and none came back within the grace time. */
  wentAway(userId: string, since: Date): Promise<void>;
  /** Heartbeat: these users still have open channels here. */
  stillHere(userIds: string[]): Promise<void>;
}

export interface HubOptions {
  /** Events kept for resuming: at most this many… */
  bufferSize: number;
  /** …and none older than this. */
  bufferMs: number;
  heartbeatMs: number;
  /** A tab reloading or moving to another Shro reconnects within this; friends see no flicker. */
  awayGraceMs: number;
  /** Open channels one signed-in user may hold on one instance (one per tab; more is abuse). */
  maxChannelsPerUser: number;
  /** A client this far behind (bytes queued) is cut off; it reconnects and resumes. */
  maxQueuedBytes: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  bufferSize: 1000,
  bufferMs: 2 * 60_000,
  heartbeatMs: 25_000,
  awayGraceMs: 5000,
  maxChannelsPerUser: 20,
  maxQueuedBytes: 256 * 1024,
};

interface Buffered {
  id: number;
  at: number;
  audience: Audience;
  frame: string;
}

type Log = { warn(obj: object, msg: string): void };

const serverOnly = new Set<string>(SERVER_ONLY_EVENT_TYPES);

/**
 * How long a block is remembered here: a channel whose watch was checked just before the block
 * committed, but registered only after its event arrived, still loses that watch when it opens.
 */
const RECENT_BLOCK_MS = 5 * 60_000;
const control = (message: LiveControlMessage) => `data: ${JSON.stringify(message)}\n\n`;
const RESYNC = control({ type: 'resync' });
const PING = 'event: ping\ndata: {}\n\n';

const CRLF = Buffer.from('\r\n', 'latin1');

/**
 * A frame as the HTTP/1.1 chunk that carries it on a channel (chunked transfer coding: the
 * length in hex, CRLF, the bytes, CRLF), encoded once for every channel it goes to. Frames are
 * never empty: an empty chunk would be the last one, and end the stream.
 */
export function chunkOf(frame: string): Buffer {
  const bytes = Buffer.from(frame, 'utf8');
  if (bytes.length === 0) throw new Error('an empty frame would end the stream');
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`, 'latin1'), bytes, CRLF]);
}

/** A frame to write, and its chunk once a channel needed it (then shared by every other). */
class Outgoing {
  private encoded: Buffer | undefined;
  constructor(readonly frame: string) {}
  get chunk(): Buffer {
    this.encoded ??= chunkOf(this.frame);
    return this.encoded;
  }
}

const isPair = (pair: { a: string; b: string }, x: string, y: string) =>
  (pair.a === x && pair.b === y) || (pair.a === y && pair.b === x);

function addTo<K>(index: Map<K, Set<Channel>>, key: K, channel: Channel) {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(channel);
}

function removeFrom<K>(index: Map<K, Set<Channel>>, key: K, channel: Channel): number {
  const set = index.get(key);
  if (!set) return 0;
  set.delete(channel);
  if (set.size === 0) index.delete(key);
  return set.size;
}

/**
 * This instance's open channels. It receives every bus event once, in the bus's order, keeps
 * the recent ones in a ring buffer for `Last-Event-ID` resumes (with Redis every instance sees
 * every event, so each buffer is complete), and writes each event, serialised once, to the
 * channels it is for: a user's own channels, or the watchers of a Shro. A Shro's state events
 * go out at most once per window each (decision 100: `ShroEventCoalescer`).
 */
export class LiveHub {
  private readonly channels = new Set<Channel>();
  private readonly byUser = new Map<string, Set<Channel>>();
  private readonly byShro = new Map<string, Set<Channel>>();
  private readonly buffer: Buffered[] = [];
  /** Newest id dropped from the buffer: a resume from before it may miss events. */
  private droppedUpTo = 0;
  private latestId = 0;
  private readonly awayTimers = new Map<string, NodeJS.Timeout>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: (() => void)[];
  private closing = false;
  /** Blocks seen in the last RECENT_BLOCK_MS, oldest first. */
  private recentBlocks: { a: string; b: string; at: number }[] = [];
  private readonly coalescer = new ShroEventCoalescer((envelope) => this.deliver(envelope));

  constructor(
    private readonly bus: EventBus,
    private readonly presence: PresenceHooks,
    private readonly log: Log,
    private readonly options: HubOptions = DEFAULT_HUB_OPTIONS,
  ) {
    this.unsubscribe = [
      bus.subscribe((envelope) => this.onEvent(envelope)),
      // Redis came back: whatever other instances published meanwhile never reached us.
      bus.onGap(() => this.broadcast(RESYNC)),
    ];
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.channels.size;
  }

  /** Whether this user may open another channel here. */
  hasRoomFor(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) < this.options.maxChannelsPerUser;
  }

  /**
   * Opens a channel whose response headers are written: replays what it missed since
   * `lastEventId` (or tells it to resync), then starts live delivery. Synchronous, so no event
   * can slip between the replay and the first live one.
   */
  open(channel: Channel, lastEventId: string | undefined): void {
    const { res } = channel;
    const { userId } = channel;
    if (userId) {
      this.pruneBlocks(Date.now());
      channel.watches = channel.watches.filter((shroId) => {
        const creatorId = channel.watchedCreators.get(shroId);
        return !creatorId || !this.recentBlocks.some((p) => isPair(p, userId, creatorId));
      });
    }
    res.write(`retry: 2000\n${control({ type: 'ready', watching: channel.watches })}`);
    if (lastEventId !== undefined) this.replay(channel, lastEventId);

    this.channels.add(channel);
    for (const shroId of channel.watches) addTo(this.byShro, shroId, channel);
    if (channel.userId) {
      const first = !this.byUser.has(channel.userId);
      addTo(this.byUser, channel.userId, channel);
      if (first) this.userArrived(channel.userId);
    }
    res.on('close', () => this.close(channel));
  }

  private replay(channel: Channel, lastEventId: string): void {
    this.prune(Date.now());
    const last = /^\d{1,16}$/.test(lastEventId) ? Number(lastEventId) : Number.NaN;
    const floor = Math.max(this.bus.floor, this.droppedUpTo);
    const known = Math.max(this.bus.floor, this.latestId);
    // Unparseable, from before what this instance can vouch for, or from another epoch
    // (a restart, a flushed Redis): the client refetches everything instead.
    if (!this.bus.coherent || Number.isNaN(last) || last < floor || last > known) {
      channel.res.write(RESYNC);
      return;
    }
    for (const entry of this.buffer) {
      if (entry.id > last && this.isFor(channel, entry.audience)) channel.res.write(entry.frame);
    }
  }

  /** Ends the channel (idempotent); the user's last one going starts the away grace timer. */
  close(channel: Channel): void {
    if (!this.channels.delete(channel)) return;
    for (const shroId of channel.watches) removeFrom(this.byShro, shroId, channel);
    if (channel.userId && removeFrom(this.byUser, channel.userId, channel) === 0) this.userLeft(channel.userId);
    if (!channel.res.writableEnded) channel.res.end();
  }

  private userArrived(userId: string) {
    const pending = this.awayTimers.get(userId);
    if (pending) {
      // Back within the grace time (a reload, another Shro): friends never saw them leave.
      clearTimeout(pending);
      this.awayTimers.delete(userId);
      return;
    }
    this.presence.cameOnline(userId).catch((error) => this.log.warn({ err: error }, 'live: presence update failed'));
  }

  private userLeft(userId: string) {
    if (this.closing) return;
    const since = new Date();
    const timer = setTimeout(() => {
      this.awayTimers.delete(userId);
      if (this.byUser.has(userId)) return;
      this.presence
        .wentAway(userId, since)
        .catch((error) => this.log.warn({ err: error }, 'live: presence update failed'));
    }, this.options.awayGraceMs);
    timer.unref();
    this.awayTimers.set(userId, timer);
  }

  private isFor(channel: Channel, audience: Audience): boolean {
    if ('users' in audience) return channel.userId !== null && audience.users.includes(channel.userId);
    if ('shro' in audience) return channel.watches.includes(audience.shro);
    return false;
  }

  /**
   * A block between two users (decision 104): each of them stops watching the other's Shros here,
   * silently (the blocked one is not told); a reload then finds those Shros not found.
   */
  private endWatchesBetween(a: string, b: string): void {
    const now = Date.now();
    this.pruneBlocks(now);
    this.recentBlocks.push({ a, b, at: now });
    for (const [viewerId, creatorId] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const channel of this.byUser.get(viewerId) ?? []) {
        const ended = channel.watches.filter((shroId) => channel.watchedCreators.get(shroId) === creatorId);
        if (ended.length === 0) continue;
        channel.watches = channel.watches.filter((shroId) => !ended.includes(shroId));
        for (const shroId of ended) removeFrom(this.byShro, shroId, channel);
      }
    }
  }

  private pruneBlocks(now: number): void {
    const from = this.recentBlocks.findIndex((p) => p.at >= now - RECENT_BLOCK_MS);
    if (from !== 0) this.recentBlocks = from < 0 ? [] : this.recentBlocks.slice(from);
  }

  private onEvent(envelope: Envelope): void {
    const { event, audience } = envelope;
    if (event.type === 'user.block.added') this.endWatchesBetween(event.blockerId, event.blockedId);
    if (event.type === 'auth.session.ended') {
      // Signed out (in another tab, on another instance): that tab's channel stops here.
      for (const channel of [...this.channels]) if (channel.authSessionId === event.authSessionId) this.close(channel);
    }
    if (event.type === 'presence.changed' && !event.online && this.byUser.has(event.userId)) {
      // Another instance saw this user's last channel there close, but they still have one here.
      this.presence.cameOnline(event.userId).catch(() => {});
    }
    if (serverOnly.has(event.type) || 'servers' in audience) return;
    // Known here even while the coalescer holds it back, so a tab resuming from it is not told to resync.
    if (envelope.id !== null) this.latestId = Math.max(this.latestId, envelope.id);
    if (isStateEnvelope(envelope)) {
      this.coalescer.offer(envelope);
      return;
    }
    if (event.type === 'shro.deleted') this.coalescer.forget(event.shroId);
    this.deliver(envelope);
  }

  /** Buffers the event for resumes and writes it, serialised once, to the channels it is for. */
  private deliver(envelope: Envelope): void {
    const { event, audience } = envelope;
    const frame = `${envelope.id === null ? '' : `id: ${envelope.id}\n`}data: ${JSON.stringify(event)}\n\n`;
    if (envelope.id !== null) {
      const now = Date.now();
      this.buffer.push({ id: envelope.id, at: now, audience, frame });
      this.prune(now);
    }
    const out = new Outgoing(frame);
    if ('users' in audience) {
      for (const userId of audience.users) {
        const set = this.byUser.get(userId);
        if (set) this.writeAll(set, out);
      }
    } else if ('shro' in audience) {
      const set = this.byShro.get(audience.shro);
      if (set) this.writeAll(set, out);
    }
  }

  private prune(now: number) {
    const { bufferSize, bufferMs } = this.options;
    let drop = 0;
    while (
      drop < this.buffer.length &&
      (this.buffer.length - drop > bufferSize || this.buffer[drop]!.at < now - bufferMs)
    )
      drop++;
    if (drop === 0) return;
    // Coalesced events go out after later ones (decision 100): ids in the buffer are not in order.
    for (const entry of this.buffer.splice(0, drop)) this.droppedUpTo = Math.max(this.droppedUpTo, entry.id);
  }

  /**
   * Writes one frame to each of these channels (decision 161). The frame goes out as one chunk
   * encoded once for all of them, straight to each socket, at once: `res.write` would encode it
   * again per channel, in four pieces (length, CRLF, bytes, CRLF), and send it only on the next
   * tick (it corks the socket), so with thousands of watchers the picker's answer left before
   * their events did (issue 12 item 4). Writing to the socket itself is only right once the
   * response's headers are in it: every channel's first write (headers and `ready`) went through
   * `res.write` in `open`, before the channel was registered. A response that has ended (its
   * last chunk is in the socket, which may carry the next response) is never written to.
   */
  private writeAll(channels: Iterable<Channel>, out: Outgoing) {
    for (const channel of channels) {
      const { res } = channel;
      if (res.writableLength > this.options.maxQueuedBytes) {
        // Too slow to keep up: cut it off; EventSource reconnects and resumes from its last id.
        res.destroy();
        this.close(channel);
        continue;
      }
      // Ended (its channel is closing): nothing more goes to it.
      if (res.writableEnded) continue;
      const { socket } = res;
      // A response without chunked coding (an HTTP/1.0 client) takes the frame as it is, and
      // so does one whose socket is gone (Node's own writes then do what they do for it).
      if (res.chunkedEncoding && socket?.writable) socket.write(out.chunk);
      else res.write(out.frame);
    }
  }

  private broadcast(frame: string) {
    this.writeAll(this.channels, new Outgoing(frame));
  }

  private beat() {
    // A named event rather than a bare comment: EventSource hides comments from the page, and
    // the page must be able to tell a live channel from one that died without closing.
    this.broadcast(PING);
    const userIds = [...this.byUser.keys()];
    if (userIds.length > 0) this.presence.stillHere(userIds).catch(() => {});
  }

  /** Closes every channel (shutdown): open streams would otherwise keep the server from closing. */
  closeAll(): void {
    this.closing = true;
    clearInterval(this.heartbeat);
    this.coalescer.close();
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    for (const timer of this.awayTimers.values()) clearTimeout(timer);
    this.awayTimers.clear();
    for (const channel of [...this.channels]) this.close(channel);
  }
}

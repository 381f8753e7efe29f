import { LIVE_PATH, LIVE_WATCH_MAX, type LiveMessage } from '@contract/live';
import type { Shro } from '@contract/shro-views';
import type { QueryClient } from '@tanstack/react-query';
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { apiPaths, pathPrefix, queryKey, shroPathPattern } from './api-paths';
import { shroEventAction, withPublicState } from './live-shro';

/** The channel's state, as the debug page shows it. */
type LiveStatus = 'off' | 'connecting' | 'open' | 'retrying';

export interface LiveSnapshot {
  status: LiveStatus;
  /** Open and heard from recently: polling can stay off. */
  healthy: boolean;
  lastEventId: string | null;
  watching: string[];
  /** Reconnects in a row without a message in between (backoff grows with it). */
  failures: number;
}

/** The server sends a `ping` every 25 s; two missed ones mean the connection died silently. */
const SILENCE_LIMIT_MS = 60_000;
const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
/** Failed reconnects by EventSource itself before we take over with a growing backoff. */
const NATIVE_RETRIES = 3;

/**
 * `shro.picked` under its name of the previous release: a server of that release may still send
 * it during a deploy, so it is read as `shro.picked` for one release (issue 39); then this goes.
 */
type OldPickedMessage = Omit<Extract<LiveMessage, { type: 'shro.picked' }>, 'type'> & { type: 'shro.box.opened' };

/** Turns one event into the query invalidations it implies; only active queries refetch. */
export function applyLiveMessage(queryClient: QueryClient, message: LiveMessage | OldPickedMessage): void {
  const invalidate = (path: string) => void queryClient.invalidateQueries({ queryKey: queryKey(path) });
  const invalidatePrefix = (prefix: string) => void queryClient.invalidateQueries(pathPrefix(prefix));
  switch (message.type) {
    case 'ready':
      return;
    case 'resync':
      // Events may have been missed: everything on screen refetches.
      void queryClient.invalidateQueries();
      return;
    case 'shro.picked':
    case 'shro.box.opened':
    case 'shro.reaction.added': {
      // The public state is applied in place; only a view it does not cover refetches (decision 100).
      const key = queryKey(apiPaths.shro(message.shroId));
      const query = queryClient.getQueryCache().find<Shro>({ queryKey: key, exact: true });
      if (!query) return;
      const view = query.state.data;
      if (view && shroEventAction(view, query.state.fetchStatus === 'fetching') === 'apply') {
        queryClient.setQueryData<Shro>(key, withPublicState(view, message));
      } else {
        invalidate(apiPaths.shro(message.shroId));
      }
      return;
    }
    case 'shro.deleted':
      invalidate(apiPaths.shro(message.shroId));
      invalidate(apiPaths.home);
      return;
    case 'notification.created':
      // A Shro received, or a box opened on one of the user's own: the home inbox changed too.
      invalidate(apiPaths.home);
      invalidatePrefix(apiPaths.notifications);
      return;
    case 'notification.read':
      invalidatePrefix(apiPaths.notifications);
      return;
    case 'chat.message.sent':
      // A Shro shared in the chat waits on the home screen.
      invalidate(apiPaths.home);
      invalidate(apiPaths.conversation(message.senderId));
      invalidate(apiPaths.conversation(message.recipientId));
      invalidate(apiPaths.conversations);
      invalidate(apiPaths.unreadMessages);
      return;
    case 'chat.message.read':
      invalidate(apiPaths.conversation(message.readerId));
      invalidate(apiPaths.conversation(message.senderId));
      invalidate(apiPaths.conversations);
      invalidate(apiPaths.unreadMessages);
      return;
    case 'chat.message.delivered':
      invalidate(apiPaths.conversation(message.recipientId));
      return;
    case 'friend.request.changed':
    case 'friend.friendship.removed':
      invalidatePrefix(apiPaths.friends);
      invalidatePrefix(apiPaths.onlineStatusPrefix);
      return;
    case 'presence.changed':
      invalidatePrefix(apiPaths.onlineStatusPrefix);
      return;
  }
}

/**
 * The tab's one live channel. It watches the Shros whose queries are on screen (found in the
 * query cache, so pages need no extra code), reconnects with a growing backoff when the
 * server is unreachable, and resumes from the last event id, which a fresh EventSource (new
 * watch list, our own reconnect) carries in the query string.
 */
class LiveChannel {
  private source: EventSource | null = null;
  private snapshot: LiveSnapshot = { status: 'off', healthy: false, lastEventId: null, watching: [], failures: 0 };
  private readonly listeners = new Set<() => void>();
  private lastHeardAt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private watchTimer: ReturnType<typeof setTimeout> | undefined;
  private healthTimer: ReturnType<typeof setInterval> | undefined;
  private unsubscribeCache: (() => void) | undefined;
  private userKey: string | null = null;
  private started = false;

  constructor(private readonly queryClient: QueryClient) {}

  /** Starts following the query cache (which Shros are on screen) and the channel's health. */
  attach(): void {
    if (this.unsubscribeCache) return;
    this.unsubscribeCache = this.queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'observerAdded' || event.type === 'observerRemoved' || event.type === 'removed') {
        this.scheduleWatchCheck();
      }
    });
    this.healthTimer = setInterval(() => this.update({}), 5000);
  }

  /** Undoes `attach` and closes the channel (React may attach again, as StrictMode does). */
  detach(): void {
    this.stop();
    clearInterval(this.healthTimer);
    this.unsubscribeCache?.();
    this.unsubscribeCache = undefined;
  }

  getSnapshot = (): LiveSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** (Re)starts the channel for this signed-in user (or a visitor): the cookie changed. */
  start(userKey: string | null): void {
    if (this.started && userKey === this.userKey) return;
    this.started = true;
    this.userKey = userKey;
    this.connect();
  }

  stop(): void {
    this.started = false;
    clearTimeout(this.retryTimer);
    clearTimeout(this.watchTimer);
    this.source?.close();
    this.source = null;
    this.update({ status: 'off' });
  }

  private update(patch: Partial<LiveSnapshot>) {
    const next = { ...this.snapshot, ...patch };
    next.healthy = next.status === 'open' && Date.now() - this.lastHeardAt < SILENCE_LIMIT_MS;
    const prev = this.snapshot;
    if (
      prev.status === next.status &&
      prev.healthy === next.healthy &&
      prev.lastEventId === next.lastEventId &&
      prev.failures === next.failures &&
      prev.watching.join() === next.watching.join()
    ) {
      return;
    }
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  /** Shro ids of the session queries currently on screen. */
  private watchedShros(): string[] {
    const ids = new Set<string>();
    for (const query of this.queryClient.getQueryCache().getAll()) {
      const match = typeof query.queryKey[0] === 'string' ? shroPathPattern.exec(query.queryKey[0]) : null;
      if (match && query.getObserversCount() > 0) ids.add(decodeURIComponent(match[1]!));
    }
    return [...ids].sort().slice(0, LIVE_WATCH_MAX);
  }

  private scheduleWatchCheck() {
    if (!this.started) return;
    clearTimeout(this.watchTimer);
    // Navigations add and remove observers in bursts: reconnect once they settle.
    this.watchTimer = setTimeout(() => {
      if (this.watchedShros().join() !== this.snapshot.watching.join()) this.connect();
    }, 200);
  }

  private connect() {
    clearTimeout(this.retryTimer);
    this.source?.close();
    if (typeof EventSource === 'undefined') return;
    const watching = this.watchedShros();
    const params = new URLSearchParams();
    if (watching.length) params.set('watch', watching.join(','));
    if (this.snapshot.lastEventId) params.set('lastEventId', this.snapshot.lastEventId);
    const query = params.toString();
    const source = new EventSource(`${LIVE_PATH}${query ? `?${query}` : ''}`, { withCredentials: true });
    this.source = source;
    let nativeRetries = 0;
    this.update({ status: 'connecting', watching });

    const heard = (event: MessageEvent) => {
      this.lastHeardAt = Date.now();
      nativeRetries = 0;
      this.update({
        status: 'open',
        failures: 0,
        lastEventId: event.lastEventId || this.snapshot.lastEventId,
      });
    };
    source.addEventListener('ping', heard);
    source.onmessage = (event) => {
      heard(event);
      let message: LiveMessage | OldPickedMessage;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      applyLiveMessage(this.queryClient, message);
    };
    source.onerror = () => {
      if (source !== this.source) return;
      nativeRetries++;
      // EventSource retries a dropped connection by itself (with Last-Event-ID); after an HTTP
      // error it gives up, and a server that keeps failing should not be hammered every 2 s.
      if (source.readyState === EventSource.CLOSED || nativeRetries > NATIVE_RETRIES) {
        source.close();
        const failures = this.snapshot.failures + 1;
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1)) * (0.5 + Math.random() / 2);
        this.update({ status: 'retrying', failures });
        this.retryTimer = setTimeout(() => this.connect(), delay);
      } else {
        this.update({ status: 'connecting' });
      }
    };
  }
}

const LiveContext = createContext<LiveChannel | null>(null);

/** Mounts the tab's live channel; `userKey` (the signed-in user's id, or null) restarts it on sign-in/out. */
export function LiveProvider({
  queryClient,
  userKey,
  enabled = true,
  children,
}: {
  queryClient: QueryClient;
  userKey: string | null;
  enabled?: boolean;
  children: ReactNode;
}) {
  const [channel] = useState(() => new LiveChannel(queryClient));
  useEffect(() => {
    channel.attach();
    if (enabled) channel.start(userKey);
    return () => channel.detach();
  }, [channel, userKey, enabled]);
  return createElement(LiveContext.Provider, { value: channel }, children);
}

const OFF: LiveSnapshot = { status: 'off', healthy: false, lastEventId: null, watching: [], failures: 0 };
const noopSubscribe = () => () => {};

/** The live channel's state (the debug page shows it). */
export function useLiveSnapshot(): LiveSnapshot {
  const channel = useContext(LiveContext);
  return useSyncExternalStore(channel?.subscribe ?? noopSubscribe, channel?.getSnapshot ?? (() => OFF), () => OFF);
}

/** True while the live channel is open and heard from recently (re-renders only when that flips). */
export function useLiveConnected(): boolean {
  const channel = useContext(LiveContext);
  return useSyncExternalStore(
    channel?.subscribe ?? noopSubscribe,
    () => channel?.getSnapshot().healthy ?? false,
    () => false,
  );
}

/**
 * The spec's polling as the fallback: `false` while the live channel is healthy (events
 * refresh the query instead), the given interval otherwise. Pass a query's own
 * `refetchInterval` (a number or a function) and use the result in its place.
 */
export function usePollInterval<T>(interval: T): T | false {
  return useLiveConnected() ? false : interval;
}

import type https from 'node:https';
import pLimit from 'p-limit';
import webpush from 'web-push';
import { pageHref } from '../../../contract/pages';
import type { NativePushPlatform, NotificationKind } from '../../../contract/push';
import type { Db } from '../../db/client';
import { deliverableTo } from '../blocks/queries';
import type { MessageForPush, NotificationForPush, PushSink } from './dispatch';
import { type NativeTransport, PUSH_TTL_SECONDS, type PushPayload } from './native-payload';
import { DEFAULT_PUSH_SERVICE_HOSTS, pushEndpointProblem } from './push-service-hosts';
import {
  claimThrottle,
  forgetNativeToken,
  forgetSubscription,
  markDelivered,
  markNativeDelivered,
  nativeTokensOf,
  subscriptionsOf,
  timeZoneOf,
  transactionStatus,
} from './queries';
import { inQuietHours, kindOfNotification, notificationSettingsOf } from './settings';
import type { VapidKeys } from './vapid';

interface PushTarget {
  userId: string;
  kind: NotificationKind;
  payload: PushPayload;
  /** Pushes about one Shro: at most one per user per 10 minutes. */
  throttled: boolean;
}

const PUSH_THROTTLE_MS = 10 * 60_000;
const ICON = '/icon-192.png';
/** Waits for the notifying transaction to end, then gives up (it never ended: nothing is sent). */
const COMMIT_WAITS_MS = [0, 50, 200, 1000, 3000, 6000];

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The push about one stored notification: its own title and message, which never hold box content. */
function notificationPush(row: NotificationForPush): PushTarget | null {
  const kind = kindOfNotification(row.type);
  if (kind === null) return null;
  let tag: string;
  let url: string;
  if (row.shroId) {
    tag = `shro-${row.shroId}`;
    url = pageHref('session', { id: row.shroId });
  } else if (kind === 'friendRequest') {
    tag = `friend-${row.actorId ?? 'request'}`;
    url = pageHref('friends');
  } else {
    tag = `achievement-${row.message}`.slice(0, 120);
    url = pageHref('achievements');
  }
  return {
    userId: row.userId,
    kind,
    payload: { title: row.title, body: shorten(row.message, 180), tag, url, icon: ICON },
    throttled: row.shroId != null,
  };
}

/** The push about a chat message: who wrote, and the start of a text (a shared Shro only says so). */
function messagePush(message: MessageForPush): PushTarget {
  return {
    userId: message.recipientId,
    kind: 'message',
    payload: {
      title: `@${message.senderUsername}`,
      body: message.messageType === 'plain' ? shorten(message.content, 120) : 'Shared a Shro with you',
      tag: `chat-${message.senderId}`,
      url: pageHref('chat', { query: { with: message.senderId } }),
      icon: ICON,
    },
    throttled: false,
  };
}

interface Log {
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

/** The native push services configured (decision 164); a platform without one is stored, never sent to. */
export type NativeTransports = Partial<Record<NativePushPlatform, NativeTransport>>;

/**
 * Sends pushes after the response, a few at a time (p-limit), never blocking a request; a failure
 * is logged, never thrown. Settings, quiet hours and the per-Shro throttle are checked at send time,
 * once for every device: browsers through Web Push, native apps through FCM or APNs (decision 164).
 */
export class PushSender implements PushSink {
  private readonly queue = pLimit(4);
  private readonly pending = new Set<Promise<void>>();
  /** Per person and throttle tag, the last queued push job (their order is kept: see notifications). */
  private readonly lastThrottled = new Map<string, Promise<void>>();
  private closed = false;
  /** web-push request options: an outbound proxy, a timeout; tests add an agent trusting their push service. */
  readonly requestOptions: { proxy?: string; agent?: https.Agent; timeout: number };

  /** Where pushes may go (push-service-hosts.ts), checked again at send time. */
  private readonly pushServiceHosts: readonly string[];

  constructor(
    private readonly db: Db,
    private readonly vapid: VapidKeys,
    private readonly log: Log,
    options: { proxy?: string; pushServiceHosts?: readonly string[]; native?: NativeTransports } = {},
  ) {
    this.requestOptions = { timeout: 10_000, ...(options.proxy ? { proxy: options.proxy } : {}) };
    this.pushServiceHosts = options.pushServiceHosts ?? DEFAULT_PUSH_SERVICE_HOSTS;
    this.native = options.native ?? {};
  }

  /** FCM and APNs, when configured (tests reach in to trust their stand-in services). */
  readonly native: NativeTransports;

  notifications(xid: string, rows: NotificationForPush[]): void {
    const targets = rows.flatMap((row) => notificationPush(row) ?? []);
    // Throttled pushes about one Shro to one person go out in the order they were queued, so the
    // throttle keeps the first event (a pick), never one that merely saw its commit sooner.
    const keys = [...new Set(targets.filter((t) => t.throttled).map((t) => `${t.userId}\u0000${t.payload.tag}`))];
    const before = keys.flatMap((key) => this.lastThrottled.get(key) ?? []);
    const run = this.enqueue(async () => {
      await Promise.all(before);
      if (!(await this.committed(xid))) return;
      for (const target of targets) await this.deliver(target);
    });
    if (!run) return;
    for (const key of keys) this.lastThrottled.set(key, run);
    void run.then(() => {
      for (const key of keys) if (this.lastThrottled.get(key) === run) this.lastThrottled.delete(key);
    });
  }

  message(message: MessageForPush): void {
    this.enqueue(async () => {
      // The same filter as every notification: nothing from someone muted or blocked.
      const allowed = await deliverableTo(this.db, [{ userId: message.recipientId, actorId: message.senderId }]);
      if (allowed.length > 0) await this.deliver(messagePush(message));
    });
  }

  /** Resolves once every queued push is done (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Stops taking work and lets what is in flight finish, before the database closes. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
    await Promise.all(Object.values(this.native).map((transport) => transport.close()));
  }

  /** Queues a job (a few run at once); returns it, or undefined once closed. */
  private enqueue(job: () => Promise<void>): Promise<void> | undefined {
    if (this.closed) return undefined;
    const run = this.queue(async () => {
      if (this.closed) return;
      try {
        await job();
      } catch (error) {
        this.log.warn({ err: error }, 'push failed');
      }
    }).finally(() => this.pending.delete(run));
    this.pending.add(run);
    return run;
  }

  private async committed(xid: string): Promise<boolean> {
    for (const wait of COMMIT_WAITS_MS) {
      if (wait > 0) {
        if (this.closed) return false;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      const status = await transactionStatus(this.db, xid);
      if (status !== 'in progress') return status === 'committed';
    }
    this.log.warn({ xid }, 'push dropped: the notifying transaction did not end');
    return false;
  }

  /** One push to each of the user's browsers and apps, if their settings, quiet hours and the throttle allow it. */
  async deliver(target: PushTarget, now = new Date()): Promise<void> {
    const settings = (await notificationSettingsOf(this.db, [target.userId])).get(target.userId)!;
    if (!settings.kinds[target.kind].push) return;
    if (
      settings.quietHours &&
      inQuietHours(settings.quietHours, (await timeZoneOf(this.db, target.userId)) ?? 'UTC', now)
    ) {
      return;
    }
    const [subscriptions, tokens] = await Promise.all([
      subscriptionsOf(this.db, target.userId),
      nativeTokensOf(this.db, target.userId),
    ]);
    // A token of a platform with no service configured is kept for when one is, and sent nothing.
    const nativeTokens = tokens.filter((row) => this.native[row.platform as NativePushPlatform]);
    if (subscriptions.length === 0 && nativeTokens.length === 0) return;
    if (target.throttled) {
      const cutoff = new Date(now.getTime() - PUSH_THROTTLE_MS);
      if (!(await claimThrottle(this.db, target.userId, target.payload.tag, now, cutoff))) return;
    }
    const body = JSON.stringify(target.payload);
    for (const subscription of subscriptions) {
      // A row stored before the host rule, or a host taken off PUSH_SERVICE_HOSTS since: never
      // sent to. Kept, not deleted, so a setting corrected later brings the real ones back.
      const problem = pushEndpointProblem(subscription.endpoint, this.pushServiceHosts);
      if (problem) {
        const host = URL.canParse(subscription.endpoint) ? new URL(subscription.endpoint).host : null;
        this.log.warn({ subscriptionId: subscription.id, host, reason: problem }, 'push not sent: endpoint refused');
        continue;
      }
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          body,
          {
            ...this.requestOptions,
            vapidDetails: this.vapid,
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
          },
        );
        await markDelivered(this.db, subscription.id, new Date());
      } catch (error) {
        if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          // The browser unsubscribed or the subscription expired: it will never work again.
          await forgetSubscription(this.db, subscription.id);
          this.log.debug({ subscriptionId: subscription.id }, 'push subscription gone, removed');
        } else {
          // Never the error object: a WebPushError carries the endpoint, a capability URL.
          const statusCode = error instanceof webpush.WebPushError ? error.statusCode : undefined;
          const reason = error instanceof Error ? error.message : String(error);
          this.log.warn({ subscriptionId: subscription.id, statusCode, reason }, 'push not delivered');
        }
      }
    }
    for (const row of nativeTokens) await this.deliverNative(row, target.payload);
  }

  /** One push to one app through its platform's service; the token itself is never logged. */
  private async deliverNative(
    row: { id: number; platform: string; token: string },
    payload: PushPayload,
  ): Promise<void> {
    const platform = row.platform as NativePushPlatform;
    try {
      const result = await this.native[platform]!.send(row.token, payload);
      if (result.outcome === 'sent') {
        await markNativeDelivered(this.db, row.id, new Date());
      } else if (result.outcome === 'unregistered') {
        // The app was removed, or the token replaced: it will never work again.
        await forgetNativeToken(this.db, row.id);
        this.log.debug({ nativeTokenId: row.id, platform }, 'native push token gone, removed');
      } else {
        const { statusCode, reason } = result;
        this.log.warn({ nativeTokenId: row.id, platform, statusCode, reason }, 'native push not delivered');
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.warn({ nativeTokenId: row.id, platform, reason }, 'native push not delivered');
    }
  }
}

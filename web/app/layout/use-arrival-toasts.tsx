import { appPages, pageHref } from '@contract/pages';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { conversationsQueryOptions } from '@/features/chat/api/get-conversations';
import { useUnreadMessageCount } from '@/features/chat/api/get-unread-count';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { createNewsToast } from '@/lib/use-toast';
import {
  arrivalToastText,
  type ConversationMarks,
  type MessageArrival,
  marksOf,
  messageArrivals,
  readDown,
} from './message-arrivals';

function OpenLink({ href, label, onClick }: { href: string; label: string; onClick: () => void }) {
  return (
    <Link
      href={href}
      aria-label={label}
      onClick={onClick}
      className="inline-flex h-9 shrink-0 items-center rounded-lg bg-purple-600 px-3 text-sm font-semibold text-white hover:bg-purple-500"
    >
      <Trans>Open</Trans>
    </Link>
  );
}

/** One slot each: a newer Shro replaces the older one's toast, new messages join the message toast. */
const shroNews = createNewsToast();
const messageNews = createNewsToast();

/** Settings and mutes change rarely and update their own cache when changed here: read at most once a minute. */
const RARELY = 60_000;

/**
 * Whether messages from these people may be toasted: the "Messages: in app" switch (decision 117)
 * and the user's mutes (decision 105). Read only when something arrived, so a page load costs no
 * request, and their code loads then too (it stays out of every signed-in page's first load); if
 * either cannot be read, nothing is toasted (the badge still counts).
 */
async function announceable(queryClient: QueryClient, arrivals: MessageArrival[]): Promise<MessageArrival[]> {
  try {
    const [{ notificationSettingsQueryOptions }, { mutesQueryOptions }] = await Promise.all([
      import('@/features/notifications/api/notification-settings'),
      import('@/features/blocks/api/get-mutes'),
    ]);
    const [settings, mutes] = await Promise.all([
      queryClient.fetchQuery({ ...notificationSettingsQueryOptions, staleTime: RARELY }),
      queryClient.fetchQuery({ ...mutesQueryOptions, staleTime: RARELY }),
    ]);
    if (!settings.kinds.message.inApp) return [];
    return arrivals.filter((a) => !mutes.userIds.includes(a.user.id));
  } catch {
    return [];
  }
}

/**
 * Issue 13, item 4: a toast announces a Shro or a message that arrives, unless its page is the one
 * open. Shros come from the notifications query the header badge already keeps fresh (live events;
 * muted and blocked people never make a notification). Messages: when the unread count the badge
 * keeps fresh rises, the conversation list says who wrote what; several at once make one toast
 * ("3 new messages from @ana"), and more while it shows join it. What was there when the tab opened
 * is not announced, and news waits for a toast the user is reading instead of replacing it.
 */
export function useArrivalToasts() {
  const { i18n } = useLingui();
  // The language at the time a toast shows (it may show later, after the user switched).
  const language = useRef(i18n);
  language.current = i18n;
  const queryClient = useQueryClient();
  const notifications = useNotifications(true);
  const unreadMessages = useUnreadMessageCount(true);
  // Only reads what the cache holds (filled on a rise below, or by the chat screen): never fetches by itself.
  const conversations = useQuery({ ...conversationsQueryOptions, enabled: false });
  const [location] = useLocation();
  const search = useSearch();
  const seenNotificationId = useRef<number | null>(null);
  const seenUnread = useRef<number | null>(null);
  const risenBy = useRef(0);
  const marks = useRef<ConversationMarks | null>(null);
  const toasted = useRef(new Map<string, MessageArrival>());
  const where = useRef({ location, search });
  where.current = { location, search };
  /** The person whose conversation is on screen: it shows their messages itself. */
  const chattingWith = () =>
    where.current.location === appPages.chat.path ? new URLSearchParams(where.current.search).get('with') : null;
  // Mounted only while someone is signed in (signed-in-shell.tsx): what arrives after signing out is not toasted.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    const items = notifications.data;
    if (!items) return;
    const previous = seenNotificationId.current;
    const newestId = items.reduce((max, n) => Math.max(max, n.id), 0);
    seenNotificationId.current = Math.max(previous ?? 0, newestId);
    if (previous === null) return;
    const arrived = items.find(
      (n) =>
        n.id > previous &&
        !n.isRead &&
        n.type === 'shro_received' &&
        n.sessionId !== null &&
        where.current.location !== pageHref('session', { id: n.sessionId }),
    );
    if (arrived?.sessionId) {
      const href = pageHref('session', { id: arrived.sessionId });
      shroNews.show(() =>
        where.current.location === href
          ? null
          : {
              title: arrived.title,
              description: arrived.message,
              action: (
                <OpenLink
                  href={href}
                  label={language.current._(msg`Open the Shro`)}
                  onClick={() => shroNews.dismiss()}
                />
              ),
            },
      );
    }
  }, [notifications.data]);

  // The unread count rose: find out from whom (the live event or the 5 s poll refreshed the count).
  useEffect(() => {
    const count = unreadMessages.data;
    if (typeof count !== 'number') return;
    const before = seenUnread.current;
    seenUnread.current = count;
    if (before === null || count === before) return;
    if (count < before) {
      // Read here or elsewhere: what the last look saw unread is no longer.
      if (marks.current) marks.current = readDown(marks.current, count);
      return;
    }
    risenBy.current += count - before;
    // A list asked for before this rise may not hold the new message: ask again after it.
    void queryClient
      .cancelQueries({ queryKey: conversationsQueryOptions.queryKey })
      .then(() => queryClient.fetchQuery(conversationsQueryOptions))
      .catch(() => {});
  }, [unreadMessages.data, queryClient]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each fetch is a new look, even with equal data
  useEffect(() => {
    const list = conversations.data;
    if (!list) return;
    const arrivals = messageArrivals(list, marks.current, risenBy.current, language.current);
    marks.current = marksOf(list);
    risenBy.current = 0;
    if (arrivals.length === 0) return;
    const elsewhere = arrivals.filter((a) => a.user.id !== chattingWith());
    if (elsewhere.length === 0) return;
    void announceable(queryClient, elsewhere).then((allowed) => {
      if (allowed.length === 0 || !mounted.current) return;
      // More news while the toast shows or waits joins it (newest first).
      if (!messageNews.isActive()) toasted.current.clear();
      for (const arrival of [...allowed].reverse()) {
        const earlier = toasted.current.get(arrival.user.id);
        toasted.current.delete(arrival.user.id);
        toasted.current.set(arrival.user.id, { ...arrival, count: arrival.count + (earlier?.count ?? 0) });
      }
      messageNews.show(() => {
        // Shown later (after another toast): leave out a conversation opened meanwhile.
        const news = [...toasted.current.values()].reverse().filter((a) => a.user.id !== chattingWith());
        if (news.length === 0) return null;
        const only = news.length === 1 ? news[0]! : null;
        const username = only?.user.username ?? '';
        const words = language.current;
        return {
          ...arrivalToastText(news, words),
          action: (
            <OpenLink
              href={only ? pageHref('chat', { query: { with: only.user.id } }) : pageHref('chat')}
              label={only ? words._(msg`Open the chat with @${username}`) : words._(msg`Open messages`)}
              onClick={() => messageNews.dismiss()}
            />
          ),
        };
      });
    });
  }, [conversations.dataUpdatedAt, queryClient]);
}

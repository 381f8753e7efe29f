import type { PublicUser } from '@contract/auth';
import type { Conversation } from '@contract/chat';
import { PRODUCT_NAME } from '@contract/product';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/*
 * Which messages are new between two looks at the conversation list (GET /api/chat/conversations),
 * for the arrival toast (issue 13 item 4). Pure, so the rules are tested without a browser.
 */

/** What the previous look saw of one conversation. */
interface ConversationMark {
  lastId: number;
  unread: number;
}

/** The previous look: per other person, and the newest message id of all. */
export interface ConversationMarks {
  byUser: Map<string, ConversationMark>;
  newestId: number;
}

/** New messages from one person. */
export interface MessageArrival {
  user: PublicUser;
  count: number;
  /** The newest one's text as the toast shows it (plain text, shortened). */
  preview: string;
  newestId: number;
}

export function marksOf(conversations: Conversation[]): ConversationMarks {
  const byUser = new Map<string, ConversationMark>();
  let newestId = 0;
  for (const c of conversations) {
    byUser.set(c.user.id, { lastId: c.lastMessage.id, unread: c.unreadCount });
    newestId = Math.max(newestId, c.lastMessage.id);
  }
  return { byUser, newestId };
}

const PREVIEW_MAX = 60;

/** The start of a message for a toast: one line, cut at a word near `max` characters, with "…". */
export function previewText(lastMessage: Conversation['lastMessage'], i18n: I18n, max = PREVIEW_MAX): string {
  if (lastMessage.messageType === 'shro_share') return i18n._(msg`🎁 Sent a ${PRODUCT_NAME}`);
  const text = lastMessage.content.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The messages that arrived since `previous`, newest first, counted by how much each conversation's
 * unread count grew. Without a previous look, only a rise of the unread count (`pending`, since the
 * tab opened) is news: it is given to the newest unread conversations (the new messages are the
 * newest), so what was unread when the tab opened is never announced.
 */
export function messageArrivals(
  conversations: Conversation[],
  previous: ConversationMarks | null,
  pending: number,
  i18n: I18n,
): MessageArrival[] {
  const unreadFromThem = conversations
    .filter((c) => c.lastMessage.senderId === c.user.id && c.unreadCount > 0)
    .sort((a, b) => b.lastMessage.id - a.lastMessage.id);
  const arrival = (c: Conversation, count: number): MessageArrival => ({
    user: c.user,
    count,
    preview: previewText(c.lastMessage, i18n),
    newestId: c.lastMessage.id,
  });

  if (!previous) {
    const arrivals: MessageArrival[] = [];
    let left = pending;
    for (const c of unreadFromThem) {
      if (left <= 0) break;
      const count = Math.min(c.unreadCount, left);
      arrivals.push(arrival(c, count));
      left -= count;
    }
    return arrivals;
  }

  const advanced = unreadFromThem.filter((c) => {
    const mark = previous.byUser.get(c.user.id);
    // A conversation not seen before (a first message, or one back after an unblock or a delete):
    // news only if its message is newer than anything the previous look saw.
    return mark ? c.lastMessage.id > mark.lastId : c.lastMessage.id > previous.newestId;
  });
  return advanced.map((c) => arrival(c, Math.max(1, c.unreadCount - (previous.byUser.get(c.user.id)?.unread ?? 0))));
}

/**
 * The marks after the unread count fell to `unreadTotal` (the user read messages, maybe in another
 * tab): no conversation can have more unread than that, so a later look does not count short.
 */
export function readDown(marks: ConversationMarks, unreadTotal: number): ConversationMarks {
  const byUser = new Map(
    [...marks.byUser].map(([id, mark]) => [id, { ...mark, unread: Math.min(mark.unread, unreadTotal) }]),
  );
  return { byUser, newestId: marks.newestId };
}

/** The toast's words for what arrived (one person or several); `arrivals` newest first. */
export function arrivalToastText(arrivals: MessageArrival[], i18n: I18n): { title: string; description: string } {
  const [first, second, third] = arrivals;
  if (!first) return { title: '', description: '' };
  if (!second) {
    const { count, preview } = first;
    const username = first.user.username;
    return {
      title:
        count === 1
          ? i18n._(msg`New message`)
          : i18n._(msg`${plural(count, { other: `# new messages from @${username}` })}`),
      description: i18n._(msg`@${username}: ${preview}`),
    };
  }
  const total = arrivals.reduce((sum, a) => sum + a.count, 0);
  const firstName = first.user.username;
  const secondName = second.user.username;
  const others = arrivals.length - 2;
  let description: string;
  if (arrivals.length === 2) description = i18n._(msg`From @${firstName} and @${secondName}`);
  else if (third && arrivals.length === 3) {
    const thirdName = third.user.username;
    description = i18n._(msg`From @${firstName}, @${secondName} and @${thirdName}`);
  } else description = i18n._(msg`${plural(others, { other: `From @${firstName}, @${secondName} and # others` })}`);
  return { title: i18n._(msg`${plural(total, { other: '# new messages' })}`), description };
}

import { HOME_LIVE_MAX, HOME_WAITING_MAX, type HomeInbox, type HomeWaitingItem } from '../../../contract/home';
import type { ShroDeps } from './access';
import {
  hasCreatedAny,
  listOwnOpen,
  listUnopenedReceived,
  listUnopenedSharedInChat,
  listUsernames,
} from './home-queries';
import { isPrivateShro, presentListItem } from './present';
import { listRecipients, type ShroRow } from './queries';

type Listed = { shro: ShroRow; creator: { id: string; username: string; profileImageUrl: string | null } };

/**
 * GET /api/home — the signed-in home's inbox: Shros that reached the user and wait for their pick
 * (sent to them, or shared with them in a chat; newest first), and their own Shros still open,
 * with opened counts. Every item is the history's list card (present.ts): never a box's content.
 */
export async function getHomeInbox({ db }: Pick<ShroDeps, 'db'>, userId: string, now = new Date()): Promise<HomeInbox> {
  const [received, shared, own, hasCreated] = await Promise.all([
    listUnopenedReceived(db, userId, now, HOME_WAITING_MAX),
    listUnopenedSharedInChat(db, userId, now, HOME_WAITING_MAX),
    listOwnOpen(db, userId, now, HOME_LIVE_MAX),
    hasCreatedAny(db, userId),
  ]);

  const senders = await listUsernames(db, [...new Set(shared.map((s) => s.senderId))]);
  const privateIds = [...received, ...own].filter((r) => isPrivateShro(r.shro)).map((r) => r.shro.id);
  const recipients = await listRecipients(db, privateIds);
  const recipientsOf = (shroId: string) =>
    recipients.filter((r) => r.shroId === shroId).map(({ id, username }) => ({ id, username }));
  const card = ({ shro, creator }: Listed) =>
    presentListItem({ shro, creator, viewerId: userId, recipients: recipientsOf(shro.id), ownPickAt: null, now });

  const waiting = new Map<string, HomeWaitingItem>();
  for (const row of received) {
    waiting.set(row.shro.id, {
      ...card(row),
      receivedAt: row.shro.createdAt.toISOString(),
      from: { id: row.creator.id, username: row.creator.username },
    });
  }
  for (const row of shared) {
    if (waiting.has(row.shro.id)) continue;
    const sender = senders.get(row.senderId) ?? { id: row.creator.id, username: row.creator.username };
    waiting.set(row.shro.id, { ...card(row), receivedAt: row.sharedAt.toISOString(), from: sender });
  }

  return {
    waiting: [...waiting.values()]
      .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.id.localeCompare(a.id))
      .slice(0, HOME_WAITING_MAX),
    live: own.map(card),
    hasCreated,
  };
}

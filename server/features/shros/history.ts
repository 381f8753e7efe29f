import type { HistoryTab } from '../../../contract/shro-inputs';
import type { ShroListResponse } from '../../../contract/shro-views';
import type { ShroDeps } from './access';
import { countHistory, listHistory, listOwnPicks } from './history-queries';
import { isPrivateShro, presentListItem } from './present';
import { listRecipients } from './queries';

/** GET /api/sessions — the user's history: sent and received, newest first, minus removed ones. */
export async function listShroHistory(
  { db }: Pick<ShroDeps, 'db'>,
  userId: string,
  query: { page: number; pageSize: number; tab: HistoryTab },
  now = new Date(),
): Promise<ShroListResponse> {
  const { page, pageSize, tab } = query;
  const [counts, rows] = await Promise.all([
    countHistory(db, userId, now),
    listHistory(db, userId, tab, { limit: pageSize, offset: (page - 1) * pageSize, now }),
  ]);
  const ids = rows.map((r) => r.shro.id);
  const privateIds = rows.filter((r) => isPrivateShro(r.shro)).map((r) => r.shro.id);
  const [recipients, picks] = await Promise.all([listRecipients(db, privateIds), listOwnPicks(db, userId, ids)]);
  const all = counts.sent + counts.received;
  return {
    items: rows.map(({ shro, creator }) =>
      presentListItem({
        shro,
        creator,
        viewerId: userId,
        recipients: recipients.filter((r) => r.shroId === shro.id).map(({ id, username }) => ({ id, username })),
        ownPickAt: picks.find((p) => p.shroId === shro.id)?.createdAt ?? null,
        now,
      }),
    ),
    total: tab === 'sent' ? counts.sent : tab === 'received' ? counts.received : all,
    counts: { all, sent: counts.sent, received: counts.received },
    page,
    pageSize,
  };
}

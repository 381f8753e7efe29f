/**
 * The parts of a Shro page whose code loads on its own (decision 094), by the name of their module
 * (web/features/shros/components/session/*.tsx, web/app/routes/session-member-actions.tsx): the
 * build lists each one's files under that name (vite.config.ts pagePreloads).
 */
export const sessionPartNames = [
  'shro-view',
  'session-member-actions',
  'creator-board',
  'moderation-note',
  'opened-box',
] as const;
export type SessionPartName = (typeof sessionPartNames)[number];

/** What every member's view of a Shro shows: the game and the member actions. */
export const everyMemberParts: readonly SessionPartName[] = ['shro-view', 'session-member-actions'];

/** The part of a Shro view (contract/shro-views.ts) that says what its viewer is shown. */
interface ViewShape {
  viewerRole?: unknown;
  isPublic?: unknown;
  hasSelected?: unknown;
  boxes?: unknown;
}

/**
 * What a member's first render of this Shro shows of those parts: the game and the member actions,
 * the creator's board (and why a public Shro is off Explore), the opened box's result and checks
 * once a box is open (the viewer's own, or all after the reveal). Undefined for a visitor's view,
 * or data that is not a Shro view. The app's start preloads them (web/app/early-reads.ts), and the
 * server names their files in the page's HTML (decision 151).
 */
export function sessionPartsOf(data: unknown): SessionPartName[] | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const shro = data as ViewShape;
  if (typeof shro.viewerRole !== 'string' || shro.viewerRole === 'visitor') return undefined;
  const parts: SessionPartName[] = [...everyMemberParts];
  if (shro.viewerRole === 'creator') parts.push('creator-board');
  if (shro.viewerRole === 'creator' && shro.isPublic) parts.push('moderation-note');
  const opened =
    Array.isArray(shro.boxes) && shro.boxes.some((box) => Boolean((box as { salt?: unknown } | null)?.salt));
  if (shro.hasSelected || opened) parts.push('opened-box');
  return parts;
}

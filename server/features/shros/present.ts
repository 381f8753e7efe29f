import type { ShroPublicState } from '../../../contract/live';
import type { TmdbData } from '../../../contract/shro-create-input';
import type {
  Shro,
  ShroBox,
  ShroListItem,
  ShroParticipant,
  ShroUserRef,
  ViewerRole,
} from '../../../contract/shro-views';
import { REVEAL_DELAY_MS, type ReactionEmoji, type ShroStatus } from '../../../contract/shros';
import { uploadUrl } from '../uploads/service';
import { commitBox, committedContentOfStored, commitWinningPosition } from './commitments';
import type { BoxWithHash, ShroRow } from './queries';
import { frameFor, type ViewerFrame, viewerBoxId } from './shuffle';

/** The columns a Shro's per-viewer state is computed from: all a list needs to show it as the detail view does. */
export type ShroStateRow = Pick<
  ShroRow,
  'creatorId' | 'isShareable' | 'isPublic' | 'status' | 'selectedBoxId' | 'selectedAt' | 'expiresAt' | 'shuffleKey'
>;

/** Sent to chosen friends only (neither a link nor public). */
export const isPrivateShro = (shro: Pick<ShroRow, 'isShareable' | 'isPublic'>) => !shro.isShareable && !shro.isPublic;

export const isExpired = (shro: Pick<ShroRow, 'expiresAt'>, now: Date) =>
  shro.expiresAt !== null && shro.expiresAt.getTime() <= now.getTime();

/**
 * Who the viewer (null: a signed-out visitor) is to this Shro, or null when it is a private Shro
 * that is not theirs: it does not exist for them (404), and no list may show anything of it.
 */
export function viewerRoleOf(
  shro: Pick<ShroRow, 'creatorId' | 'isShareable' | 'isPublic'>,
  viewerId: string | null,
  relation: { isRecipient: boolean; hasPicked: boolean },
): ViewerRole | null {
  if (viewerId !== null && viewerId === shro.creatorId) return 'creator';
  if (viewerId !== null && relation.isRecipient) return 'recipient';
  if (isPrivateShro(shro)) return null;
  if (viewerId === null) return 'visitor';
  return relation.hasPicked ? 'participant' : 'viewer';
}

/**
 * The state a Shro's live events carry (docs/decisions/100-events-carry-public-state.md): what a
 * visitor's read shows of it, and what a recipient who has not opened a box sees of a private one.
 */
export function publicStateOf(shro: Pick<ShroRow, 'participantCount' | 'expiresAt'>, now: Date): ShroPublicState {
  return {
    participantCount: shro.participantCount,
    status: isExpired(shro, now) ? 'expired' : 'waiting',
    expiresAt: shro.expiresAt?.toISOString() ?? null,
  };
}

/** A box the creator left unfilled (docs/decisions/003-box-filling.md). */
export const isEmptyBox = (box: BoxWithHash['box']) =>
  box.label === null &&
  box.textContent === null &&
  box.imageKey === null &&
  box.imageUrl === null &&
  box.tmdbData === null;

/** The stored status with the reveal delay applied: `selected` turns `revealed` after REVEAL_DELAY_MS. */
export function storedStatusAt(
  shro: Pick<ShroRow, 'status' | 'selectedAt'>,
  now: Date,
): 'waiting' | 'selected' | 'revealed' {
  if (shro.status === 'selected' && shro.selectedAt && now.getTime() - shro.selectedAt.getTime() >= REVEAL_DELAY_MS) {
    return 'revealed';
  }
  return shro.status;
}

/**
 * The status this viewer sees. Link and public Shros stay waiting until they expire. A private
 * Shro follows its first pick for the creator; a recipient sees their own pick's progress, so a
 * friend who has not opened a box yet is still `waiting` while another friend's result shows.
 */
export function viewerStatus(shro: ShroStateRow, role: ViewerRole, ownPickAt: Date | null, now: Date): ShroStatus {
  if (isExpired(shro, now)) return 'expired';
  if (!isPrivateShro(shro)) return 'waiting';
  if (role === 'recipient') {
    if (!ownPickAt) return 'waiting';
    return now.getTime() - ownPickAt.getTime() >= REVEAL_DELAY_MS ? 'revealed' : 'selected';
  }
  return storedStatusAt(shro, now);
}

/**
 * The status and picked box this viewer sees: what the detail view shows, and all that any list
 * embedding the Shro (notifications, …) may show of its progress. The creator of a private Shro
 * sees its first pick; everyone else only their own, so one recipient's pick never shows to another.
 */
export function presentShroState(
  shro: ShroStateRow,
  role: ViewerRole,
  viewerId: string | null,
  ownPick: { boxId: number; createdAt: Date } | null,
  now: Date,
): { status: ShroStatus; selectedBoxId: number | null } {
  if (role === 'creator') {
    return {
      status: viewerStatus(shro, role, null, now),
      selectedBoxId: isPrivateShro(shro) ? shro.selectedBoxId : null,
    };
  }
  return {
    status: viewerStatus(shro, role, ownPick?.createdAt ?? null, now),
    selectedBoxId: ownPick ? viewerBoxId(shro, viewerId, ownPick.boxId) : null,
  };
}

interface ViewerContext {
  role: ViewerRole;
  viewer: ShroUserRef | null;
  /** The viewer's own pick (participants and recipients). */
  ownPick: { boxId: number; createdAt: Date } | null;
  ownReaction: ReactionEmoji | null;
}

export interface CreatorExtras {
  /** The picks counted with the board (the same snapshot as the participants and the picks per box). */
  participantCount: number;
  participants: ShroParticipant[];
  selectionCounts: Map<number, number>;
  reactionCounts: { emoji: ReactionEmoji; count: number }[];
  /** Username of whoever made a private Shro's first pick. */
  firstPickUsername: string | null;
}

export interface ShroViewInput {
  shro: ShroRow;
  creator: { id: string; username: string; profileImageUrl: string | null };
  boxes: BoxWithHash[];
  recipients: ShroUserRef[];
  context: ViewerContext;
  /** Only loaded, and only given, for the creator. */
  creatorExtras: CreatorExtras | null;
  now: Date;
}

function presentBox(
  entry: BoxWithHash,
  frame: ViewerFrame | null,
  visible: boolean,
  flags: { isRevealed: boolean; isSelected: boolean; selectionCount: number | null },
): ShroBox {
  const { box, imageSha256 } = entry;
  // In a shuffled Shro the box is the viewer's: their id, position, salt and so commitment (decision 189).
  const position = frame ? frame.positionOf(box.position) : box.position;
  const salt = frame ? frame.saltOf(box.position) : box.salt;
  return {
    id: frame ? frame.idOf(box.id) : box.id,
    position,
    label: visible ? box.label : null,
    imageUrl: visible ? (box.imageKey ? uploadUrl(box.imageKey) : box.imageUrl) : null,
    textContent: visible ? box.textContent : null,
    category: visible ? box.category : null,
    tmdbData: visible ? ((box.tmdbData as TmdbData | null) ?? null) : null,
    imageSha256: visible && box.imageKey ? imageSha256 : null,
    isEmpty: isEmptyBox(box),
    isRevealed: flags.isRevealed,
    isSelected: flags.isSelected,
    commitment: frame ? commitBox(salt, committedContentOfStored(entry, position)) : box.commitment,
    salt: visible ? salt : null,
    selectionCount: flags.selectionCount,
  };
}

/** The Shro as one viewer may see it (docs/product.md §4 "Boxes stay hidden" and "Checkable reveal"). */
export function presentShro(input: ShroViewInput): Shro {
  const { shro, creator, boxes, context, creatorExtras, now } = input;
  const isCreator = context.role === 'creator';
  const ownPick = isCreator ? null : context.ownPick;

  const viewerId = context.viewer?.id ?? null;
  const { status, selectedBoxId } = presentShroState(shro, context.role, viewerId, ownPick, now);
  const frame = isCreator ? null : frameFor(shro, viewerId);
  const idOf = (realBoxId: number) => frame?.idOf(realBoxId) ?? realBoxId;
  const positionOf = (realPosition: number) => frame?.positionOf(realPosition) ?? realPosition;
  const winningBox =
    shro.winningBoxPosition === null ? null : (boxes.find((b) => b.box.position === shro.winningBoxPosition) ?? null);
  const seesWinning = isCreator || ownPick !== null;
  const ownBox = ownPick ? boxes.find((b) => b.box.id === ownPick.boxId) : undefined;

  const presentedBoxes = boxes
    .map((entry) => {
      const visible = isCreator || entry.box.id === ownPick?.boxId;
      const selectionCount = creatorExtras ? (creatorExtras.selectionCounts.get(entry.box.id) ?? 0) : null;
      return presentBox(entry, frame, visible, {
        isRevealed: isCreator ? (selectionCount ?? 0) > 0 : entry.box.id === ownPick?.boxId,
        isSelected: idOf(entry.box.id) === selectedBoxId,
        selectionCount,
      });
    })
    .sort((a, b) => a.position - b.position);
  const winningPosition = shro.winningBoxPosition === null ? null : positionOf(shro.winningBoxPosition);
  const winningSalt = frame ? frame.winningSalt : shro.winningSalt;

  // An anonymous Shro's creator sees counts only (decision 188): this is the one place that rule lives.
  const namesPickers = isCreator && !shro.isAnonymous;
  let participants: ShroParticipant[] = [];
  if (creatorExtras) participants = namesPickers ? creatorExtras.participants : [];
  else if (ownPick && ownBox && context.viewer) {
    participants = [
      {
        userId: context.viewer.id,
        username: context.viewer.username,
        selectedBoxId: idOf(ownPick.boxId),
        selectedBoxPosition: positionOf(ownBox.box.position),
        reaction: context.ownReaction,
        createdAt: ownPick.createdAt.toISOString(),
      },
    ];
  }

  // A recipient sees only themselves among the recipients: who else got it is the creator's business.
  const recipients = isCreator
    ? input.recipients
    : input.recipients.filter((r) => context.viewer && r.id === context.viewer.id);

  return {
    id: shro.id,
    title: shro.title,
    type: shro.type,
    status,
    creatorId: shro.creatorId,
    creator: { id: creator.id, username: creator.username, profileImageUrl: creator.profileImageUrl },
    recipient: recipients[0] ? { username: recipients[0].username } : null,
    recipients,
    isShareable: shro.isShareable,
    isPublic: shro.isPublic,
    isAnonymous: shro.isAnonymous,
    isShuffled: shro.shuffleKey !== null,
    createdAt: shro.createdAt.toISOString(),
    expiresAt: shro.expiresAt?.toISOString() ?? null,
    selectedBoxId,
    winningBoxId: seesWinning && winningBox ? idOf(winningBox.box.id) : null,
    winningBoxPosition: seesWinning ? winningPosition : null,
    winningSalt: seesWinning ? winningSalt : null,
    winningCommitment:
      (frame && winningSalt ? commitWinningPosition(winningSalt, winningPosition) : shro.winningCommitment) ?? '',
    selectedByUser: isCreator
      ? namesPickers
        ? (creatorExtras?.firstPickUsername ?? null)
        : null
      : ownPick
        ? (context.viewer?.username ?? null)
        : null,
    isCorrect: ownBox && shro.winningBoxPosition !== null ? ownBox.box.position === shro.winningBoxPosition : null,
    boxes: presentedBoxes,
    participants,
    // The creator's board and count come from one snapshot of the picks (one response agrees with itself).
    participantCount: creatorExtras?.participantCount ?? shro.participantCount,
    hashtags: shro.hashtags,
    myReaction: isCreator ? null : context.ownReaction,
    reactions: creatorExtras?.reactionCounts ?? [],
    viewerRole: context.role,
    hasSelected: ownPick !== null,
    moderation: isCreator ? shro.moderationStatus : null,
  };
}

/** One history card. */
export function presentListItem(input: {
  shro: ShroRow;
  creator: { id: string; username: string; profileImageUrl: string | null };
  viewerId: string;
  recipients: ShroUserRef[];
  ownPickAt: Date | null;
  now: Date;
}): ShroListItem {
  const { shro, creator, viewerId, now } = input;
  const isCreator = shro.creatorId === viewerId;
  const role: ViewerRole = isCreator ? 'creator' : isPrivateShro(shro) ? 'recipient' : 'participant';
  const recipients = isCreator ? input.recipients : input.recipients.filter((r) => r.id === viewerId);
  return {
    id: shro.id,
    title: shro.title,
    type: shro.type,
    status: viewerStatus(shro, role, input.ownPickAt, now),
    createdAt: shro.createdAt.toISOString(),
    expiresAt: shro.expiresAt?.toISOString() ?? null,
    direction: isCreator ? 'sent' : 'received',
    isPublic: shro.isPublic,
    isShareable: shro.isShareable,
    creatorId: shro.creatorId,
    creator: { id: creator.id, username: creator.username, profileImageUrl: creator.profileImageUrl },
    recipient: recipients[0] ? { username: recipients[0].username } : null,
    recipients,
    recipientCount: isCreator ? input.recipients.length : recipients.length,
    participantCount: shro.participantCount,
    hasSelected: input.ownPickAt !== null,
    hashtags: shro.hashtags,
  };
}

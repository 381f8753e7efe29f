import { z } from 'zod';
import { REACTION_EMOJIS, SHRO_STATUSES, SHRO_TYPES } from './shros';

/**
 * What the API answers about Shros. Each shape is a plain `z.object`: the route's response schema
 * serialises through it, so a field a presenter adds by mistake is stripped before it leaves
 * (docs/decisions/090-response-schemas-strip.md). The TypeScript types are read off the schemas.
 */

const shroTypeSchema = z.enum(SHRO_TYPES);
const shroStatusSchema = z.enum(SHRO_STATUSES);
const reactionEmojiSchema = z.enum(REACTION_EMOJIS);

/**
 * Who is looking: the creator; a friend the private Shro was sent to; a signed-in user who opened
 * a box of a link/public Shro; a signed-in user who has not; a signed-out visitor.
 */
const viewerRoleSchema = z.enum(['creator', 'recipient', 'participant', 'viewer', 'visitor']);
export type ViewerRole = z.output<typeof viewerRoleSchema>;

/** A movie/TV pick as stored (the output of the create input's `tmdbData`). */
const tmdbDataViewSchema = z.object({
  id: z.number(),
  title: z.string(),
  poster_path: z.string().nullable(),
  release_date: z.string().nullable(),
  vote_average: z.number().nullable(),
});

/**
 * One box. Content fields (`label`, `imageUrl`, `textContent`, `category`, `tmdbData`,
 * `imageSha256`, `salt`) are null unless the viewer may see this box: the creator sees every
 * box, a participant only the box they opened, anyone else none. `commitment`, `position`
 * and `isEmpty` are public.
 */
export const shroBoxSchema = z.object({
  id: z.number(),
  position: z.number(),
  label: z.string().nullable(),
  /** `/api/uploads/<key>` for uploads, a poster URL for movie/TV. */
  imageUrl: z.string().nullable(),
  textContent: z.string().nullable(),
  category: z.string().nullable(),
  tmdbData: tmdbDataViewSchema.nullable(),
  /** Uploaded images: SHA-256 of the served bytes (part of the commitment). */
  imageSha256: z.string().nullable(),
  /** A box the creator left unfilled: it holds nothing and cannot be opened (docs/decisions/003-box-filling.md). */
  isEmpty: z.boolean(),
  /** Opened: by this viewer (participant), or by anyone (creator). */
  isRevealed: z.boolean(),
  /** The viewer's `selectedBoxId`. */
  isSelected: z.boolean(),
  /** hex SHA-256(salt ‖ canonical content), fixed at creation; see contract/commitment.ts. */
  commitment: z.string(),
  salt: z.string().nullable(),
  /** Creator only: how many participants opened this box (null for everyone else). */
  selectionCount: z.number().nullable(),
});
export type ShroBox = z.output<typeof shroBoxSchema>;

const shroParticipantSchema = z.object({
  userId: z.string(),
  username: z.string(),
  selectedBoxId: z.number(),
  selectedBoxPosition: z.number(),
  /** The participant's reaction, if any. */
  reaction: reactionEmojiSchema.nullable(),
  /** When the box was opened. */
  createdAt: z.string(),
});
export type ShroParticipant = z.output<typeof shroParticipantSchema>;

const shroUserRefSchema = z.object({ id: z.string(), username: z.string() });
export type ShroUserRef = z.output<typeof shroUserRefSchema>;

const shroCreatorSchema = z.object({ id: z.string(), username: z.string(), profileImageUrl: z.string().nullable() });
const shroRecipientSchema = z.object({ username: z.string() }).nullable();

/**
 * GET /api/sessions/:id, and the answer of create (201) and select: the Shro as this viewer
 * may see it (docs/product.md §3, §4 "Boxes stay hidden").
 */
export const shroSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: shroTypeSchema,
  /**
   * Waiting / selected ("Revealing...") / revealed / expired. Private Shros: for the creator the
   * first opened box drives it; for a recipient, their own box. Link and public Shros stay
   * `waiting` until they expire.
   */
  status: shroStatusSchema,
  creatorId: z.string(),
  creator: shroCreatorSchema,
  /** First recipient of a private Shro (null otherwise). */
  recipient: shroRecipientSchema,
  /** Private Shros: every recipient for the creator; just the viewer for a recipient. */
  recipients: z.array(shroUserRefSchema),
  isShareable: z.boolean(),
  isPublic: z.boolean(),
  /**
   * Nobody learns who opened which box, the creator included: the creator's `participants` is
   * empty and `selectedByUser` null; counts stay (decision 188).
   */
  isAnonymous: z.boolean(),
  /**
   * Each viewer but the creator sees the boxes in their own order under their own ids, and every
   * box id, position, salt and commitment of their view is theirs (decision 189).
   */
  isShuffled: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** The viewer's opened box; for the creator of a private Shro, the first box opened. */
  selectedBoxId: z.number().nullable(),
  /** Creator always; a participant once they opened a box; otherwise null. */
  winningBoxId: z.number().nullable(),
  winningBoxPosition: z.number().nullable(),
  /** Revealed with the winning box, so `winningCommitment` can be checked. */
  winningSalt: z.string().nullable(),
  winningCommitment: z.string(),
  /** Username of whoever opened `selectedBoxId`. */
  selectedByUser: z.string().nullable(),
  /** True when the viewer opened a box and a winning box was set: did they find it? */
  isCorrect: z.boolean().nullable(),
  boxes: z.array(shroBoxSchema),
  /**
   * Creator: everyone who opened a box (newest first, at most PARTICIPANTS_LIST_MAX).
   * Anyone else: only their own entry once they opened a box (others see `participantCount`).
   */
  participants: z.array(shroParticipantSchema),
  participantCount: z.number(),
  /** Comma-separated, lower case, without `#` (see normaliseHashtags), or null. */
  hashtags: z.string().nullable(),
  myReaction: reactionEmojiSchema.nullable(),
  /** Creator only: how many of each reaction came in (empty for everyone else). */
  reactions: z.array(z.object({ emoji: reactionEmojiSchema, count: z.number() })),
  viewerRole: viewerRoleSchema,
  hasSelected: z.boolean(),
  /**
   * Creator only (null for everyone else): whether the Shro may be listed on explore. `pending_review`:
   * its public text matched the word filter and a moderator looks at it first; `auto_hidden`: enough
   * people reported it; `hidden`: moderators took it off explore (docs/decisions/112-objectionable-content-filter.md).
   */
  moderation: z.enum(['visible', 'pending_review', 'auto_hidden', 'hidden']).nullable(),
});
export type Shro = z.output<typeof shroSchema>;

/** One history card (GET /api/sessions items). */
export const shroListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: shroTypeSchema,
  /** As the viewer sees it (see Shro.status). */
  status: shroStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** `sent`: the viewer created it; `received`: sent to them, or they joined it by link/explore. */
  direction: z.enum(['sent', 'received']),
  isPublic: z.boolean(),
  isShareable: z.boolean(),
  /** The same as `creator.id`, as the detail view (Shro.creatorId) has it. */
  creatorId: z.string(),
  creator: shroCreatorSchema,
  /** First recipient (for "@username"), null for link/public Shros. */
  recipient: shroRecipientSchema,
  /** Private Shros: every recipient for the creator; just the viewer for a recipient. */
  recipients: z.array(shroUserRefSchema),
  /** For "N friends" on sent cards (0 for link/public Shros). */
  recipientCount: z.number(),
  participantCount: z.number(),
  hasSelected: z.boolean(),
  hashtags: z.string().nullable(),
});
export type ShroListItem = z.output<typeof shroListItemSchema>;

/**
 * GET /api/sessions?page=&pageSize=&tab=all|sent|received — the viewer's history, newest first,
 * without the ones they removed. Without parameters: page 1 of `all`, 10 per page.
 */
export const shroListResponseSchema = z.object({
  items: z.array(shroListItemSchema),
  /** Items in the requested tab. */
  total: z.number(),
  counts: z.object({ all: z.number(), sent: z.number(), received: z.number() }),
  page: z.number(),
  pageSize: z.number(),
});
export type ShroListResponse = z.output<typeof shroListResponseSchema>;

/** POST /api/sessions/:id/react */
export const reactResponseSchema = z.object({
  success: z.literal(true),
  emoji: reactionEmojiSchema,
  /** True when this replaced an earlier reaction of the same user. */
  replaced: z.boolean(),
});
export type ReactResponse = z.output<typeof reactResponseSchema>;

/** DELETE /api/sessions/:id — `deleted` for the creator, `hidden` for a recipient/participant. */
export const deleteShroResponseSchema = z.object({
  success: z.literal(true),
  result: z.enum(['deleted', 'hidden']),
});
export type DeleteShroResponse = z.output<typeof deleteShroResponseSchema>;

import { z } from 'zod';

/**
 * Reports and moderation (issue 11; docs/decisions/106-reports-and-moderation-api.md). The report
 * dialog and the /moderation page validate with these schemas, as the server does.
 */

const REPORT_TARGET_TYPES = ['shro', 'user', 'message', 'image'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'sexual', 'violence', 'hate', 'self_harm', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the report dialog's radio list says for each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or scam',
  harassment: 'Harassment or bullying',
  sexual: 'Sexual content',
  violence: 'Violence or threats',
  hate: 'Hate speech',
  self_harm: 'Self-harm or suicide',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 500;
export const MODERATION_REASON_MAX = 500;

export const MODERATION_MESSAGES = {
  reportThanks: "Thanks, we'll review this",
  /** Anything the reporter may not see, or that does not exist. */
  targetNotFound: 'Not found',
  self: 'You cannot report yourself or your own content',
  duplicate: 'You have already reported this. We will review it soon.',
  /** Every moderation route, for anyone who is not a moderator. */
  notFound: 'Not found',
  reasonRequired: 'A reason is required',
  untilInPast: 'The suspension must end in the future',
  untilOnlyForSuspend: 'Only a suspension takes an end date',
  cannotSuspendModerator: 'A moderator cannot be suspended',
} as const;

/** "The action X does not apply to a Y": a 400 for a combination the queue never offers. */
export const actionNotApplicableMessage = (action: string, targetType: ReportTargetType) =>
  `The action "${action}" does not apply to a ${targetType}`;

const targetIdSchema = z
  .string({ error: 'targetId is required' })
  .trim()
  .min(1, 'targetId is required')
  .max(100, 'targetId is too long');

/**
 * POST /api/reports. `targetId`: a Shro id, a user id, a message id (its number), or an image's
 * upload key (the last part of its `/api/uploads/<key>` URL).
 */
export const createReportInputSchema = z.strictObject({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: 'targetType must be one of shro, user, message, image' }),
  targetId: targetIdSchema,
  reason: z.enum(REPORT_REASONS, {
    error: 'reason must be one of spam, harassment, sexual, violence, hate, self_harm, other',
  }),
  details: z
    .string({ error: 'details must be text' })
    .trim()
    .max(REPORT_DETAILS_MAX, `details must be at most ${REPORT_DETAILS_MAX} characters`)
    .optional(),
});
export type CreateReportInput = z.input<typeof createReportInputSchema>;

export const reportCreatedSchema = z.object({ id: z.number(), status: z.literal('open'), message: z.string() });
export type ReportCreated = z.output<typeof reportCreatedSchema>;

/** GET /api/moderation/me: only moderators get an answer (everyone else 404). */
export const moderatorMeSchema = z.object({ isModerator: z.literal(true) });

const moderationStatusSchema = z.enum(['visible', 'pending_review', 'auto_hidden', 'hidden']);
export type ModerationStatus = z.output<typeof moderationStatusSchema>;

const userRefSchema = z.object({ id: z.string(), username: z.string() });

/** One entry of the queue: a reported target (open reports grouped), or a public Shro waiting for approval. */
const moderationQueueItemSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  /** Whose content it is (the user themselves for a user report); null once that account is gone. */
  owner: userRefSchema.nullable(),
  /** Distinct users with an open report on it (0 for a Shro only waiting for approval). */
  reporterCount: z.number(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  /** The oldest open report, or the Shro's creation for one waiting for approval. */
  oldestAt: z.string(),
  /** A short text of the content: a Shro's title, a message, a username; null for an image or gone content. */
  preview: z.string().nullable(),
  /** Shros only. */
  moderationStatus: moderationStatusSchema.nullable(),
  /** The content no longer exists (deleted by its owner). */
  gone: z.boolean(),
});
export type ModerationQueueItem = z.output<typeof moderationQueueItemSchema>;
export const moderationQueueSchema = z.array(moderationQueueItemSchema);

export const moderationTargetParamsSchema = z.strictObject({
  type: z.enum(REPORT_TARGET_TYPES, { error: 'Unknown target type' }),
  id: targetIdSchema,
});

const moderationBoxSchema = z.object({
  position: z.number(),
  label: z.string().nullable(),
  textContent: z.string().nullable(),
  category: z.string().nullable(),
  /** A moderator-only image URL (/api/moderation/images/<key>) or a poster URL. */
  imageUrl: z.string().nullable(),
  isWinning: z.boolean(),
});

/** GET /api/moderation/targets/:type/:id: the reported content in full, and its open reports (reporters unnamed). */
export const moderationTargetSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  owner: userRefSchema.nullable(),
  gone: z.boolean(),
  shro: z
    .object({
      id: z.string(),
      title: z.string(),
      type: z.string(),
      isPublic: z.boolean(),
      isShareable: z.boolean(),
      hashtags: z.string().nullable(),
      moderationStatus: moderationStatusSchema,
      createdAt: z.string(),
      boxes: z.array(moderationBoxSchema),
    })
    .nullable(),
  user: z
    .object({
      id: z.string(),
      username: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      profileImageUrl: z.string().nullable(),
      createdAt: z.string(),
      /** Set while suspended; null otherwise. */
      suspendedUntil: z.string().nullable(),
      /** True for a suspension without an end. */
      suspendedForGood: z.boolean(),
      suspensionReason: z.string().nullable(),
    })
    .nullable(),
  message: z.object({ content: z.string(), createdAt: z.string(), recipient: userRefSchema.nullable() }).nullable(),
  image: z.object({ url: z.string(), kind: z.enum(['box', 'avatar']) }).nullable(),
  reports: z.array(z.object({ reason: z.enum(REPORT_REASONS), details: z.string().nullable(), createdAt: z.string() })),
});
export type ModerationTarget = z.output<typeof moderationTargetSchema>;

const MODERATION_ACTIONS = ['dismiss', 'hide', 'restore', 'approve', 'delete', 'suspend', 'unsuspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Which actions each kind of target takes; the page offers exactly these. */
export const ACTIONS_BY_TARGET: Record<ReportTargetType, readonly ModerationAction[]> = {
  shro: ['dismiss', 'hide', 'restore', 'approve', 'delete'],
  user: ['dismiss', 'suspend', 'unsuspend'],
  message: ['dismiss', 'delete'],
  image: ['dismiss', 'delete'],
};

/** POST /api/moderation/actions. `until` (suspend only): when the suspension ends; without it, for good. */
export const moderationActionInputSchema = z.strictObject({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: 'targetType must be one of shro, user, message, image' }),
  targetId: targetIdSchema,
  action: z.enum(MODERATION_ACTIONS, {
    error: 'action must be one of dismiss, hide, restore, approve, delete, suspend, unsuspend',
  }),
  reason: z
    .string({ error: MODERATION_MESSAGES.reasonRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.reasonRequired)
    .max(MODERATION_REASON_MAX, `reason must be at most ${MODERATION_REASON_MAX} characters`),
  until: z.iso.datetime({ offset: true, error: 'until must be an ISO 8601 date and time' }).optional(),
});
export type ModerationActionInput = z.input<typeof moderationActionInputSchema>;

export const moderationActionResultSchema = z.object({
  success: z.literal(true),
  action: z.enum(MODERATION_ACTIONS),
  /** Open reports this closed. */
  resolvedReports: z.number(),
});
export type ModerationActionResult = z.output<typeof moderationActionResultSchema>;

export const moderationLogQuerySchema = z.strictObject({
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'before must be a log entry id')
    .transform(Number)
    .optional(),
});

/** One audit entry: who (null for the automatic hide), what, when, why. */
const moderationLogEntrySchema = z.object({
  id: z.number(),
  moderator: userRefSchema.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.output<typeof moderationLogEntrySchema>;
export const moderationLogSchema = z.array(moderationLogEntrySchema);
export const MODERATION_LOG_PAGE = 100;

/** The sign-in refusal for a suspended account: why and until when. */
export function suspendedLoginMessage(until: Date | null, reason: string | null): string {
  const why = reason ? ` Reason: ${reason}` : '';
  if (!until) return `Your account has been suspended permanently.${why}`;
  return `Your account is suspended until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.${why}`;
}

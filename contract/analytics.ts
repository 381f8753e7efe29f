import { z } from 'zod';

export * from './analytics-events';

import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_CATEGORIES,
  ANALYTICS_EVENT_NAMES,
  ANALYTICS_LABEL_MAX,
  ANALYTICS_PATH_MAX,
  type AnalyticsEventName,
  INVITE_SHARE_TARGETS,
  SHARE_TARGETS,
} from './analytics-events';

const ANALYTICS_MESSAGES = {
  batch: `events must be a list of 1 to ${ANALYTICS_BATCH_MAX} events`,
  name: `Unknown event name: use one of ${ANALYTICS_EVENT_NAMES.join(', ')}`,
  category: `Unknown event category: use one of ${ANALYTICS_CATEGORIES.join(', ')}`,
  label: `label must be text of at most ${ANALYTICS_LABEL_MAX} characters`,
  path: `path must be a path starting with "/", at most ${ANALYTICS_PATH_MAX} characters`,
  shareTarget: `A share_shro label must be where it was shared: one of ${SHARE_TARGETS.join(', ')}`,
  inviteShareTarget: `A share_invite label must be where it was shared: one of ${INVITE_SHARE_TARGETS.join(', ')}`,
} as const;

const isShareTarget = (label: string | null) => label !== null && (SHARE_TARGETS as readonly string[]).includes(label);
const isInviteShareTarget = (label: string | null) =>
  label !== null && (INVITE_SHARE_TARGETS as readonly string[]).includes(label);

const optionalText = (max: number, message: string, extra?: (value: string) => boolean) =>
  z
    .string({ error: message })
    .max(max, message)
    .refine((value) => !extra || value === '' || extra(value), message)
    .nullish()
    .transform((value) => value || null);

const analyticsEventSchema = z
  .strictObject(
    {
      name: z.enum(ANALYTICS_EVENT_NAMES as [AnalyticsEventName, ...AnalyticsEventName[]], {
        error: ANALYTICS_MESSAGES.name,
      }),
      category: z.enum(ANALYTICS_CATEGORIES, { error: ANALYTICS_MESSAGES.category }),
      label: optionalText(ANALYTICS_LABEL_MAX, ANALYTICS_MESSAGES.label),
      path: optionalText(ANALYTICS_PATH_MAX, ANALYTICS_MESSAGES.path, (value) => value.startsWith('/')),
    },
    { error: 'Each event must be {name, category, label?, path?}' },
  )
  .refine((event) => event.name !== 'share_shro' || isShareTarget(event.label), {
    message: ANALYTICS_MESSAGES.shareTarget,
    path: ['label'],
  })
  .refine((event) => event.name !== 'share_invite' || isInviteShareTarget(event.label), {
    message: ANALYTICS_MESSAGES.inviteShareTarget,
    path: ['label'],
  });

/** POST /api/analytics: a batch of events, sent by fetch or navigator.sendBeacon. */
export const analyticsBatchSchema = z.strictObject(
  {
    events: z
      .array(analyticsEventSchema, { error: ANALYTICS_MESSAGES.batch })
      .min(1, ANALYTICS_MESSAGES.batch)
      .max(ANALYTICS_BATCH_MAX, ANALYTICS_MESSAGES.batch),
  },
  { error: ANALYTICS_MESSAGES.batch },
);
export type AnalyticsBatch = z.output<typeof analyticsBatchSchema>;

/** POST /api/analytics answer (202). */
export const analyticsAcceptedSchema = z.object({ accepted: z.number() });
export type AnalyticsAccepted = z.output<typeof analyticsAcceptedSchema>;

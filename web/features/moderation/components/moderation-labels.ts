import type { ModerationAction, ReportTargetType } from '@contract/moderation';
import { Image as ImageIcon, MessageSquare, Package, User } from 'lucide-react';

/** The words and icons the moderation screens share. */

export const TYPE_LABELS: Record<ReportTargetType, string> = {
  shro: 'Shro',
  user: 'Account',
  message: 'Message',
  image: 'Image',
};
export const TYPE_ICONS = { shro: Package, user: User, message: MessageSquare, image: ImageIcon } as const;

export const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss reports',
  hide: 'Hide from explore',
  restore: 'Restore',
  approve: 'Approve',
  delete: 'Delete',
  suspend: 'Suspend account',
  unsuspend: 'Lift suspension',
};

/** The audit log's entries: the actions above, plus what the system and a content view write. */
export const LOG_LABELS: Record<string, string> = {
  ...ACTION_LABELS,
  auto_hide: 'Auto-hidden after reports',
  view: 'Viewed reported content',
};

export const STATUS_LABELS = {
  visible: null,
  pending_review: 'Waiting for approval',
  auto_hidden: 'Auto-hidden',
  hidden: 'Hidden',
} as const;

/** A target picked from the queue for review. */
export type Selected = { type: ReportTargetType; id: string };

import type { ModerationAction, ReportTargetType } from '@contract/moderation';
import { PRODUCT_NAME } from '@contract/product';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Image as ImageIcon, MessageSquare, Package, User } from 'lucide-react';

/**
 * The words and icons the moderation screens share. Words are message descriptors: render them
 * with `i18n._(…)` from `useLingui()`.
 */

const TYPE_LABELS: Record<Exclude<ReportTargetType, 'shro'>, MessageDescriptor> = {
  user: msg`Account`,
  message: msg`Message`,
  image: msg`Image`,
};

/** What a target is, as the queue and the review name it (a Shro is the brand, in every language). */
export function typeLabel(type: ReportTargetType, i18n: I18n): string {
  return type === 'shro' ? PRODUCT_NAME : i18n._(TYPE_LABELS[type]);
}

export const TYPE_ICONS = { shro: Package, user: User, message: MessageSquare, image: ImageIcon } as const;

export const ACTION_LABELS: Record<ModerationAction, MessageDescriptor> = {
  dismiss: msg`Dismiss reports`,
  hide: msg`Hide from explore`,
  restore: msg`Restore`,
  approve: msg`Approve`,
  delete: msg`Delete`,
  suspend: msg`Suspend account`,
  unsuspend: msg`Lift suspension`,
};

/** The audit log's entries: the actions above, plus what the system and a content view write. */
export const LOG_LABELS: Record<string, MessageDescriptor> = {
  ...ACTION_LABELS,
  auto_hide: msg`Auto-hidden after reports`,
  view: msg`Viewed reported content`,
};

export const STATUS_LABELS = {
  visible: null,
  pending_review: msg`Waiting for approval`,
  auto_hidden: msg`Auto-hidden`,
  hidden: msg`Hidden`,
} as const;

/** A target picked from the queue for review. */
export type Selected = { type: ReportTargetType; id: string };

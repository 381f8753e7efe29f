import { PRODUCT_NAME } from './product';

/**
 * What people are told when the objectionable-content filter matches their public text
 * (docs/decisions/112-objectionable-content-filter.md).
 */
export const CONTENT_FILTER_MESSAGES = {
  username: 'Please choose a different username. This one contains a word we do not allow.',
  firstName: 'Please choose a different first name. This one contains a word we do not allow.',
  lastName: 'Please choose a different last name. This one contains a word we do not allow.',
  /** Shown to the creator of a public Shro that waits for a moderator before it is listed. */
  pendingReview: `Your ${PRODUCT_NAME} is waiting for a quick review before it appears on Explore.`,
} as const;

/**
 * What the creator of a Shro kept off explore reads on its page (`Shro.moderation`, creator only).
 * Everyone with the link can still open it.
 */
export const CREATOR_MODERATION_NOTES = {
  pending_review: CONTENT_FILTER_MESSAGES.pendingReview,
  auto_hidden: `Several people reported this ${PRODUCT_NAME}. It is off Explore until a moderator looks at it.`,
  hidden: `Hidden by moderators: this ${PRODUCT_NAME} no longer appears on Explore.`,
} as const;

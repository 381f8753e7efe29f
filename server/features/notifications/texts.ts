import { PRODUCT_NAME } from '../../../contract/product';

/**
 * What notifications say (the spec's words; decision 120 for the grouped ones), as ICU messages
 * worded in each recipient's saved language when stored (docs/decisions/167-server-texts.md).
 * A placeholder holds a name, a title or a count, never a piece of a sentence.
 */
export const NOTIFICATION_TEXTS = {
  friendRequestTitle: 'New friend request',
  friendRequest: '@{username} sent you a friend request',
  friendAcceptedTitle: 'Friend request accepted',
  friendAccepted: '@{username} accepted your friend request. You are now friends!',
  inviteAcceptedTitle: 'Your invite was accepted',
  inviteAccepted: `@{username} joined ${PRODUCT_NAME} with your invite: you're friends now`,
  shroReceivedTitle: `New ${PRODUCT_NAME}!`,
  shroReceived: `@{username} sent you a ${PRODUCT_NAME}: "{title}"`,
  boxOpenedTitle: 'Box opened!',
  boxOpened: '@{username} opened Box #{position} in "{title}"',
  boxesOpened:
    '{others, plural, one {@{username} and 1 other opened a box in "{title}"} other {@{username} and # others opened a box in "{title}"}}',
  boxOpenedAnonymous: 'Someone opened Box #{position} in "{title}"',
  boxesOpenedAnonymous:
    '{count, plural, one {1 person opened a box in "{title}"} other {# people opened a box in "{title}"}}',
  nudgeTitle: 'Waiting for you',
  nudge: '@{username} is waiting for you to open a box in "{title}"',
  deadlineReminderTitle: 'Closing soon',
  deadlineReminder: '"{title}" closes in less than an hour. Open a box before it does!',
  closedTitle: `Your ${PRODUCT_NAME} has closed`,
  closedPrivate: '"{title}" has closed: {opened} of {total} opened a box',
  closed:
    '{opened, plural, =0 {"{title}" has closed: no one opened a box} one {"{title}" has closed: 1 person opened a box} other {"{title}" has closed: # people opened a box}}',
  reactionTitle: 'New reaction!',
  reaction: '@{username} reacted {emoji} to "{title}"',
  reactions:
    '{others, plural, one {@{username} and 1 other reacted to "{title}"} other {@{username} and # others reacted to "{title}"}}',
  reactionAnonymous: 'Someone reacted {emoji} to "{title}"',
  reactionsAnonymous: '{count, plural, one {1 person reacted to "{title}"} other {# people reacted to "{title}"}}',
  achievementTitle: 'Achievement Unlocked!',
  achievement: '{icon} {name}: {description}',
  shroHiddenTitle: `Your ${PRODUCT_NAME} was hidden by moderators`,
  shroHidden: `Moderators hid your ${PRODUCT_NAME} "{title}" from explore. Reason: {reason}`,
  shroRestoredTitle: `Your ${PRODUCT_NAME} is on explore`,
  shroRestored: `Moderators reviewed your ${PRODUCT_NAME} "{title}": it is listed on explore again.`,
  shroRemovedTitle: `Your ${PRODUCT_NAME} was removed by moderators`,
  shroRemoved: `Moderators removed your ${PRODUCT_NAME} "{title}". Reason: {reason}`,
  suspendedTitle: 'Your account was suspended',
  suspendedForever: 'Your account was suspended permanently. Reason: {reason}',
  suspendedUntil: 'Your account is suspended until {until} UTC. Reason: {reason}',
  unsuspendedTitle: 'Your account suspension was lifted',
  unsuspended: 'Moderators lifted the suspension of your account. Reason: {reason}',
  messageRemovedTitle: 'Your message was removed by moderators',
  messageRemoved: 'Moderators removed a message you sent. Reason: {reason}',
  imageRemovedTitle: 'Your image was removed by moderators',
  imageRemoved: 'Moderators removed an image you uploaded. Reason: {reason}',
  reportOutcomeTitle: 'Update on your report',
  reportRemoved: `{target, select, shroNamed {We reviewed your report of the ${PRODUCT_NAME} "{label}" and removed it.} shro {We reviewed your report of a ${PRODUCT_NAME} and removed it.} userNamed {We reviewed your report of @{label} and removed it.} user {We reviewed your report of an account and removed it.} message {We reviewed your report of a message and removed it.} other {We reviewed your report of an image and removed it.}} Thank you for helping keep ${PRODUCT_NAME} safe.`,
  reportHidden: `{target, select, shroNamed {We reviewed your report of the ${PRODUCT_NAME} "{label}" and hid it from explore.} shro {We reviewed your report of a ${PRODUCT_NAME} and hid it from explore.} userNamed {We reviewed your report of @{label} and hid it from explore.} user {We reviewed your report of an account and hid it from explore.} message {We reviewed your report of a message and hid it from explore.} other {We reviewed your report of an image and hid it from explore.}} Thank you for helping keep ${PRODUCT_NAME} safe.`,
  reportSuspended: `{target, select, shroNamed {We reviewed your report of the ${PRODUCT_NAME} "{label}" and suspended the account.} shro {We reviewed your report of a ${PRODUCT_NAME} and suspended the account.} userNamed {We reviewed your report of @{label} and suspended the account.} user {We reviewed your report of an account and suspended the account.} message {We reviewed your report of a message and suspended the account.} other {We reviewed your report of an image and suspended the account.}} Thank you for helping keep ${PRODUCT_NAME} safe.`,
  reportDismissed: `{target, select, shroNamed {We reviewed your report of the ${PRODUCT_NAME} "{label}" and found no violation of our rules.} shro {We reviewed your report of a ${PRODUCT_NAME} and found no violation of our rules.} userNamed {We reviewed your report of @{label} and found no violation of our rules.} user {We reviewed your report of an account and found no violation of our rules.} message {We reviewed your report of a message and found no violation of our rules.} other {We reviewed your report of an image and found no violation of our rules.}}`,
} as const;

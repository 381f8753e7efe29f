import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';

/** A friend action's toast, as message descriptors: the caller's `i18n` words it when it shows. */
export interface FriendToast {
  title: MessageDescriptor;
  description?: MessageDescriptor;
}

/** Shows a friend action's toast in the page's language (`i18n` from `useLingui()`). */
export function showFriendToast(i18n: I18n, { title, description }: FriendToast) {
  toast(description ? { title: i18n._(title), description: i18n._(description) } : { title: i18n._(title) });
}

/** Runs a friend action and shows its toast; failures show the server's message (docs/product.md §8). */
export async function runFriendAction<T>(
  i18n: I18n,
  action: () => Promise<T>,
  success: (result: T) => FriendToast,
): Promise<void> {
  try {
    const result = await action();
    showFriendToast(i18n, success(result));
  } catch (error) {
    toast({ variant: 'destructive', title: errorMessage(error, i18n, i18n._(msg`Something went wrong`)) });
  }
}

export const acceptedToast: FriendToast = {
  title: msg`Friend request accepted!`,
  description: msg`You are now friends`,
};
export const declinedToast: FriendToast = { title: msg`Friend request declined` };
export const removedToast: FriendToast = { title: msg`Friend removed` };
/** A request to someone who had already asked me makes us friends straight away. */
export const requestSentToast = (status: string): FriendToast =>
  status === 'friends' ? acceptedToast : { title: msg`Friend request sent!` };

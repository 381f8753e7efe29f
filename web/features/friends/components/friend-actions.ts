import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';

/** Runs a friend action and shows its toast; failures show the server's message (docs/product.md §8). */
export async function runFriendAction<T>(
  action: () => Promise<T>,
  success: (result: T) => { title: string; description?: string },
): Promise<void> {
  try {
    const result = await action();
    toast(success(result));
  } catch (error) {
    toast({ variant: 'destructive', title: errorMessage(error, 'Something went wrong') });
  }
}

export const acceptedToast = { title: 'Friend request accepted!', description: 'You are now friends' };
export const declinedToast = { title: 'Friend request declined' };
export const removedToast = { title: 'Friend removed' };
/** A request to someone who had already asked me makes us friends straight away. */
export const requestSentToast = (status: string) =>
  status === 'friends' ? acceptedToast : { title: 'Friend request sent!' };

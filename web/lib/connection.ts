import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { NetworkError } from './api-client';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether the browser has a connection, following the `online` and `offline` events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * Keeps data right across lost connections: the query client starts from the browser's real
 * state (it assumes online otherwise, so a reload while offline would never notice the return),
 * refetches everything when the connection returns, and on focus refetches reads that failed
 * for want of a connection (a real error answer is left alone).
 */
export function watchConnection(queryClient: QueryClient): () => void {
  onlineManager.setOnline(navigator.onLine);
  let wasOnline = onlineManager.isOnline();
  const unsubscribe = onlineManager.subscribe((online) => {
    if (online && !wasOnline) void queryClient.invalidateQueries();
    wasOnline = online;
  });
  const refetchFailed = () => {
    if (document.visibilityState !== 'visible' || !onlineManager.isOnline()) return;
    void queryClient.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.error instanceof NetworkError,
    });
  };
  window.addEventListener('focus', refetchFailed);
  document.addEventListener('visibilitychange', refetchFailed);
  return () => {
    unsubscribe();
    window.removeEventListener('focus', refetchFailed);
    document.removeEventListener('visibilitychange', refetchFailed);
  };
}

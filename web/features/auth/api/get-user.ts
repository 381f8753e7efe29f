import type { CurrentUser } from '@contract/auth';
import { SIGNED_IN_COOKIE } from '@contract/signed-in-marker';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGetOrNullOn401, NetworkError } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/**
 * The server's signed-in marker is there (contract/signed-in-marker.ts): without it this
 * browser holds no session, and asking who is signed in would only log a 401 in every visitor's page.
 */
const mayBeSignedIn = () => document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_COOKIE}=`));

/** 401 means signed out; cached 5 minutes, no retry, no refetch on focus (docs/product.md §7). */
const currentUserQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.currentUser),
  queryFn: () => (mayBeSignedIn() ? apiGetOrNullOn401<CurrentUser>(apiPaths.currentUser) : null),
  staleTime: 300_000,
  retry: false,
  refetchOnWindowFocus: false,
});

/**
 * The signed-in user the server wrote into the page (decision 174), read once: the block goes, so
 * nothing later takes it for a fresher answer. Null when the page holds none or it does not parse.
 */
function takeInlineUser(): CurrentUser | null {
  const block = document.getElementById('current-user');
  if (!block) return null;
  block.remove();
  try {
    const user = JSON.parse(block.textContent ?? '') as CurrentUser;
    return typeof user?.id === 'string' && typeof user.username === 'string' ? user : null;
  } catch {
    return null;
  }
}

/**
 * Starts the auth check as the app starts, before its first render (web/app/early-reads.ts). The
 * user the page holds is shown meanwhile, so the first render need not wait for the check, and it
 * tells `wasSignedIn` before the page's code loads; the check's answer is the state either way.
 */
export function startAuthCheck(queryClient: QueryClient) {
  const inline = takeInlineUser();
  if (!inline) return void queryClient.prefetchQuery(currentUserQueryOptions);
  queryClient.setQueryData(currentUserQueryOptions.queryKey, inline);
  writeLastUser(inline);
  void queryClient.fetchQuery({ ...currentUserQueryOptions, staleTime: 0 }).catch(() => {});
}

/** The last signed-in user on this device, shown while the server cannot be reached (decision 019). */
const lastUserKey = 'shro:last-user';

function readLastUser(): CurrentUser | null {
  try {
    const raw = localStorage.getItem(lastUserKey);
    const parsed = raw ? (JSON.parse(raw) as CurrentUser) : null;
    return parsed && typeof parsed.id === 'string' && typeof parsed.username === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Someone was signed in on this device the last time the app knew: a hint, before the auth check
 * answers, to start loading what signed-in users see (decision 094). Never a reason to show it.
 */
export const wasSignedIn = () => readLastUser() !== null;

/** Forgets the stored user at once (signing out), before the next check says so. */
export const forgetLastUser = () => writeLastUser(null);

function writeLastUser(user: CurrentUser | null) {
  try {
    if (user) localStorage.setItem(lastUserKey, JSON.stringify(user));
    else localStorage.removeItem(lastUserKey);
  } catch {
    // storage full or blocked: only the offline fallback is lost
  }
}

/**
 * The signed-in user. When the check could not reach the server (offline, network error), that is
 * not "signed out": `isOffline` is true and `user` is the last user seen on this device, if any.
 */
export function useAuth() {
  const query = useQuery(currentUserQueryOptions);
  const { data } = query;
  useEffect(() => {
    if (data !== undefined) writeLastUser(data);
  }, [data]);
  const isOffline = data === undefined && (query.fetchStatus === 'paused' || query.error instanceof NetworkError);
  const user = data ?? (isOffline ? readLastUser() : null);
  return { user, isLoading: query.isLoading, isAuthenticated: Boolean(user), isOffline };
}

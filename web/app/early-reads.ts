import { pageForPath } from '@contract/page-for-path';
import { everyMemberParts, type SessionPartName, sessionPartsOf } from '@contract/session-parts';
import type { Shro } from '@contract/shro-views';
import type { QueryClient } from '@tanstack/react-query';
import { startAuthCheck, wasSignedIn } from '@/features/auth/api/get-user';
import { shroQueryOptions } from '@/features/shros/api/get-shro';
import {
  boxChecksPart,
  creatorBoardPart,
  moderationNotePart,
  openedResultPart,
  shroViewPart,
} from '@/features/shros/components/session/session-parts';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { type LazyPart, preloadParts } from '@/lib/lazy-part';
import { preloadSignedInHeader } from './layout/header';
import { sessionMemberActionsPart } from './routes/session-member-actions-part';

/**
 * The answer of `apiPath` the server wrote into the page (server/features/seo/render-meta.ts
 * injectPageData), with when it was read, read once: the block goes, so nothing later takes it
 * for a fresher answer. Undefined when the page holds none for that path, or it does not parse.
 */
function takePageData(apiPath: string): { data: unknown; at: number } | undefined {
  const block = [...document.querySelectorAll<HTMLElement>('script[data-api-path]')].find(
    (each) => each.dataset.apiPath === apiPath,
  );
  if (!block) return undefined;
  block.remove();
  try {
    const data: unknown = JSON.parse(block.textContent ?? '');
    // The server's clock, never later than now here: a clock behind the server's cannot make an
    // old answer look fresh.
    const at = Math.min(Number(block.dataset.at) || 0, Date.now());
    return { data, at };
  } catch {
    return undefined;
  }
}

/** Answers the server put in the page for these paths go into the cache (decision 176). */
function takeReads(queryClient: QueryClient, apiPaths: string[]) {
  for (const apiPath of apiPaths) {
    const inline = takePageData(apiPath);
    if (inline !== undefined) queryClient.setQueryData(queryKey(apiPath), inline.data, { updatedAt: inline.at });
  }
}

/**
 * A tab opened on a Shro page (a shared link, usually on a phone) starts reading the Shro as the
 * app starts, beside the page's own code, instead of after it: one round trip less before the
 * boxes show (bench section 6; decision 094). When someone was signed in on this device, the code
 * only signed-in users see on that page (which visitors never load) starts now too, beside the
 * auth check, rather than after it.
 */
export function startEarlyReads(queryClient: QueryClient, pathname: string): Promise<void> | undefined {
  // Every page asks who is signed in; the first render waits for the page's code (decision 143).
  startAuthCheck(queryClient);
  const signedInBefore = wasSignedIn();
  if (signedInBefore) void preloadSignedInHeader().catch(() => {});
  const page = pageForPath(pathname);
  if (page?.name === 'home') {
    if (signedInBefore) void import('./routes/home-member').catch(() => {});
    // The signed-in home's inbox and friend requests, when the server put them in the page: the
    // home shows whole at once, without its sections growing under the reader.
    takeReads(queryClient, [apiPaths.home, apiPaths.friendRequests]);
    return undefined;
  }
  if (page?.name !== 'session' || !page.params.id) return undefined;
  // The id as the page reads it (wouter's useParams): the router decoded the path already.
  const id = page.params.id;
  // The server put the Shro in the page (decision 140): no read at all before the boxes show.
  const inline = takePageData(apiPaths.shro(id));
  // As old as it is: a page that took longer than a poll interval to start reads it again at
  // once, behind the boxes it already shows (picks made meanwhile, with no event to tell).
  if (inline !== undefined) {
    queryClient.setQueryData(shroQueryOptions(id).queryKey, inline.data as Shro, { updatedAt: inline.at });
  } else void queryClient.prefetchQuery(shroQueryOptions(id));
  // A member sees the game; a visitor's Join card does without its code. When the page says the
  // viewer is a member, the first render waits for the code of what they will see (decision 143).
  const member = inline === undefined ? undefined : memberParts(inline.data);
  if (member) return preloadParts(member);
  // Who was signed in here may be a member: what every member's view shows.
  if (signedInBefore) void preloadParts(everyMemberParts.flatMap((name) => SESSION_PARTS[name]));
  return undefined;
}

/** Each part of a Shro page (contract/session-parts.ts) as the app loads it. */
const SESSION_PARTS: Record<SessionPartName, Pick<LazyPart, 'preload'>[]> = {
  'shro-view': [shroViewPart],
  'session-member-actions': [sessionMemberActionsPart],
  'creator-board': [creatorBoardPart],
  'moderation-note': [moderationNotePart],
  'opened-box': [openedResultPart, boxChecksPart],
};

/**
 * What a member's view of this Shro shows of the parts that load on their own; undefined for a
 * visitor's view (or data that is not a Shro).
 */
function memberParts(data: unknown): Pick<LazyPart, 'preload'>[] | undefined {
  return sessionPartsOf(data)?.flatMap((name) => SESSION_PARTS[name]);
}

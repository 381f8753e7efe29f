import { appPages } from '@contract/pages';
import type { QueryClient } from '@tanstack/react-query';
import { shroQueryOptions } from '@/features/shros/api/get-shro';

/** `/session/:id` as a RegExp, from the page table (contract/pages.ts). */
const sessionPath = new RegExp(`^${appPages.session.path.replace(':id', '([^/]+)')}/?$`);

/**
 * A tab opened on a Shro page (a shared link, usually on a phone) starts reading the Shro as the
 * app starts, beside the page's own code, instead of after it: one round trip less before the
 * boxes show (bench section 6; decision 094).
 */
export function startEarlyReads(queryClient: QueryClient, pathname: string) {
  const match = sessionPath.exec(pathname);
  if (!match) return;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return; // a malformed link: the page itself answers it
  }
  void queryClient.prefetchQuery(shroQueryOptions(id));
}

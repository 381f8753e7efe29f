import type { Shro } from '@contract/shro-views';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { LoadBoundary } from '@/components/load-boundary';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { wasDismissed } from '../utils/push-prompt-dismissed';

/** The card and the Web Push code load only for a viewer it may be offered to (decision 094). */
const PushPrompt = lazy(() => import('./push-prompt'));

/**
 * "Get notified when friends answer": offered on a Shro the user sent or received, the moment
 * push explains itself (decision 118). Never on load, never when the browser already answered;
 * the permission prompt only follows the user's click. It shows once the browser said whether
 * push is on, so loading its code meanwhile changes nothing on screen.
 */
export function PushPromptCard({ shroId }: { shroId: string }) {
  // The Shro page's own read (never fetched from here): who the viewer is in this Shro.
  const shro = useQuery<Shro>({ queryKey: queryKey(apiPaths.shro(shroId)), enabled: false });
  const role = shro.data?.viewerRole;
  if (role !== 'creator' && role !== 'recipient') return null;
  if (wasDismissed() || typeof Notification === 'undefined' || Notification.permission !== 'default') return null;
  return (
    <LoadBoundary fallback={null}>
      <Suspense fallback={null}>
        <PushPrompt sender={role === 'creator'} />
      </Suspense>
    </LoadBoundary>
  );
}

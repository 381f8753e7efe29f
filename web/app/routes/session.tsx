import { useEffect } from 'react';
import { useParams } from 'wouter';
import { LoadBoundary } from '@/components/load-boundary';
import { useAuth } from '@/features/auth/api/get-user';
import { PushPromptCard } from '@/features/notifications/components/push-prompt-card';
import { shroViewPart } from '@/features/shros/components/session/session-parts';
import { ShroPage } from '@/features/shros/components/session/shro-page';
import { LazyPartView, preloadParts } from '@/lib/lazy-part';
import { sessionMemberActionsPart } from './session-member-actions-part';

/** /session/:id is public: visitors get the Join card, members the game (and mute or block from blocks). */
export default function SessionPage() {
  const { id } = useParams<{ id: string }>();
  const { user } = useAuth();
  // A member sees the game, not the Join card: its code loads beside the Shro's read, not after it
  // (early-reads.ts already started it if someone was signed in on this device).
  useEffect(() => {
    if (!user) return;
    void preloadParts([shroViewPart, sessionMemberActionsPart]);
  }, [user]);
  // A new id is a new page: state such as a running reveal must not carry over.
  return (
    <>
      <ShroPage
        key={id}
        id={id}
        shroActions={(shro) => (
          <LoadBoundary fallback={null}>
            <LazyPartView part={sessionMemberActionsPart} shro={shro} />
          </LoadBoundary>
        )}
      />
      {/* "Get notified when friends answer": for the Shro's creator or recipient only (decision 118),
          below the Shro so it never covers a box. */}
      <PushPromptCard key={`push-${id}`} shroId={id} />
    </>
  );
}

import { PRODUCT_NAME, PRODUCT_NAME_PLURAL } from '@contract/product';
import { Globe, Send, Users } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePlatformStats } from '../api/get-platform-stats';
import { FloatingActions } from './floating-actions';
import { HomeFrame } from './home-frame';
import { HomeInbox } from './home-inbox';

/**
 * The spec's badge of Shros created on the platform, saying what it counts: private Shros stay out
 * of every public counter (docs/decisions/021-public-counters.md), so it is not the user's own tally.
 */
const badgeText = (total: number) =>
  `${total.toLocaleString()} ${total === 1 ? PRODUCT_NAME : PRODUCT_NAME_PLURAL} shared publicly or by link`;

/** The signed-in home: the inbox (friend requests come from the friends feature, via the page), then the spec's home. */
export function MemberHome({ friendRequests }: { friendRequests: ReactNode }) {
  const stats = usePlatformStats();
  const sendRef = useRef<HTMLAnchorElement>(null);
  const total = stats.data?.totalShros ?? 0;
  return (
    <HomeFrame
      before={<HomeInbox friendRequests={friendRequests} />}
      badge={total > 0 ? badgeText(total) : undefined}
      footer={{
        quickLinks: [
          { label: 'Create', href: '/create' },
          { label: 'Your History', href: '/history' },
          { label: 'Add Friends', href: '/friends' },
          { label: 'Achievements', href: '/achievements' },
        ],
        features: ['Movie & TV Templates', 'Achievements & Streaks', 'Friends & Social Features', 'Mobile App Ready'],
      }}
      after={<FloatingActions inPageCreate={sendRef} />}
    >
      <div className="mt-10 grid w-full max-w-3xl gap-4 sm:grid-cols-2">
        <Card className="group p-6 text-left transition-all hover:-translate-y-1 hover:border-brand/60">
          <Users className="size-7 text-brand" />
          <h2 className="mt-3 text-lg font-bold">Send to Friends</h2>
          <p className="mt-1 text-sm text-muted">
            Only the friends you select take part. Perfect for private decisions, surprises and group choices.
          </p>
        </Card>
        <Card className="group p-6 text-left transition-all hover:-translate-y-1 hover:border-brand-2/60">
          <Globe className="size-7 text-brand-2" />
          <h2 className="mt-3 text-lg font-bold">Share with Anyone</h2>
          <p className="mt-1 text-sm text-muted">
            A shareable link with an expiration time, open to many participants at once.
          </p>
        </Card>
      </div>
      <Button asChild size="lg" className="mt-8">
        <Link href="/create" ref={sendRef}>
          <Send /> Send a {PRODUCT_NAME}
        </Link>
      </Button>
    </HomeFrame>
  );
}

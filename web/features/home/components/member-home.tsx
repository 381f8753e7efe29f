import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Globe, Send, Users } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePlatformStats } from '../api/get-platform-stats';
import { FloatingActions } from './floating-actions';
import { HomeFrame } from './home-frame';
import { HomeInbox } from './home-inbox';

/** The signed-in home: the inbox (friend requests come from the friends feature, via the page), then the spec's home. */
export function MemberHome({ friendRequests }: { friendRequests: ReactNode }) {
  const stats = usePlatformStats();
  const sendRef = useRef<HTMLAnchorElement>(null);
  const total = stats.data?.totalShros ?? 0;
  const { t } = useLingui();
  // The spec's badge of Shros created on the platform, saying what it counts: private Shros stay out
  // of every public counter (docs/decisions/021-public-counters.md), so it is not the user's own tally.
  const badge = t`${plural(total, { one: '# Shro shared publicly or by link', other: '# Shros shared publicly or by link' })}`;
  return (
    <HomeFrame
      before={<HomeInbox friendRequests={friendRequests} />}
      badge={total > 0 ? badge : undefined}
      footer={{
        signedIn: true,
        quickLinks: [
          { label: t`Create`, href: pageHref('create') },
          { label: t`Your History`, href: pageHref('history') },
          { label: t`Add Friends`, href: pageHref('friends') },
          { label: t`Achievements`, href: pageHref('achievements') },
        ],
        features: [
          t`Movie & TV Templates`,
          t`Achievements & Streaks`,
          t`Friends & Social Features`,
          t`Mobile App Ready`,
        ],
      }}
      after={<FloatingActions inPageCreate={sendRef} />}
    >
      <div className="mt-10 grid w-full max-w-3xl gap-4 sm:grid-cols-2">
        <Card className="group p-6 text-start transition-all hover:-translate-y-1 hover:border-brand/60">
          <Users className="size-7 text-brand" />
          <h2 className="mt-3 text-lg font-bold">
            <Trans>Send to Friends</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>
              Only the friends you select take part. Perfect for private decisions, surprises and group choices.
            </Trans>
          </p>
        </Card>
        <Card className="group p-6 text-start transition-all hover:-translate-y-1 hover:border-brand-2/60">
          <Globe className="size-7 text-brand-2" />
          <h2 className="mt-3 text-lg font-bold">
            <Trans>Share with Anyone</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>A shareable link with an expiration time, open to many participants at once.</Trans>
          </p>
        </Card>
      </div>
      <Button asChild size="lg" className="mt-8">
        <Link href={pageHref('create')} ref={sendRef}>
          <Send /> <Trans>Send a {PRODUCT_NAME}</Trans>
        </Link>
      </Button>
    </HomeFrame>
  );
}

import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { PlayCircle, Smartphone, UserPlus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { HomeFrame } from './home-frame';

/** The tutorial's code (Radix dialog included) loads when it is first opened (decision 094). */
const TutorialDialog = lazy(() => import('./tutorial-dialog').then((module) => ({ default: module.TutorialDialog })));

export function VisitorHome() {
  const [tutorialOpen, setTutorialOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps Radix's own close handling.
  const [tutorialLoaded, setTutorialLoaded] = useState(false);
  const openTutorial = () => {
    setTutorialLoaded(true);
    setTutorialOpen(true);
  };
  const signUpRef = useRef<HTMLAnchorElement>(null);
  const { t } = useLingui();
  return (
    <HomeFrame
      badge={t`Open beta · Free to use`}
      footer={{
        signedIn: false,
        quickLinks: [
          { label: t`Sign In`, href: pageHref('login') },
          { label: t`Create Account`, href: pageHref('register') },
          { label: t`How It Works`, onClick: openTutorial },
        ],
        features: [
          t`Mystery box decisions`,
          t`Private, link or public sharing`,
          t`Live reveals`,
          t`Achievements & streaks`,
        ],
      }}
      after={
        tutorialLoaded && (
          <Suspense fallback={null}>
            <TutorialDialog open={tutorialOpen} onOpenChange={setTutorialOpen} getStartedTarget={signUpRef} />
          </Suspense>
        )
      }
    >
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <Link href={pageHref('register')} ref={signUpRef}>
            <UserPlus /> <Trans>Sign up free</Trans>
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href={pageHref('login')}>
            <Trans>Sign In</Trans>
          </Link>
        </Button>
        <Button size="lg" variant="ghost" onClick={openTutorial}>
          <PlayCircle /> <Trans>Quick Tutorial</Trans>
        </Button>
      </div>
      <p className="mt-6 flex items-center gap-2 text-sm text-muted">
        <Smartphone className="size-4 shrink-0" aria-hidden="true" />{' '}
        <Trans>{PRODUCT_NAME} is in open beta. Native Android and iOS apps are coming soon.</Trans>
      </p>
    </HomeFrame>
  );
}

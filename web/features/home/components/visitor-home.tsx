import { PRODUCT_NAME } from '@contract/product';
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
  return (
    <HomeFrame
      badge="Open beta · Free to use"
      footer={{
        quickLinks: [
          { label: 'Sign In', href: '/login' },
          { label: 'Create Account', href: '/register' },
          { label: 'How It Works', onClick: openTutorial },
        ],
        features: [
          'Mystery box decisions',
          'Private, link or public sharing',
          'Live reveals',
          'Achievements & streaks',
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
          <Link href="/register" ref={signUpRef}>
            <UserPlus /> Sign up free
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/login">Sign In</Link>
        </Button>
        <Button size="lg" variant="ghost" onClick={openTutorial}>
          <PlayCircle /> Quick Tutorial
        </Button>
      </div>
      <p className="mt-6 flex items-center gap-2 text-sm text-muted">
        <Smartphone className="size-4 shrink-0" aria-hidden="true" /> {PRODUCT_NAME} is in open beta. Native Android and
        iOS apps are coming soon.
      </p>
    </HomeFrame>
  );
}

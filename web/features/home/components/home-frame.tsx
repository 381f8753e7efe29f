import type { ComponentProps, ReactNode } from 'react';
import { FeatureCards } from './feature-cards';
import { Hero } from './hero';
import { SiteFooter } from './site-footer';

interface HomeFrameProps {
  /** Above the headline (the signed-in home's inbox). */
  before?: ReactNode;
  /** The pill above the headline, if any. */
  badge?: string;
  /** What follows the headline: the page's own actions. */
  children: ReactNode;
  footer: ComponentProps<typeof SiteFooter>;
  /** Anything after the footer (floating buttons, a dialog). */
  after?: ReactNode;
}

/** The page both homes share: the headline with its badge and actions, the feature cards, the footer. */
export function HomeFrame({ before, badge, children, footer, after }: HomeFrameProps) {
  return (
    <>
      <div className="mx-auto w-full max-w-6xl px-4">
        {before}
        <Hero
          badge={
            badge ? (
              <span className="rounded-full border border-brand/40 bg-brand/10 px-3 py-1 text-xs font-semibold text-purple-200">
                {badge}
              </span>
            ) : undefined
          }
        >
          {children}
        </Hero>
        <div className="mt-14">
          <FeatureCards />
        </div>
      </div>
      <SiteFooter {...footer} />
      {after}
    </>
  );
}

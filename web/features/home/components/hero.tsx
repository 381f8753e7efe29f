import { PRODUCT_NAME } from '@contract/product';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { MysteryBoxArt } from '@/components/mystery-box-art';

/** The shared headline: "{product} Your Friends or {product} The World". */
export function Hero({ children, badge }: { children?: ReactNode; badge?: ReactNode }) {
  return (
    <section className="flex flex-col items-center pt-12 text-center sm:pt-20">
      {badge}
      <h1 className="mt-5 max-w-3xl text-4xl font-black leading-tight tracking-tight sm:text-6xl">
        <Trans>
          <span className="bg-gradient-to-r from-purple-300 via-fuchsia-300 to-pink-300 bg-clip-text text-transparent">
            {PRODUCT_NAME} Your Friends
          </span>{' '}
          or{' '}
          <span className="bg-gradient-to-r from-pink-300 to-amber-200 bg-clip-text text-transparent">
            {PRODUCT_NAME} The World
          </span>
        </Trans>
      </h1>
      <p className="mt-5 max-w-xl text-lg text-muted">
        <Trans>Hide four options in four mystery boxes. Your friends open one. The reveal decides.</Trans>
      </p>
      <div className="mt-10 grid w-full max-w-sm grid-cols-4 gap-3 sm:max-w-md sm:gap-5">
        {[1, 2, 3, 4].map((position) => (
          <MysteryBoxArt key={position} position={position} motion="float" />
        ))}
      </div>
      {children}
    </section>
  );
}

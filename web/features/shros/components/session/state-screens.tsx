import { INVITE_QUERY_PARAM, isInviteTokenShape } from '@contract/invite-links';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import type { ShroType } from '@contract/shros';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LogIn, SearchX, Sparkles, TimerOff, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { Logo } from '@/components/logo';
import { MysteryBoxArt } from '@/components/mystery-box-art';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ClosesInNote } from './closes-in-note';

export function ShroLoading() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 py-24" role="status" aria-live="polite">
      <Logo className="size-14 animate-float" />
      <p className="text-sm text-muted">
        <Trans>Loading session...</Trans>
      </p>
    </div>
  );
}

function Notice({
  icon,
  title,
  children,
  extra,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** What comes before Return Home (which then steps back to a secondary button). */
  extra?: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md p-6 text-center animate-pop sm:p-8">
        <div className="mx-auto mb-5 flex size-16 items-center justify-center rounded-2xl bg-surface-2 text-purple-300">
          {icon}
        </div>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-muted">{children}</p>
        {extra}
        <Button
          asChild
          size="lg"
          variant={extra ? 'ghost' : 'primary'}
          className={extra ? 'mt-2 w-full' : 'mt-6 w-full'}
        >
          <Link href="/">
            <Trans>Return Home</Trans>
          </Link>
        </Button>
      </Card>
    </div>
  );
}

export function ShroNotFound() {
  const { t } = useLingui();
  return (
    <Notice icon={<SearchX className="size-8" />} title={t`Session Not Found`}>
      <Trans>The session you're looking for doesn't exist or has expired.</Trans>
    </Notice>
  );
}

/** A Shro's title in quotes, as each language quotes. */
function QuotedTitle({ title }: { title: string }) {
  return <Trans>"{title}"</Trans>;
}

/**
 * "A photo Shro by @ana with 4 mystery boxes": one sentence per kind, so each language words its own.
 * The count has one form in English ("with 1 mystery boxes", as the page has always said it).
 */
function WhatItWas({ type, creator, optionCount }: { type: ShroType; creator: string; optionCount: number }) {
  switch (type) {
    case 'image':
      return (
        <Trans>
          A photo {PRODUCT_NAME} by <strong className="text-zinc-100">@{creator}</strong> with{' '}
          <Plural value={optionCount} other="# mystery boxes" />
        </Trans>
      );
    case 'text':
      return (
        <Trans>
          A text {PRODUCT_NAME} by <strong className="text-zinc-100">@{creator}</strong> with{' '}
          <Plural value={optionCount} other="# mystery boxes" />
        </Trans>
      );
    case 'movie':
      return (
        <Trans>
          A movie {PRODUCT_NAME} by <strong className="text-zinc-100">@{creator}</strong> with{' '}
          <Plural value={optionCount} other="# mystery boxes" />
        </Trans>
      );
    case 'tv':
      return (
        <Trans>
          A TV {PRODUCT_NAME} by <strong className="text-zinc-100">@{creator}</strong> with{' '}
          <Plural value={optionCount} other="# mystery boxes" />
        </Trans>
      );
  }
}

/**
 * An expired link (docs/product.md §2's texts), not a dead end (issue 13, item 8): who made it and
 * what it was (title and kind, never a box), then "Create your own" (through sign-up for a visitor).
 */
export function ShroExpired({
  shro,
  signedIn,
}: {
  shro?: { title: string; type: ShroType; creator: { username: string }; optionCount: number };
  signedIn?: boolean;
}) {
  const { t } = useLingui();
  const createHref = signedIn ? pageHref('create') : pageHref('register', { query: { redirect: pageHref('create') } });
  return (
    <Notice
      icon={<TimerOff className="size-8" />}
      title={t`This ${PRODUCT_NAME} has expired`}
      extra={
        shro && (
          <>
            <figure
              className="mt-5 rounded-2xl border border-border bg-base/50 p-4 text-start"
              aria-label={t`What it was`}
            >
              <p className="truncate text-lg font-bold">
                <QuotedTitle title={shro.title} />
              </p>
              <p className="mt-1 text-sm text-muted">
                <WhatItWas type={shro.type} creator={shro.creator.username} optionCount={shro.optionCount} />
              </p>
            </figure>
            <p className="mt-4 text-sm text-muted">
              <Trans>Make your own in a minute and send it to your friends.</Trans>
            </p>
            <Button asChild size="lg" className="mt-3 w-full">
              <Link href={createHref}>
                <Sparkles /> <Trans>Create your own {PRODUCT_NAME}</Trans>
              </Link>
            </Button>
            {!signedIn && (
              <p className="mt-3 text-sm text-muted">
                <Trans>
                  Already have an account?{' '}
                  <Link
                    href={pageHref('login', { query: { redirect: pageHref('create') } })}
                    className="font-semibold text-purple-200 underline"
                  >
                    Sign in
                  </Link>
                </Trans>
              </p>
            )}
          </>
        )
      }
    >
      <Trans>This shareable {PRODUCT_NAME} is no longer accepting participants.</Trans>
    </Notice>
  );
}

/** A signed-out visitor on a link or public Shro: who made it, its title, and how to take part. */
export function JoinCard({
  shroId,
  title,
  creator,
  optionCount,
  expiresAt = null,
}: {
  shroId: string;
  title: string;
  creator: string;
  /**
   * A link that expires shows how long it stays open; a public Shro's deadline shows once the
   * visitor is signed in (its words are a member's, decision 186).
   */
  expiresAt?: string | null;
  /** Filled boxes: a Shro with 2 options shows 2 boxes, not 4 (two of them empty). */
  optionCount: number;
}) {
  const back = pageHref('session', { id: shroId });
  // The creator's share link carries their invite: signing up from here makes the two friends (decision 127).
  const invite = new URLSearchParams(useSearch()).get(INVITE_QUERY_PARAM);
  const registerHref = pageHref('register', {
    query: { redirect: back, [INVITE_QUERY_PARAM]: isInviteTokenShape(invite) ? invite : undefined },
  });
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
      <Card className="relative w-full max-w-md overflow-hidden p-6 text-center sm:p-8 animate-pop">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-40 bg-[radial-gradient(ellipse_at_top,rgba(236,72,153,0.25),transparent_70%)]"
        />
        <div
          className="relative mx-auto grid gap-2"
          style={{ gridTemplateColumns: `repeat(${optionCount}, minmax(0, 1fr))`, maxWidth: `${optionCount * 4}rem` }}
        >
          {Array.from({ length: optionCount }, (_, i) => i + 1).map((position) => (
            <MysteryBoxArt key={position} position={position} motion="float" showMark={false} />
          ))}
        </div>
        <h1 className="relative mt-5 text-3xl font-black tracking-tight">
          <span className="bg-gradient-to-r from-purple-200 to-pink-200 bg-clip-text text-transparent">
            <Trans>Join the Mystery</Trans>
          </span>
        </h1>
        <p className="relative mt-3 text-muted">
          <Trans>
            <strong className="text-zinc-100">@{creator}</strong> invited you to open{' '}
            <Plural
              value={optionCount}
              _1="a mystery box"
              _2="one of two mystery boxes"
              _3="one of three mystery boxes"
              _4="one of four mystery boxes"
              other="one of # mystery boxes"
            />{' '}
            in
          </Trans>
        </p>
        <p className="relative mt-1 text-lg font-bold">
          <QuotedTitle title={title} />
        </p>
        <ClosesInNote expiresAt={expiresAt} />
        <p className="relative mt-3 text-sm text-muted">
          <Trans>Sign in to pick your box. Only one chance!</Trans>
        </p>
        {isInviteTokenShape(invite) && (
          <p className="relative mt-2 text-sm text-emerald-200">
            <Trans>New here? Create an account and you'll be friends with @{creator} right away.</Trans>
          </p>
        )}
        <div className="relative mt-6 grid gap-3">
          <Button asChild size="lg">
            <Link href={pageHref('login', { query: { redirect: back } })}>
              <LogIn /> <Trans>Sign In to Participate</Trans>
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href={registerHref}>
              <UserPlus /> <Trans>Create Account</Trans>
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}

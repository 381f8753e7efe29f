import { INVITE_QUERY_PARAM, isInviteTokenShape } from '@contract/invite-links';
import { PRODUCT_NAME } from '@contract/product';
import type { ShroType } from '@contract/shros';
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
      <p className="text-sm text-muted">Loading session...</p>
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
          <Link href="/">Return Home</Link>
        </Button>
      </Card>
    </div>
  );
}

export function ShroNotFound() {
  return (
    <Notice icon={<SearchX className="size-8" />} title="Session Not Found">
      The session you're looking for doesn't exist or has expired.
    </Notice>
  );
}

const typeWords: Record<ShroType, string> = { image: 'photo', text: 'text', movie: 'movie', tv: 'TV' };

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
  const createHref = signedIn ? '/create' : '/register?redirect=/create';
  return (
    <Notice
      icon={<TimerOff className="size-8" />}
      title={`This ${PRODUCT_NAME} has expired`}
      extra={
        shro && (
          <>
            <figure className="mt-5 rounded-2xl border border-border bg-base/50 p-4 text-left" aria-label="What it was">
              <p className="truncate text-lg font-bold">"{shro.title}"</p>
              <p className="mt-1 text-sm text-muted">
                A {typeWords[shro.type]} {PRODUCT_NAME} by{' '}
                <strong className="text-zinc-100">@{shro.creator.username}</strong> with {shro.optionCount} mystery
                boxes
              </p>
            </figure>
            <p className="mt-4 text-sm text-muted">Make your own in a minute and send it to your friends.</p>
            <Button asChild size="lg" className="mt-3 w-full">
              <Link href={createHref}>
                <Sparkles /> Create your own {PRODUCT_NAME}
              </Link>
            </Button>
            {!signedIn && (
              <p className="mt-3 text-sm text-muted">
                Already have an account?{' '}
                <Link href="/login?redirect=/create" className="font-semibold text-purple-200 underline">
                  Sign in
                </Link>
              </p>
            )}
          </>
        )
      }
    >
      This shareable {PRODUCT_NAME} is no longer accepting participants.
    </Notice>
  );
}

const numberWords: Record<number, string> = { 2: 'two', 3: 'three', 4: 'four' };

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
  /** A link that expires shows how long it stays open. */
  expiresAt?: string | null;
  /** Filled boxes: a Shro with 2 options shows 2 boxes, not 4 (two of them empty). */
  optionCount: number;
}) {
  const back = `/session/${shroId}`;
  // The creator's share link carries their invite: signing up from here makes the two friends (decision 127).
  const invite = new URLSearchParams(useSearch()).get(INVITE_QUERY_PARAM);
  const registerHref = isInviteTokenShape(invite)
    ? `/register?redirect=${back}&${INVITE_QUERY_PARAM}=${invite}`
    : `/register?redirect=${back}`;
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
            Join the Mystery
          </span>
        </h1>
        <p className="relative mt-3 text-muted">
          <strong className="text-zinc-100">@{creator}</strong> invited you to open{' '}
          {optionCount === 1 ? 'a mystery box' : `one of ${numberWords[optionCount] ?? optionCount} mystery boxes`} in
        </p>
        <p className="relative mt-1 text-lg font-bold">"{title}"</p>
        <ClosesInNote expiresAt={expiresAt} />
        <p className="relative mt-3 text-sm text-muted">Sign in to pick your box. Only one chance!</p>
        {isInviteTokenShape(invite) && (
          <p className="relative mt-2 text-sm text-emerald-200">
            New here? Create an account and you'll be friends with @{creator} right away.
          </p>
        )}
        <div className="relative mt-6 grid gap-3">
          <Button asChild size="lg">
            <Link href={`/login?redirect=${back}`}>
              <LogIn /> Sign In to Participate
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href={registerHref}>
              <UserPlus /> Create Account
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}

import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import type { Shro, ShroBox, ShroParticipant } from '@contract/shro-views';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BellRing, Eye, Globe, Link2, Lock, Smile, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { userHandle } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { shroClosesInText } from '@/lib/shro-closes-in';
import { toast } from '@/lib/use-toast';
import { useNudgeShro } from '../../api/nudge-shro';
import { boxDetail, boxText } from './box-text';
import { BoxVisual } from './box-visual';
import { ClosesInNote } from './closes-in-note';
import { ShroNotes } from './shro-notes';

/** How many usernames a box lists before "+N more" (docs/product.md §2). */
const NAMES_SHOWN = 3;

function deliveryLine(shro: Shro, i18n: I18n): { icon: typeof Globe; text: string } {
  if (shro.isPublic && shro.moderation && shro.moderation !== 'visible')
    return { icon: Globe, text: i18n._(msg`Public, not on Explore for now: people with the link can open a box`) };
  if (shro.isPublic) return { icon: Globe, text: i18n._(msg`Public on Explore: anyone can open a box`) };
  if (shro.isShareable) {
    const when = shro.expiresAt
      ? new Date(shro.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
      : null;
    // An expired link reads as ended in the past tense: never a past date as "expires".
    const text =
      shro.status === 'expired'
        ? when
          ? msg`Shareable link, link expired ${when}`
          : msg`Shareable link, link expired`
        : when
          ? msg`Shareable link, link expires ${when}`
          : msg`Shareable link, link never expires`;
    return { icon: Link2, text: i18n._(text) };
  }
  const names = shro.recipients.map((r) => userHandle(r.username));
  const [first = '', second = ''] = names;
  const count = names.length;
  const text =
    count <= 1
      ? msg`Sent privately to ${first}`
      : count === 2
        ? msg`Sent privately to ${first} and ${second}`
        : msg`${plural(count, { one: 'Sent privately to # friend', other: 'Sent privately to # friends' })}`;
  return { icon: Lock, text: i18n._(text) };
}

/**
 * Counts of people are written as they are, without a thousands separator (ICU's `#` would add one),
 * as this page has always shown them.
 */
function boardHeading(expired: boolean, opened: number, i18n: I18n): string {
  if (expired)
    return i18n._(
      opened === 0
        ? msg`Your ${PRODUCT_NAME} has ended: no one opened a box`
        : msg`${plural(opened, { one: `Ended: ${opened} person opened a box`, other: `Ended: ${opened} people opened a box` })}`,
    );
  return i18n._(
    opened === 0
      ? msg`Your ${PRODUCT_NAME} is live!`
      : msg`${plural(opened, { one: `${opened} person has opened a box`, other: `${opened} people have opened a box` })}`,
  );
}

/** The creator's view of a Shro: a created/analytics card and every box with who opened it. */
export function CreatorBoard({ shro }: { shro: Shro }) {
  const { t, i18n } = useLingui();
  const delivery = deliveryLine(shro, i18n);
  const reactionTotal = shro.reactions.reduce((sum, r) => sum + r.count, 0);
  const isPrivate = !shro.isPublic && !shro.isShareable;
  const opened = shro.participantCount;
  const filledBoxes = shro.boxes.filter((b) => !b.isEmpty);

  return (
    <div className="mt-8 space-y-6">
      <Card className="relative overflow-hidden p-5 sm:p-6">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-16 -top-16 size-48 rounded-full bg-brand-2/20 blur-3xl"
        />
        <div className="relative flex items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-brand to-brand-2 text-white shadow-lg">
            <delivery.icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 className="text-lg font-bold">{boardHeading(shro.status === 'expired', opened, i18n)}</h2>
            <p className="text-sm text-muted">{delivery.text}</p>
            {/* A link's line names its expiry; another Shro's deadline counts down here (issue 40). */}
            {!shro.isShareable && shro.status !== 'expired' && (
              <ClosesInNote expiresAt={shro.expiresAt} wording={shroClosesInText} />
            )}
          </div>
        </div>
        <div className="relative">
          <ShroNotes shro={shro} />
        </div>
        <dl className="relative mt-5 grid grid-cols-3 gap-2 text-center">
          <Stat icon={Eye} label={t`Opened`} value={String(opened)} />
          <Stat icon={Smile} label={t`Reactions`} value={String(reactionTotal)} />
          <Stat
            icon={Trophy}
            label={t`Winning box`}
            value={shro.winningBoxPosition ? `#${shro.winningBoxPosition}` : t`None`}
          />
        </dl>
        {shro.reactions.length > 0 && (
          <ul className="relative mt-4 flex flex-wrap justify-center gap-2" aria-label={t`Reactions received`}>
            {shro.reactions.map((r) => (
              <li key={r.emoji} className="rounded-full bg-base/60 px-3 py-1 text-sm">
                <span aria-hidden="true">{r.emoji}</span> <span className="font-semibold">{r.count}</span>
              </li>
            ))}
          </ul>
        )}
        {isPrivate && shro.status !== 'expired' && <NudgeRow shro={shro} />}
        {opened > 0 && (
          <p className="relative mt-4 flex items-center gap-2 rounded-xl border border-brand/40 bg-brand/10 px-3 py-2.5 text-sm">
            <BellRing className="size-4 shrink-0 text-purple-300" aria-hidden="true" />
            <span>
              <Trans>
                Someone made a selection!{' '}
                <Link
                  href={pageHref('notifications')}
                  className="font-semibold text-purple-300 underline underline-offset-2"
                >
                  Check your notifications.
                </Link>
              </Trans>
            </span>
          </p>
        )}
      </Card>

      <section aria-labelledby="boxes-heading">
        <h2 id="boxes-heading" className="mb-3 text-sm font-semibold uppercase tracking-[0.2em] text-purple-200">
          <Trans>Your boxes</Trans>
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {filledBoxes.map((box) => (
            <CreatorBox
              key={box.id}
              box={box}
              shro={shro}
              isPrivate={isPrivate}
              total={opened}
              pickers={shro.participants.filter((p) => p.selectedBoxId === box.id)}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * A private Shro's recipients who have not opened it yet, and a button that nudges them (issue 40):
 * the server tells them and refuses a second nudge within its interval, with its own words.
 */
function NudgeRow({ shro }: { shro: Shro }) {
  const { t, i18n } = useLingui();
  const nudge = useNudgeShro();
  const [sent, setSent] = useState(false);
  // Only recipients can open a private Shro, so the count says it without naming who (decision 188).
  const waiting = Math.max(0, shro.recipients.length - shro.participantCount);
  if (waiting === 0) return null;

  function send() {
    nudge.mutate(shro.id, {
      onSuccess: ({ nudged }) => {
        setSent(true);
        toast({
          title: t`Nudge sent`,
          description:
            nudged === 0
              ? t`No one could be reminded right now.`
              : t`${plural(nudged, { one: `${nudged} friend was reminded to open a box.`, other: `${nudged} friends were reminded to open a box.` })}`,
        });
      },
      onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, i18n) }),
    });
  }

  return (
    <div className="relative mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border/70 bg-base/50 px-3 py-2.5">
      <p className="text-sm text-muted">
        {t`${plural(waiting, { one: `${waiting} friend has not opened it yet`, other: `${waiting} friends have not opened it yet` })}`}
      </p>
      <Button size="sm" variant="outline" onClick={send} disabled={nudge.isPending || sent}>
        <BellRing aria-hidden="true" /> {sent ? <Trans>Nudged</Trans> : <Trans>Nudge them</Trans>}
      </Button>
    </div>
  );
}

function Stat({ icon: Icon, label, value }: { icon: typeof Eye; label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-base/50 px-2 py-3">
      <dt className="flex items-center justify-center gap-1 text-xs text-muted">
        <Icon className="size-3.5" aria-hidden="true" /> {label}
      </dt>
      <dd className="mt-1 text-xl font-black">{value}</dd>
    </div>
  );
}

function CreatorBox({
  box,
  shro,
  isPrivate,
  total,
  pickers,
}: {
  box: ShroBox;
  shro: Shro;
  isPrivate: boolean;
  total: number;
  pickers: ShroParticipant[];
}) {
  const { t, i18n } = useLingui();
  const position = box.position;
  const count = box.selectionCount ?? pickers.length;
  const percent = total > 0 ? Math.round((count / total) * 100) : 0;
  const isWinning = shro.winningBoxPosition === box.position;
  const text = boxText(box, i18n);
  const detail = boxDetail(box, i18n);
  const names = pickers.slice(0, NAMES_SHOWN).map((p) => userHandle(p.username));
  const more = count - names.length;
  const openers = names.join(', ');
  const poster = (shro.type === 'movie' || shro.type === 'tv') && Boolean(box.imageUrl);

  return (
    <li
      className={cn(
        'flex flex-col overflow-hidden rounded-2xl border bg-surface/80 p-2.5',
        isWinning ? 'border-amber-300/70' : 'border-border/70',
        count > 0 && isPrivate && 'ring-2 ring-emerald-400/60',
      )}
    >
      <div className="relative">
        <BoxVisual box={box} poster={poster} rounded="rounded-xl" />
        {/* One wrapping row: on a narrow tile "Winner" goes under "Box #n" instead of over it. */}
        <div className="absolute inset-x-1.5 top-1.5 flex flex-wrap items-start justify-between gap-1">
          <span className="whitespace-nowrap rounded-full bg-black/65 px-2 py-0.5 text-xs font-bold text-white">
            <Trans>Box #{position}</Trans>
          </span>
          {isWinning && (
            <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-amber-950">
              <Trophy className="size-3" aria-hidden="true" /> <Trans>Winner</Trans>
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col px-1 pt-2">
        {text && <p className="line-clamp-2 text-sm font-semibold">{text}</p>}
        {detail && <p className="truncate text-xs text-muted">{detail}</p>}
        <div className="mt-auto pt-2">
          {isPrivate ? (
            <p className={cn('text-xs', count > 0 ? 'font-semibold text-emerald-300' : 'text-muted')}>
              {count === 0
                ? t`Not opened yet`
                : openers
                  ? t`Opened by ${openers}`
                  : t`${plural(count, { one: 'Opened by a friend', other: `Opened by ${count} friends` })}`}
            </p>
          ) : (
            <>
              <div className="flex items-baseline justify-between text-xs">
                <span className="font-semibold">
                  {t`${plural(count, { one: `${count} choice`, other: `${count} choices` })}`}
                </span>
                <span className="text-muted">{percent}%</span>
              </div>
              <div
                className="mt-1 h-1.5 overflow-hidden rounded-full bg-base"
                role="progressbar"
                aria-label={t`Box #${position} share of choices`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <div
                  className="h-full rounded-full bg-gradient-to-r from-brand to-brand-2 transition-[width] duration-700"
                  style={{ width: `${percent}%` }}
                />
              </div>
              {names.length > 0 && (
                <ul className="mt-1.5 flex flex-wrap gap-1 text-[11px]" aria-label={t`Who chose Box #${position}`}>
                  {names.map((name) => (
                    <li key={name} className="max-w-full truncate rounded-full bg-base/70 px-2 py-0.5 text-zinc-200">
                      {name}
                    </li>
                  ))}
                  {more > 0 && (
                    <li className="rounded-full px-1 py-0.5 text-muted">
                      {t`${plural(more, { one: `+${more} more`, other: `+${more} more` })}`}
                    </li>
                  )}
                </ul>
              )}
            </>
          )}
        </div>
      </div>
    </li>
  );
}

import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import type { Shro } from '@contract/shro-views';
import type { ShroStatus } from '@contract/shros';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Link2, Plus, TimerOff } from 'lucide-react';
import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { LoadBoundary } from '@/components/load-boundary';
import { SoundToggle } from '@/components/sound-toggle';
import { Button } from '@/components/ui/button';
import { userHandle } from '@/components/user-avatar';
import { ApiError } from '@/lib/api-client';
import { LazyPartView } from '@/lib/lazy-part';
import { shroClosesInText } from '@/lib/shro-closes-in';
import { haptic, playSound } from '@/lib/sounds';
import { toast } from '@/lib/use-toast';
import { useSelectBox } from '../../api/select-box';
import { openPicksText } from '../../utils/open-status';
import { filledBoxes } from '../../utils/option-count';
import { resultAnnouncement } from './box-text';
import { ClosesInNote } from './closes-in-note';
import { ParticipantsList } from './participants-list';
import { PickGrid } from './pick-grid';
import {
  boxChecksPart,
  creatorBoardPart,
  moderationNotePart,
  openedResultPart,
  preloadOpenedBox,
  revealStagePart,
} from './session-parts';
import { ShareAgainButton } from './share-again';
import { ShareDialog, useCopyShroLink } from './share-dialog';
import { ShroNotes } from './shro-notes';
import { StatusPill } from './status-pill';

/** A part of the view that needs the opened box's code: nothing until it is there. */
function Opened({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary fallback={null}>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadBoundary>
  );
}

/** Reaching for a box starts the reveal's code, so it is there when the server answers. */
const reachForBox = () => void preloadOpenedBox();

/** A participant who opened a box sees it as revealed even while a link Shro keeps collecting picks. */
function displayStatus(shro: Shro): ShroStatus {
  if (shro.status === 'waiting' && shro.hasSelected) return 'revealed';
  return shro.status;
}

function subtitle(shro: Shro, creatorPick: { username: string | null; position: number } | null, i18n: I18n): string {
  if (shro.viewerRole === 'creator') {
    if (shro.status === 'expired') return i18n._(msg`This link has expired. No new picks can come in.`);
    if (shro.isPublic && shro.moderation && shro.moderation !== 'visible')
      return i18n._(
        msg`Not on Explore for now (see below). People with the link can still open one box, and you see every pick live.`,
      );
    if (shro.isPublic) return i18n._(msg`Public on Explore. Anyone can open one box, and you see every pick live.`);
    if (shro.isShareable)
      return i18n._(msg`Share the link. Each person can open one box, and you see every pick live.`);
    if (!creatorPick) {
      const [first = '', second = ''] = shro.recipients.map((r) => userHandle(r.username));
      const count = shro.recipients.length;
      return i18n._(
        count === 1
          ? msg`Waiting for ${first} to open a box.`
          : count === 2
            ? msg`Waiting for ${first} and ${second} to open a box.`
            : msg`Waiting for your friends to open a box.`,
      );
    }
    const position = creatorPick.position;
    // An anonymous Shro names nobody (decision 188).
    if (creatorPick.username === null)
      return i18n._(
        shro.status === 'selected' ? msg`Someone opened a box! Revealing...` : msg`Someone opened Box #${position}.`,
      );
    const who = userHandle(creatorPick.username);
    if (shro.status === 'selected') return i18n._(msg`${who} opened a box! Revealing...`);
    return i18n._(msg`${who} opened Box #${position}.`);
  }
  if (!shro.hasSelected) {
    const creator = shro.creator.username;
    const filled = filledBoxes(shro.boxes).length;
    return i18n._(
      msg`${plural(filled, {
        one: `@${creator} hid # option in # mystery box. Pick one: you only get one chance!`,
        other: `@${creator} hid # options in # mystery boxes. Pick one: you only get one chance!`,
      })}`,
    );
  }
  const own = shro.boxes.find((b) => b.id === shro.selectedBoxId);
  if (shro.status === 'selected') return i18n._(msg`Opening your box...`);
  if (!own) return i18n._(msg`Here's what was inside.`);
  const position = own.position;
  return i18n._(msg`You opened Box #${position}. Here's what was inside.`);
}

/** A member's view of a Shro: every state and role of docs/product.md §2 but the visitor's Join card. */
export function ShroView({ shro, actions }: { shro: Shro; actions?: ReactNode }) {
  const { t, i18n } = useLingui();
  const isCreator = shro.viewerRole === 'creator';
  const search = useSearch();
  const select = useSelectBox(shro.id);
  // The box this viewer clicked on this page: its reveal plays once the server answers.
  const [pickedId, setPickedId] = useState<number | null>(null);
  const [revealDone, setRevealDone] = useState(false);
  const endReveal = useCallback(() => setRevealDone(true), []);

  function pick(boxId: number) {
    if (select.isPending) return;
    reachForBox();
    playSound('click');
    // docs/product.md §9: selecting a box is a medium haptic.
    haptic('medium');
    setPickedId(boxId);
    select.mutate(boxId, {
      onError: (error) => {
        setPickedId(null);
        // docs/product.md §8: the server answers 409 when this viewer already has a box (decision 095).
        if (error instanceof ApiError && error.status === 409) {
          toast({
            title: t`Already Selected`,
            description: t`You already selected a box! You can only choose one.`,
            variant: 'destructive',
          });
        } else {
          toast({ title: t`Error`, description: t`Failed to select box. Please try again.`, variant: 'destructive' });
        }
      },
    });
  }

  // The creator's latest pick: a private Shro's first pick, or the newest participant of a link/public one.
  const latest = shro.participants[0];
  const creatorPickBox = isCreator
    ? shro.selectedBoxId !== null
      ? shro.boxes.find((b) => b.id === shro.selectedBoxId)
      : latest
        ? shro.boxes.find((b) => b.id === latest.selectedBoxId)
        : undefined
    : undefined;
  const creatorPickUser = isCreator
    ? shro.selectedBoxId !== null
      ? shro.selectedByUser
      : (latest?.username ?? null)
    : null;
  const ownBox = !isCreator && shro.hasSelected ? shro.boxes.find((b) => b.id === shro.selectedBoxId) : undefined;
  const resultBox = isCreator ? creatorPickBox : ownBox;
  const revealing = pickedId !== null && shro.hasSelected && !revealDone;
  const revealingBox = revealing ? shro.boxes.find((b) => b.id === shro.selectedBoxId) : undefined;

  useNewPickAlert(shro);

  // After this viewer's own pick: say what was inside and whether it won, and put focus on the
  // result heading (the box grid they were in is gone). Once per pick, not on every poll.
  const showsOwnResult = !isCreator && pickedId !== null && ownBox !== undefined && !revealing;
  const announcement = showsOwnResult && ownBox ? resultAnnouncement(shro, ownBox, i18n) : '';

  // ?view=result (from a notification) scrolls to the result once it is there.
  const wantsResult = new URLSearchParams(search).get('view') === 'result';

  const isLink = shro.isShareable || shro.isPublic;
  const result = resultBox ? (
    <Opened>
      <LazyPartView
        part={openedResultPart}
        shro={shro}
        box={resultBox}
        openedBy={isCreator ? creatorPickUser : shro.selectedByUser}
        focus={showsOwnResult}
        scrollTo={wantsResult}
      />
    </Opened>
  ) : null;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pb-16 pt-6 sm:pt-10">
      <div className="flex items-center justify-between gap-3">
        <StatusPill
          status={displayStatus(shro)}
          text={displayStatus(shro) === 'waiting' ? openPicksText(shro, i18n) : null}
        />
        <SoundToggle />
      </div>
      <div className="mt-4 flex items-start gap-3">
        <h1 className="min-w-0 flex-1 break-words text-3xl font-black tracking-tight sm:text-4xl">{shro.title}</h1>
        {shro.isPublic && shro.status !== 'expired' && <CopyLinkButton shroId={shro.id} />}
        {actions}
      </div>
      <p className="mt-2 text-muted">
        {subtitle(
          shro,
          creatorPickBox && (creatorPickUser || shro.isAnonymous)
            ? { username: creatorPickUser, position: creatorPickBox.position }
            : null,
          i18n,
        )}
      </p>
      {shro.status !== 'expired' && (
        <ClosesInNote expiresAt={shro.expiresAt} wording={shro.isShareable ? undefined : shroClosesInText} />
      )}
      {!isCreator && <ShroNotes shro={shro} />}
      {isCreator && shro.isPublic && (
        <Opened>
          <LazyPartView part={moderationNotePart} moderation={shro.moderation} />
        </Opened>
      )}
      {shro.status === 'expired' && (
        <p className="mt-4 flex items-center gap-2 rounded-xl border border-zinc-400/30 bg-zinc-400/10 px-3 py-2 text-sm text-zinc-200">
          <TimerOff className="size-4" aria-hidden="true" /> <Trans>This {PRODUCT_NAME} has expired</Trans>
        </p>
      )}
      {shro.hashtags && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t`Hashtags`}>
          {shro.hashtags.split(',').map((tag) => (
            <li key={tag} className="rounded-full bg-surface-2 px-2.5 py-1 text-xs font-semibold text-purple-200">
              #{tag}
            </li>
          ))}
        </ul>
      )}

      {isCreator && resultBox && !isLink && result}
      {isCreator && (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <LazyPartView part={creatorBoardPart} shro={shro} />
          </Suspense>
        </LoadBoundary>
      )}

      {shro.boxes.some((box) => box.salt) && (
        <Opened>
          <LazyPartView part={boxChecksPart} boxes={shro.boxes} />
        </Opened>
      )}
      {!isCreator && revealingBox && (
        <Opened>
          <LazyPartView part={revealStagePart} box={revealingBox} onDone={endReveal} />
        </Opened>
      )}
      {!isCreator && !shro.hasSelected && shro.status === 'waiting' && (
        <PickGrid shro={shro} pendingId={select.isPending ? pickedId : null} onPick={pick} onReach={reachForBox} />
      )}

      {resultBox && !revealing && (!isCreator || isLink) && result}

      {isLink && <ParticipantsList shro={shro} />}

      {/* Always mounted, so the text set after a pick is announced. */}
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>

      <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {/* An expired link is over: nothing left to share, but its creator can open a new one (first, as the main action). */}
        {shro.isShareable && shro.status === 'expired' && isCreator && <ShareAgainButton shro={shro} />}
        <Button
          asChild
          size="lg"
          variant={shro.isShareable && shro.status === 'expired' && isCreator ? 'secondary' : undefined}
          className="w-full sm:w-auto"
        >
          <Link href={pageHref('create')}>
            <Plus /> <Trans>Send a {PRODUCT_NAME}</Trans>
          </Link>
        </Button>
        {shro.isShareable && shro.status !== 'expired' && <ShareDialog shro={shro} />}
      </div>
    </div>
  );
}

function CopyLinkButton({ shroId }: { shroId: string }) {
  const { t } = useLingui();
  const { copied, copy } = useCopyShroLink(shroId, t`Please copy the URL manually`);
  return (
    <Button
      variant="secondary"
      size="icon"
      className="size-11 shrink-0 rounded-full"
      onClick={copy}
      aria-label={t`Copy link`}
    >
      {copied ? <Check /> : <Link2 />}
    </Button>
  );
}

/** The creator hears and sees each new pick as it arrives (polling or live push). */
function useNewPickAlert(shro: Shro) {
  const { t } = useLingui();
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (shro.viewerRole !== 'creator') return;
    const previous = seen.current;
    seen.current = shro.participantCount;
    if (previous === null || shro.participantCount <= previous) return;
    const latest = shro.participants[0];
    playSound('notification');
    const username = latest?.username;
    const position = latest?.selectedBoxPosition;
    toast({
      title: t`A box was opened!`,
      description: latest ? t`@${username} opened Box #${position}.` : undefined,
    });
  }, [shro, t]);
}

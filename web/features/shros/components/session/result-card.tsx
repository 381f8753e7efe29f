import type { Shro, ShroBox } from '@contract/shro-views';
import { Trans, useLingui } from '@lingui/react/macro';
import { PartyPopper, Trophy } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { userHandle } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/relative-time';
import type { CheckResult } from '../../hooks/use-commitment-check';
import { useWinningCheck } from '../../hooks/use-commitment-check';
import { boxDetail, boxText, winMessage } from './box-text';
import { BoxVisual } from './box-visual';
import { ReactionRow } from './reaction-row';
import { VerifiedMark } from './verified-mark';

/**
 * The opened box (docs/product.md §2 result card): the box, "Box #n Selected!", the win/lose banner, its
 * text, who opened it, who made it and when, the browser's commitment check, and reactions.
 */
export function ResultCard({
  shro,
  box,
  openedBy,
  check,
}: {
  shro: Shro;
  box: ShroBox;
  openedBy: string | null;
  check: CheckResult | 'checking' | undefined;
}) {
  const { i18n } = useLingui();
  const position = box.position;
  const creator = shro.creator.username;
  const who = openedBy ? userHandle(openedBy) : null;
  const isCreator = shro.viewerRole === 'creator';
  const text = boxText(box, i18n);
  const detail = boxDetail(box, i18n);
  const poster = shro.type === 'movie' || shro.type === 'tv';

  return (
    <Card id="result" className="relative mt-8 scroll-mt-24 overflow-hidden p-5 sm:p-7 shro-fade-up">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-48 bg-[radial-gradient(ellipse_at_top,rgba(168,85,247,0.3),transparent_70%)]"
      />
      <div className="relative flex flex-col items-center gap-5 sm:flex-row sm:items-start sm:gap-7">
        <div className={cn('w-44 shrink-0 sm:w-52', poster && box.imageUrl && 'w-36 sm:w-44')}>
          <BoxVisual box={box} poster={poster && Boolean(box.imageUrl)} className="shadow-2xl ring-1 ring-white/10" />
        </div>
        <div className="min-w-0 flex-1 text-center sm:text-start">
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-purple-200">
            <PartyPopper className="size-4" aria-hidden="true" />{' '}
            {isCreator && (shro.isShareable || shro.isPublic) ? (
              <Trans>Latest pick</Trans>
            ) : (
              <Trans>Mystery revealed</Trans>
            )}
          </p>
          {/* Focus lands here after a pick (shro-page.tsx), so keyboard and screen reader users start at the result. */}
          <h2
            id="result-heading"
            tabIndex={-1}
            className="mt-1 text-2xl font-black tracking-tight outline-none sm:text-3xl"
          >
            <Trans>Box #{position} Selected!</Trans>
          </h2>
          {text && <p className="mt-3 break-words text-xl font-bold text-zinc-50">{text}</p>}
          {detail && <p className="mt-0.5 text-sm text-muted">{detail}</p>}
          <div className="mt-3 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            {check && <VerifiedMark result={check} commitment={box.commitment} />}
          </div>
        </div>
      </div>

      {shro.winningBoxPosition !== null && (
        <WinBanner shro={shro} box={box} openedBy={openedBy} isCreator={isCreator} />
      )}

      <dl className="relative mt-5 grid gap-2 rounded-2xl bg-base/50 p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="sr-only">
            <Trans>Opened by</Trans>
          </dt>
          <dd>
            {who ? (
              <Trans>
                <span className="text-muted">Opened by </span>
                <span className="font-semibold">{who}</span>
              </Trans>
            ) : (
              <Trans>
                <span className="text-muted">Opened by </span>
                <span className="font-semibold">someone</span>
              </Trans>
            )}
          </dd>
        </div>
        <div>
          <dt className="sr-only">
            <Trans>Created by</Trans>
          </dt>
          <dd>
            <Trans>
              <span className="text-muted">Created by </span>
              <span className="font-semibold">@{creator}</span>
            </Trans>
          </dd>
        </div>
        <div>
          <dt className="sr-only">
            <Trans>Created</Trans>
          </dt>
          <dd className="text-muted">
            <time dateTime={shro.createdAt} title={new Date(shro.createdAt).toLocaleString()}>
              {formatRelativeTime(shro.createdAt, i18n.locale)}
            </time>
          </dd>
        </div>
      </dl>

      {!isCreator && (
        <div className="relative mt-5">
          <ReactionRow shroId={shro.id} sent={shro.myReaction} />
        </div>
      )}
    </Card>
  );
}

function WinBanner({
  shro,
  box,
  openedBy,
  isCreator,
}: {
  shro: Shro;
  box: ShroBox;
  openedBy: string | null;
  isCreator: boolean;
}) {
  const { i18n } = useLingui();
  const won = box.position === shro.winningBoxPosition;
  const winningCheck = useWinningCheck(shro);
  const message = winMessage(shro, box, openedBy, isCreator, i18n);
  return (
    <div
      className={cn(
        'relative mt-5 flex items-start gap-3 rounded-2xl border px-4 py-3',
        won ? 'border-amber-300/60 bg-amber-300/15 text-amber-100' : 'border-rose-400/40 bg-rose-500/10 text-rose-100',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-xl text-xl',
          won ? 'bg-amber-300 text-amber-950' : 'bg-rose-500/30',
        )}
      >
        {won ? <Trophy className="size-5" /> : '😅'}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          <span className="block text-xs uppercase tracking-wide opacity-80">
            {won ? <Trans>Winner</Trans> : <Trans>Not the winner</Trans>}
          </span>
          {message}
        </p>
        {winningCheck && (
          <VerifiedMark
            className="mt-2"
            result={winningCheck}
            subject="winning box"
            commitment={shro.winningCommitment}
          />
        )}
      </div>
    </div>
  );
}

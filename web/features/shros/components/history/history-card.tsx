import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import type { ShroListItem } from '@contract/shro-views';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ArrowDownLeft, ArrowUpRight, Clapperboard, Eye, FileText, Image, Trash2, Tv } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { userHandle } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/relative-time';
import { toast } from '@/lib/use-toast';
import { useDeleteShro } from '../../api/delete-shro';
import { openPicksText } from '../../utils/open-status';
import { StatusBadge } from './status-badge';

/** Labels are message descriptors: render them with `i18n._(...)`. */
const typeInfo = {
  image: { label: msg`Image`, icon: Image },
  text: { label: msg`Text`, icon: FileText },
  movie: { label: msg`Movie`, icon: Clapperboard },
  tv: { label: msg`TV`, icon: Tv },
} as const;

/**
 * docs/product.md §2 recipient line: "Sent to Public", "@username", "N friends" or "Someone". A link Shro
 * went to no one in particular, so it says how it went out instead of "Someone".
 */
function recipientLine(item: ShroListItem, i18n: I18n): string {
  if (item.isPublic) return i18n._(msg`Sent to Public`);
  if (item.isShareable) return i18n._(msg`Shared by link`);
  const count = item.recipientCount;
  if (count > 1) return i18n._(msg`${plural(count, { one: 'Sent to # friend', other: 'Sent to # friends' })}`);
  if (item.recipient) {
    const name = userHandle(item.recipient.username);
    return i18n._(msg`Sent to ${name}`);
  }
  return i18n._(msg`Sent to Someone`);
}

export function HistoryCard({ item, onDeleted }: { item: ShroListItem; onDeleted: () => void }) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteShro();
  const sent = item.direction === 'sent';
  const type = typeInfo[item.type];
  const Direction = sent ? ArrowUpRight : ArrowDownLeft;
  const title = item.title;
  const creator = item.creator.username;
  const picks = item.participantCount;

  function confirmDelete() {
    remove.mutate(item.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t`${PRODUCT_NAME} deleted successfully` });
        onDeleted();
      },
      onError: () => {
        setConfirming(false);
        toast({ title: t`Failed to delete ${PRODUCT_NAME}`, variant: 'destructive' });
      },
    });
  }

  return (
    <li className="group rounded-2xl border border-border/70 bg-surface/80 p-4 shadow-lg shadow-black/10 transition-colors hover:border-brand/50 sm:p-5">
      <article aria-labelledby={`history-${item.id}`}>
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className={cn(
              'flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br text-white shadow',
              sent ? 'from-brand to-brand-2' : 'from-sky-500 to-indigo-500',
            )}
          >
            <Direction className="size-5 rtl:-scale-x-100" />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h2 id={`history-${item.id}`} className="min-w-0 break-words font-bold">
                {item.title}
              </h2>
              <StatusBadge status={item.status} text={openPicksText(item, i18n)} />
            </div>
            <p className="mt-1 text-sm text-zinc-300">
              {sent ? recipientLine(item, i18n) : <Trans>From @{creator}</Trans>}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
              <time dateTime={item.createdAt} title={new Date(item.createdAt).toLocaleString(i18n.locale)}>
                {formatRelativeTime(item.createdAt, i18n.locale)}
              </time>
              <span className="inline-flex items-center gap-1">
                <type.icon className="size-3.5" aria-hidden="true" /> {i18n._(type.label)}
              </span>
              {(item.isShareable || item.isPublic) && (
                <span>
                  <Plural value={picks} one="# pick" other="# picks" />
                </span>
              )}
            </p>
          </div>
        </div>
        <div className="mt-4 flex gap-2 border-t border-border/60 pt-3">
          <Button asChild variant="secondary" size="sm" className="h-11 flex-1 sm:flex-none">
            <Link href={pageHref('session', { id: item.id })} aria-label={t`View ${title}`}>
              <Eye /> <Trans>View</Trans>
            </Link>
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={(open) => !remove.isPending && setConfirming(open)}
            title={sent ? t`Delete this ${PRODUCT_NAME}?` : t`Remove from your history?`}
            description={
              sent
                ? t`"${title}" will be deleted for everyone, with its boxes and images. This can't be undone.`
                : t`"${title}" will be removed from your history. @${creator} keeps their ${PRODUCT_NAME}.`
            }
            confirmLabel={t`Delete`}
            pendingLabel={t`Deleting...`}
            pending={remove.isPending}
            onConfirm={confirmDelete}
            trigger={
              <Button
                variant="ghost"
                size="sm"
                className="ms-auto h-11 text-red-300 hover:bg-red-500/10 hover:text-red-200"
                aria-label={t`Delete ${title}`}
              >
                <Trash2 /> <Trans>Delete</Trans>
              </Button>
            }
          />
        </div>
      </article>
    </li>
  );
}

import { PRODUCT_NAME } from '@contract/product';
import type { ShroListItem } from '@contract/shro-views';
import { useLingui } from '@lingui/react/macro';
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

const typeInfo = {
  image: { label: 'Image', icon: Image },
  text: { label: 'Text', icon: FileText },
  movie: { label: 'Movie', icon: Clapperboard },
  tv: { label: 'TV', icon: Tv },
} as const;

/**
 * docs/product.md §2 recipient line: "Sent to Public", "@username", "N friends" or "Someone". A link Shro
 * went to no one in particular, so it says how it went out instead of "Someone".
 */
function recipientLine(item: ShroListItem): string {
  if (item.isPublic) return 'Sent to Public';
  if (item.isShareable) return 'Shared by link';
  if (item.recipientCount > 1) return `Sent to ${item.recipientCount} friends`;
  if (item.recipient) return `Sent to ${userHandle(item.recipient.username)}`;
  return 'Sent to Someone';
}

export function HistoryCard({ item, onDeleted }: { item: ShroListItem; onDeleted: () => void }) {
  const { i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteShro();
  const sent = item.direction === 'sent';
  const type = typeInfo[item.type];
  const Direction = sent ? ArrowUpRight : ArrowDownLeft;

  function confirmDelete() {
    remove.mutate(item.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: `${PRODUCT_NAME} deleted successfully` });
        onDeleted();
      },
      onError: () => {
        setConfirming(false);
        toast({ title: `Failed to delete ${PRODUCT_NAME}`, variant: 'destructive' });
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
            <Direction className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3 id={`history-${item.id}`} className="min-w-0 break-words font-bold">
                {item.title}
              </h3>
              <StatusBadge status={item.status} text={openPicksText(item, i18n)} />
            </div>
            <p className="mt-1 text-sm text-zinc-300">
              {sent ? recipientLine(item) : `From @${item.creator.username}`}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
              <time dateTime={item.createdAt} title={new Date(item.createdAt).toLocaleString()}>
                {formatRelativeTime(item.createdAt, i18n.locale)}
              </time>
              <span className="inline-flex items-center gap-1">
                <type.icon className="size-3.5" aria-hidden="true" /> {type.label}
              </span>
              {(item.isShareable || item.isPublic) && (
                <span>
                  {item.participantCount} {item.participantCount === 1 ? 'pick' : 'picks'}
                </span>
              )}
            </p>
          </div>
        </div>
        <div className="mt-4 flex gap-2 border-t border-border/60 pt-3">
          <Button asChild variant="secondary" size="sm" className="h-11 flex-1 sm:flex-none">
            <Link href={`/session/${item.id}`} aria-label={`View ${item.title}`}>
              <Eye /> View
            </Link>
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={(open) => !remove.isPending && setConfirming(open)}
            title={sent ? `Delete this ${PRODUCT_NAME}?` : 'Remove from your history?'}
            description={
              sent
                ? `"${item.title}" will be deleted for everyone, with its boxes and images. This can't be undone.`
                : `"${item.title}" will be removed from your history. @${item.creator.username} keeps their ${PRODUCT_NAME}.`
            }
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            pending={remove.isPending}
            onConfirm={confirmDelete}
            trigger={
              <Button
                variant="ghost"
                size="sm"
                className="ml-auto h-11 text-red-300 hover:bg-red-500/10 hover:text-red-200"
                aria-label={`Delete ${item.title}`}
              >
                <Trash2 /> Delete
              </Button>
            }
          />
        </div>
      </article>
    </li>
  );
}

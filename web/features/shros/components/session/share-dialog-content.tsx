import { PRODUCT_NAME } from '@contract/product';
import type { Shro } from '@contract/shro-views';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import type { LoadedPopupProps } from '@/components/load-on-intent';
import { MysteryBoxArt } from '@/components/mystery-box-art';
import { ShareLinkActions } from '@/components/share-link-actions';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useShroInviteLink } from '../../api/create-shro-invite';
import { recordShare } from '../../api/share-shro';
import { filledBoxes } from '../../utils/option-count';
import { shroLink, useCopyShroLink } from './share-dialog';

/**
 * Share a link Shro: a preview card, copy link, the device's share sheet when there is one, and the
 * apps people share with (issue 13, item 7), Facebook and Twitter share windows included (docs/product.md §2).
 * Each share is counted: an analytics event naming the target, and the Shro's share count.
 */
export default function ShareDialogContent({ shro, trigger, defaultOpen }: LoadedPopupProps & { shro: Shro }) {
  // The creator's link carries their invite: whoever signs up from it becomes their friend (decision 127).
  const { t } = useLingui();
  const invite = useShroInviteLink(shro.id, shro.viewerRole === 'creator');
  const link = invite.data ?? shroLink(shro.id);
  const { copied, copy } = useCopyShroLink(shro.id, t`Please copy the link manually.`, link);
  const title = shro.title;
  const creator = shro.creator.username;
  const filled = filledBoxes(shro.boxes).length;
  const caption = t`${plural(filled, {
    one: `@${creator} hid # option in # mystery box. Pick one!`,
    other: `@${creator} hid # options in # mystery boxes. Pick one!`,
  })}`;
  const text = t`Open one of my mystery boxes: "${title}" on ${PRODUCT_NAME}`;

  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogTitle>
          <Trans>Share your {PRODUCT_NAME}</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>Anyone with the link can open one box.</Trans>
        </DialogDescription>
        {invite.data && (
          <p className="mt-2 flex items-center gap-2 text-sm text-emerald-200">
            <UserPlus className="size-4 shrink-0" aria-hidden="true" />
            <Trans>People who sign up from your link become your friends.</Trans>
          </p>
        )}

        <figure
          className="mt-5 overflow-hidden rounded-2xl border border-border bg-base/60"
          aria-label={t`Link preview`}
        >
          <div className="flex justify-center gap-2 bg-gradient-to-br from-brand/30 via-base to-brand-2/20 p-4">
            {filledBoxes(shro.boxes).map((box) => (
              <MysteryBoxArt key={box.id} position={box.position} showMark={false} className="w-1/4 max-w-[25%]" />
            ))}
          </div>
          <figcaption className="border-t border-border/60 p-3">
            <p className="text-xs uppercase tracking-wide text-muted">{window.location.host}</p>
            <p className="truncate font-bold">{shro.title}</p>
            <p className="text-sm text-muted">{caption}</p>
          </figcaption>
        </figure>

        <ShareLinkActions
          className="mt-4"
          link={link}
          inputId="share-link"
          inputLabel={t`Link`}
          copied={copied}
          onCopy={copy}
          text={text}
          subject={t`A ${PRODUCT_NAME} for you: ${title}`}
          onShared={(target) => recordShare(shro.id, target)}
        />
      </DialogContent>
    </Dialog>
  );
}

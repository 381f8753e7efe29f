import type { Shro } from '@contract/shro-views';
import { Trans, useLingui } from '@lingui/react/macro';
import { Share2 } from 'lucide-react';
import { LoadOnIntent } from '@/components/load-on-intent';
import { Button } from '@/components/ui/button';
import { playSound } from '@/lib/sounds';
import { useCopyLink } from '@/lib/use-copy-link';
import { recordShare } from '../../api/share-shro';

export const shroLink = (id: string) => `${window.location.origin}/session/${id}`;

/** Copies a Shro's link (or `link`, e.g. the creator's with their invite): a success sound and a counted share on success. */
export function useCopyShroLink(shroId: string, failureDescription: string, link = shroLink(shroId)) {
  const { t } = useLingui();
  return useCopyLink(link, {
    successDescription: t`Paste it anywhere to invite people.`,
    failureDescription,
    onCopied: () => {
      playSound('success');
      recordShare(shroId, 'copy');
    },
  });
}

/** The share dialog's code (Radix dialog included) loads when the user reaches for Share (decision 094). */
const loadShareDialog = () => import('./share-dialog-content');

/** The Share button of a link Shro, opening the share dialog. */
export function ShareDialog({ shro }: { shro: Shro }) {
  return (
    <LoadOnIntent
      load={loadShareDialog}
      popup="dialog"
      props={{ shro }}
      trigger={
        <Button variant="secondary" size="lg" className="w-full sm:w-auto">
          <Share2 /> <Trans>Share</Trans>
        </Button>
      }
    />
  );
}

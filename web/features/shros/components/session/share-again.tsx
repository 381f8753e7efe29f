import type { Shro } from '@contract/shro-views';
import { Trans } from '@lingui/react/macro';
import { Repeat } from 'lucide-react';
import { LoadOnIntent } from '@/components/load-on-intent';
import { Button } from '@/components/ui/button';

/** Its dialog's code loads when the creator reaches for the button (decision 094). */
const loadShareAgain = () => import('./share-again-content');

/** In place of Share on the creator's ended link: a copy with a new expiry. */
export function ShareAgainButton({ shro }: { shro: Shro }) {
  return (
    <LoadOnIntent
      load={loadShareAgain}
      popup="dialog"
      props={{ shro }}
      trigger={
        <Button size="lg" className="w-full sm:w-auto">
          <Repeat /> <Trans>Share again with a new expiry</Trans>
        </Button>
      }
    />
  );
}

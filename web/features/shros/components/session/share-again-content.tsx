import { PRODUCT_NAME } from '@contract/product';
import type { Shro } from '@contract/shro-views';
import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { LoadedPopupProps } from '@/components/load-on-intent';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { useCopyShro } from '../../api/copy-shro';
import { EXPIRY_OPTIONS, type ExpiryChoice } from '../../hooks/create-form-state';

/**
 * "Share again with a new expiry" (issue 13, item 8): the creator picks how long the new link stays
 * open; the server copies the ended link Shro (same title and boxes) and the page moves to the copy,
 * ready to share.
 */
export default function ShareAgainContent({ shro, trigger, defaultOpen }: LoadedPopupProps & { shro: Shro }) {
  const [choice, setChoice] = useState<ExpiryChoice>('24h');
  const copy = useCopyShro();
  const [, navigate] = useLocation();

  function shareAgain() {
    const hours = EXPIRY_OPTIONS.find((option) => option.value === choice)?.hours ?? null;
    const expiresAt = hours === null ? null : new Date(Date.now() + hours * 3600_000).toISOString();
    copy.mutate(
      { shroId: shro.id, expiresAt },
      {
        onSuccess: (fresh) => {
          toast({ title: 'Your new link is open', description: 'Share it and watch the picks come in.' });
          navigate(`/session/${fresh.id}`);
        },
      },
    );
  }

  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogTitle>Share again with a new expiry</DialogTitle>
        <DialogDescription>
          A new link for "{shro.title}": the same boxes, fresh picks. This one stays as it ended.
        </DialogDescription>
        <fieldset className="mt-5">
          <legend className="mb-2 text-sm font-semibold text-zinc-200">The new link stays open for</legend>
          <div className="grid grid-cols-2 gap-2">
            {EXPIRY_OPTIONS.map((option) => (
              <label
                key={option.value}
                className="flex h-11 cursor-pointer items-center gap-2 rounded-xl border border-border bg-base/60 px-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/15"
              >
                <input
                  type="radio"
                  name="share-again-expiry"
                  value={option.value}
                  checked={choice === option.value}
                  onChange={() => setChoice(option.value)}
                  className="accent-pink-500"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        {copy.isError && (
          <Alert variant="destructive" className="mt-4">
            {errorMessage(copy.error)}
          </Alert>
        )}
        <Button size="lg" className="mt-5 w-full" onClick={shareAgain} disabled={copy.isPending}>
          <Repeat /> {copy.isPending ? 'Creating...' : `Create the new ${PRODUCT_NAME} link`}
        </Button>
      </DialogContent>
    </Dialog>
  );
}

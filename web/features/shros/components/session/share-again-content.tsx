import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import type { Shro } from '@contract/shro-views';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** How long the new link stays open, worded as the create form's choices (EXPIRY_OPTIONS). */
const EXPIRY_LABELS: Record<ExpiryChoice, MessageDescriptor> = {
  '1h': msg`1 hour`,
  '24h': msg`24 hours`,
  '7d': msg`7 days`,
  never: msg`No expiry`,
};

/**
 * "Share again with a new expiry" (issue 13, item 8): the creator picks how long the new link stays
 * open; the server copies the ended link Shro (same title and boxes) and the page moves to the copy,
 * ready to share.
 */
export default function ShareAgainContent({ shro, trigger, defaultOpen }: LoadedPopupProps & { shro: Shro }) {
  const { t, i18n } = useLingui();
  const [choice, setChoice] = useState<ExpiryChoice>('24h');
  const title = shro.title;
  const copy = useCopyShro();
  const [, navigate] = useLocation();

  function shareAgain() {
    const hours = EXPIRY_OPTIONS.find((option) => option.value === choice)?.hours ?? null;
    const expiresAt = hours === null ? null : new Date(Date.now() + hours * 3600_000).toISOString();
    copy.mutate(
      { shroId: shro.id, expiresAt },
      {
        onSuccess: (fresh) => {
          toast({ title: t`Your new link is open`, description: t`Share it and watch the picks come in.` });
          navigate(pageHref('session', { id: fresh.id }));
        },
      },
    );
  }

  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogTitle>
          <Trans>Share again with a new expiry</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>A new link for "{title}": the same boxes, fresh picks. This one stays as it ended.</Trans>
        </DialogDescription>
        <fieldset className="mt-5">
          <legend className="mb-2 text-sm font-semibold text-zinc-200">
            <Trans>The new link stays open for</Trans>
          </legend>
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
                {i18n._(EXPIRY_LABELS[option.value])}
              </label>
            ))}
          </div>
        </fieldset>
        {copy.isError && (
          <Alert variant="destructive" className="mt-4">
            {errorMessage(copy.error, i18n)}
          </Alert>
        )}
        <Button size="lg" className="mt-5 w-full" onClick={shareAgain} disabled={copy.isPending}>
          <Repeat /> {copy.isPending ? <Trans>Creating...</Trans> : <Trans>Create the new {PRODUCT_NAME} link</Trans>}
        </Button>
      </DialogContent>
    </Dialog>
  );
}

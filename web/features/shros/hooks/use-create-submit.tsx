import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError, NetworkError } from '@/lib/api-client';
import { playSound } from '@/lib/sounds';
import { toast } from '@/lib/use-toast';
import { useCreateShro } from '../api/create-shro';
import { buildCreateRequest } from '../utils/build-create-request';
import { clearDraft } from './create-draft';
import type { CreateFormState } from './create-form-state';

/** Where a 401 sends people: our sign-in page, back here afterwards (docs/decisions/005-create-401.md). */
const RELOGIN_URL = pageHref('login', { query: { redirect: pageHref('create') } });
/**
 * The original brief had the public-create toast last 15 s; issue 14 shortened it (docs/product.md
 * §10): the session page it lands on shows the same link with its own share button.
 */
const PUBLIC_TOAST_MS = 8_000;

/**
 * Sends a valid create form (docs/product.md §7) with upload progress, then opens the new Shro;
 * failures are told apart by status code, never by message text (docs/product.md §8, decision 095).
 */
export function useCreateSubmit(userId: string, prefilledFriendId: string | undefined) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateShro(setProgress);

  function send(values: CreateFormState) {
    const request = buildCreateRequest(values, { friendId: prefilledFriendId });
    setProgress(request.images?.length ? 0 : null);
    playSound('click');
    create.mutate(request, {
      onSuccess: (shro) => {
        playSound('success');
        clearDraft(userId);
        const link = `${window.location.origin}/session/${shro.id}`;
        if (shro.isPublic) {
          // It carries the link (docs/product.md §9).
          toast({
            title: t`Your ${PRODUCT_NAME} is public!`,
            description: (
              <Trans>
                Anyone can open a box on Explore or at{' '}
                <a href={link} className="break-all font-semibold underline underline-offset-2">
                  {link}
                </a>
              </Trans>
            ),
            duration: PUBLIC_TOAST_MS,
          });
        } else if (shro.isShareable) {
          toast({ title: t`Link ready!`, description: t`Share it with anyone: each person can open one box.` });
        } else {
          toast({ title: t`${PRODUCT_NAME} sent!`, description: t`Your friends have been notified.` });
        }
        navigate(pageHref('session', { id: shro.id }));
      },
      onError: (error) => {
        setProgress(null);
        if (error instanceof ApiError && error.status === 401) {
          toast({
            title: t`Unauthorized`,
            description: t`You are logged out. Logging in again...`,
            variant: 'destructive',
          });
          // The toast region loads with the page's first toast (web/app/layout/lazy-toaster.tsx):
          // on a slow network, leave only once it is there to show this one.
          const leave = () => setTimeout(() => window.location.assign(RELOGIN_URL), 500);
          import('@/components/ui/toaster').then(leave, leave);
          return;
        }
        const reason =
          error instanceof ApiError && error.status < 500
            ? error.serverMessage
            : error instanceof NetworkError
              ? error.message
              : null;
        toast({
          title: t`Error`,
          description: (
            <>
              <Trans>Failed to create session. Please try again.</Trans>
              {reason && <span className="mt-1 block text-xs opacity-90">{reason}</span>}
            </>
          ),
          variant: 'destructive',
        });
      },
    });
  }

  return { send, isPending: create.isPending, busy: create.isPending || create.isSuccess, progress };
}

import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { REPORT_REVIEW_HOURS } from '@contract/terms';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { useAcceptTerms } from '../api/accept-terms';
import { useLogout } from '../api/logout';

/**
 * Asks a signed-in user who has not accepted the current terms to accept them before going on
 * (docs/decisions/113-terms-acceptance.md). It cannot be dismissed: agree, or sign out.
 */
export default function TermsDialog() {
  const accept = useAcceptTerms();
  const logout = useLogout();
  const busy = accept.isPending || logout.isPending;
  const { i18n, t } = useLingui();
  return (
    <AlertDialogPrimitive.Root open>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialogPrimitive.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-border bg-surface p-6 shadow-2xl"
        >
          <AlertDialogPrimitive.Title className="text-xl font-bold">
            <Trans>Please accept our Terms of Service</Trans>
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description asChild>
            <div className="mt-3 space-y-3 text-sm text-zinc-300">
              <p>
                <Trans>
                  To keep using {PRODUCT_NAME}, please read and accept the Terms of Service. They have zero tolerance
                  for objectionable content and abusive users, and explain how to report and block: we review every
                  report within {REPORT_REVIEW_HOURS} hours.
                </Trans>
              </p>
              <p>
                <Trans>
                  <a
                    href={pageHref('terms')}
                    target="_blank"
                    rel="noopener"
                    className="font-semibold text-purple-300 underline underline-offset-2 hover:text-purple-200"
                  >
                    Read the Terms of Service
                  </a>{' '}
                  <span className="text-muted">(opens in a new tab)</span>
                </Trans>
              </p>
              <p className="text-muted">
                <Trans>If you do not agree, you can sign out; nothing changes on your account.</Trans>
              </p>
            </div>
          </AlertDialogPrimitive.Description>
          {accept.isError && (
            <Alert variant="destructive" className="mt-4">
              {errorMessage(accept.error, i18n)}
            </Alert>
          )}
          <div className="mt-6 grid grid-cols-2 gap-3">
            <Button variant="secondary" disabled={busy} onClick={() => logout.mutate()}>
              {logout.isPending ? t`Signing out...` : t`Sign out`}
            </Button>
            <Button disabled={busy} onClick={() => accept.mutate()}>
              {accept.isPending ? t`Saving...` : t`I agree`}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, X } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Set just before the full page load that follows a deletion; read once on arrival (sessionStorage: this tab only). */
const FLAG = 'shro-account-deleted';

/** Remembers, across the page load to the landing page, that the account was just deleted. */
export function markAccountDeleted() {
  try {
    sessionStorage.setItem(FLAG, '1');
  } catch {
    // Storage refused (private mode): the landing page shows without the word, as before.
  }
}

function takeAccountDeleted(): boolean {
  try {
    const set = sessionStorage.getItem(FLAG) === '1';
    sessionStorage.removeItem(FLAG);
    return set;
  } catch {
    return false;
  }
}

/**
 * "Your account has been deleted.", once, on the landing page after a deletion (decision 115).
 * The status region is there from the first render and filled after it, so screen readers announce it.
 */
export function AccountDeletedNotice() {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (takeAccountDeleted()) setShown(true);
  }, []);
  return (
    <div role="status" className="mx-auto w-full max-w-xl px-4">
      {shown && !dismissed && (
        <div className="mt-4 flex items-start gap-3 rounded-xl border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm text-zinc-100">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-300" aria-hidden="true" />
          <p className="flex-1">
            <Trans>
              <strong className="font-semibold">Your account has been deleted.</strong> You've been signed out on every
              device. Thanks for trying {PRODUCT_NAME}.
            </Trans>
          </p>
          <button
            type="button"
            onClick={() => setDismissed(true)}
            aria-label={t`Dismiss`}
            className="-m-1 rounded-lg p-1 text-zinc-400 hover:bg-surface-2 hover:text-zinc-100"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}

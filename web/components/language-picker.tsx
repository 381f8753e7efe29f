import type { UpdateLocaleInput, UpdateLocaleResponse } from '@contract/account';
import type { CurrentUser } from '@contract/auth';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@contract/locales';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useId } from 'react';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { activateLocale, rememberVisitorLocale } from '@/lib/i18n';
import { reportLanguageChosen } from '@/lib/service-worker';

/**
 * The language of every page: switched in place, the page and what was typed kept, and remembered
 * for the next page: in the cookie for anyone, on the account for a signed-in user (decision 166).
 */
export function LanguagePicker({ signedIn, className }: { signedIn: boolean; className?: string }) {
  const { i18n } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const choose = async (locale: Locale) => {
    if (signedIn) {
      // The user as this page knows it says the new choice at once: its saved language wins otherwise.
      queryClient.setQueryData<CurrentUser | null>(queryKey(apiPaths.currentUser), (user) =>
        user ? { ...user, locale } : user,
      );
    }
    await activateLocale(locale);
    rememberVisitorLocale(locale);
    if (signedIn)
      await apiRequest<UpdateLocaleResponse>('PUT', apiPaths.accountLocale, {
        locale,
      } satisfies UpdateLocaleInput).catch(() => {});
    reportLanguageChosen();
    // What the server words (achievement names, page texts) is asked again in the new language.
    await queryClient.invalidateQueries();
  };
  return (
    <div className={className ?? 'flex items-center gap-2'}>
      <Globe className="size-4 shrink-0 text-muted" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void choose(event.target.value);
        }}
        className="h-11 rounded-xl border border-border bg-base px-3 text-sm text-zinc-100 focus:border-brand focus:outline-none"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}

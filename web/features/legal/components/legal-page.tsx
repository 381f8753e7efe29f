import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

/** When the legal texts last changed (June 16, 2025), shown as a date in the reader's language. */
const LEGAL_LAST_UPDATED = Date.UTC(2025, 5, 16);
const SUPPORT_EMAIL = 'support@shro.app';

/** The support address as a mail link, as the legal and support pages show it. */
export function SupportEmailLink() {
  return (
    <a className="text-purple-300 underline underline-offset-2 hover:text-purple-200" href={`mailto:${SUPPORT_EMAIL}`}>
      {SUPPORT_EMAIL}
    </a>
  );
}

/** The shared frame of the privacy, terms and support pages. */
export function LegalPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`${title} - ${PRODUCT_NAME}`);
  const updated = new Date(LEGAL_LAST_UPDATED).toLocaleDateString(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-muted">
        <Trans>Last updated: {updated}</Trans>
      </p>
      <p className="mt-6 text-zinc-300">{intro}</p>
      <Card className="mt-8 space-y-8 p-6 sm:p-8 [&_h2]:text-lg [&_h2]:font-bold [&_li]:ms-5 [&_li]:list-disc [&_p]:mt-2 [&_p]:text-zinc-300 [&_ul]:mt-2 [&_ul]:space-y-1 [&_ul]:text-zinc-300">
        {children}
      </Card>
      <nav aria-label={t`Legal`} className="mt-8 flex flex-wrap gap-4 text-sm text-muted">
        <Link href={pageHref('privacy')} className="hover:text-zinc-100">
          <Trans>Privacy Policy</Trans>
        </Link>
        <Link href={pageHref('terms')} className="hover:text-zinc-100">
          <Trans>Terms of Service</Trans>
        </Link>
        <Link href={pageHref('support')} className="hover:text-zinc-100">
          <Trans>Support</Trans>
        </Link>
        <Link href="/" className="hover:text-zinc-100">
          <Trans>Home</Trans>
        </Link>
      </nav>
    </div>
  );
}

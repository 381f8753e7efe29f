import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { LanguagePicker } from '@/components/language-picker';
import { Logo } from '@/components/logo';

interface FooterLink {
  label: string;
  href?: string;
  onClick?: () => void;
}

/** Landing footer: quick links, a feature list, legal links and the 2025 copyright line. */
export function SiteFooter({
  quickLinks,
  features,
  signedIn,
}: {
  quickLinks: FooterLink[];
  features: string[];
  signedIn: boolean;
}) {
  const { t } = useLingui();
  return (
    <footer className="mt-16 border-t border-border/60 bg-base/60">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <div className="flex items-center gap-2 text-lg font-extrabold">
            <Logo className="size-8" /> {PRODUCT_NAME}
          </div>
          <p className="mt-2 text-sm text-muted">
            <Trans>Decide together, one mystery box at a time.</Trans>
          </p>
        </div>
        <nav aria-label={t`Quick Links`}>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-muted">
            <Trans>Quick Links</Trans>
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.label}>
                {link.href ? (
                  <Link href={link.href} className="hover:text-brand">
                    {link.label}
                  </Link>
                ) : (
                  <button type="button" onClick={link.onClick} className="hover:text-brand">
                    {link.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-muted">
            <Trans>Features</Trans>
          </h2>
          <ul className="mt-3 space-y-2 text-sm text-zinc-300">
            {features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-border/60">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-5 text-sm text-muted sm:flex-row">
          <p>
            <Trans>© 2025 {PRODUCT_NAME}. All rights reserved.</Trans>
          </p>
          <LanguagePicker signedIn={signedIn} />
          <nav aria-label={t`Legal`} className="flex gap-4">
            <Link href={pageHref('privacy')} className="hover:text-zinc-100">
              <Trans>Privacy</Trans>
            </Link>
            <Link href={pageHref('terms')} className="hover:text-zinc-100">
              <Trans>Terms</Trans>
            </Link>
            <Link href={pageHref('support')} className="hover:text-zinc-100">
              <Trans>Support</Trans>
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}

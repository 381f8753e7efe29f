import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Settings } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { AccountSection } from '@/features/account/components/account-section';
import { LanguageSection } from '@/features/account/components/language-section';
import { YourDataSection } from '@/features/account/components/your-data-section';
import { useAuth } from '@/features/auth/api/get-user';
import { SecuritySection } from '@/features/auth/components/security-section';
import { PrivacySafetySection } from '@/features/blocks/components/privacy-safety-section';
import { NotificationSettingsSection } from '@/features/notifications/components/notification-settings';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type SettingsSectionId, settingsSections } from './settings-sections';

function Anchored({ id, children }: { id: SettingsSectionId; children: ReactNode }) {
  return (
    <div id={id} className="scroll-mt-20">
      {children}
    </div>
  );
}

export default function SettingsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Settings - ${PRODUCT_NAME}`);
  const { user } = useAuth();
  // The page loads after the browser looked for the fragment: a deep link scrolls once it is here.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-5 px-4 py-8 sm:py-12">
      <header className="space-y-3">
        <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight">
          <Settings className="size-7 text-purple-300" aria-hidden="true" /> <Trans>Settings</Trans>
        </h1>
        <nav aria-label={t`Settings sections`}>
          <ul className="flex flex-wrap gap-2">
            {settingsSections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full border border-border px-4 text-sm font-medium text-zinc-200 hover:bg-surface-2"
                >
                  {i18n._(section.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Anchored id="account">
        <AccountSection user={user} />
      </Anchored>
      <Anchored id="security">
        <SecuritySection />
      </Anchored>
      <Anchored id="notifications">
        <NotificationSettingsSection />
      </Anchored>
      <Anchored id="language">
        <LanguageSection />
      </Anchored>
      <Anchored id="privacy">
        <PrivacySafetySection />
      </Anchored>
      <Anchored id="your-data">
        <YourDataSection />
      </Anchored>
    </div>
  );
}

import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { LanguagePicker } from '@/components/language-picker';
import { SectionCard } from '@/components/section-card';

/** Settings' "Language": the same picker as the footer's, saved on the account (decision 166). */
export function LanguageSection() {
  const { t } = useLingui();
  return (
    <SectionCard title={t`Language`} icon={Languages}>
      <div className="space-y-4">
        <p className="text-sm text-muted">
          <Trans>{PRODUCT_NAME}'s screens, emails and notifications use this language.</Trans>
        </p>
        <LanguagePicker signedIn />
      </div>
    </SectionCard>
  );
}

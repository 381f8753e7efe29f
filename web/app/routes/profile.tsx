import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '@/features/auth/api/get-user';
import { OwnProfile } from '@/features/profiles/components/own-profile';
import { useDocumentTitle } from '@/lib/use-document-title';
import { settingsSections } from './settings-sections';

const movedToSettings = new Set<string>(settingsSections.map((s) => s.id));

export default function ProfilePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Your Profile - ${PRODUCT_NAME}`);
  const { user } = useAuth();
  const [, navigate] = useLocation();
  // A link to a setting on the profile (/profile#security) goes on working: the settings moved to /settings.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (movedToSettings.has(id)) navigate(pageHref('settings', { hash: id }), { replace: true });
  }, [navigate]);
  if (!user) return null;
  return <OwnProfile user={user} />;
}

import { msg } from '@lingui/core/macro';

/**
 * The settings page's sections in their order, each reachable as /settings#{id} (the profile's old links too).
 * Labels render with `i18n._`.
 */
export const settingsSections = [
  { id: 'account', label: msg`Account` },
  { id: 'security', label: msg`Security` },
  { id: 'notifications', label: msg`Notifications` },
  { id: 'language', label: msg`Language` },
  { id: 'privacy', label: msg`Privacy & safety` },
  { id: 'your-data', label: msg`Your data` },
] as const;

export type SettingsSectionId = (typeof settingsSections)[number]['id'];

/** The settings page's sections in their order, each reachable as /settings#{id} (the profile's old links too). */
export const settingsSections = [
  { id: 'account', label: 'Account' },
  { id: 'security', label: 'Security' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'privacy', label: 'Privacy & safety' },
  { id: 'your-data', label: 'Your data' },
] as const;

export type SettingsSectionId = (typeof settingsSections)[number]['id'];

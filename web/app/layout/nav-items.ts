import { appPages } from '@contract/pages';
import { msg } from '@lingui/core/macro';
import { Award, Bell, History, MessageCircle, Settings, User, Users } from 'lucide-react';

/**
 * The signed-in menu, in the spec's order, Settings last; paths from the page table (decision 093).
 * Labels are message descriptors: render them with `i18n._(item.label)` from `useLingui()`.
 */
export const accountMenuItems = [
  { href: appPages.notifications.path, label: msg`Notifications`, icon: Bell, badge: 'notifications' },
  { href: appPages.chat.path, label: msg`Messages`, icon: MessageCircle, badge: 'messages' },
  { href: appPages.profile.path, label: msg`Profile`, icon: User },
  { href: appPages.friends.path, label: msg`Friends`, icon: Users },
  { href: appPages.history.path, label: msg`History`, icon: History },
  { href: appPages.achievements.path, label: msg`Achievements`, icon: Award },
  { href: appPages.settings.path, label: msg`Settings`, icon: Settings },
] as const;

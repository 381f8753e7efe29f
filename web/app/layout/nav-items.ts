import { appPages } from '@contract/pages';
import { Award, Bell, History, MessageCircle, Settings, User, Users } from 'lucide-react';

/** The signed-in menu, in the spec's order, Settings last; paths from the page table (decision 093). */
export const accountMenuItems = [
  { href: appPages.notifications.path, label: 'Notifications', icon: Bell, badge: 'notifications' },
  { href: appPages.chat.path, label: 'Messages', icon: MessageCircle, badge: 'messages' },
  { href: appPages.profile.path, label: 'Profile', icon: User },
  { href: appPages.friends.path, label: 'Friends', icon: Users },
  { href: appPages.history.path, label: 'History', icon: History },
  { href: appPages.achievements.path, label: 'Achievements', icon: Award },
  { href: appPages.settings.path, label: 'Settings', icon: Settings },
] as const;

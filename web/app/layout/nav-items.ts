import { Award, Bell, History, MessageCircle, User, Users } from 'lucide-react';

/** The signed-in menu, in the spec's order. */
export const accountMenuItems = [
  { href: '/notifications', label: 'Notifications', icon: Bell, badge: 'notifications' },
  { href: '/chat', label: 'Messages', icon: MessageCircle, badge: 'messages' },
  { href: '/profile', label: 'Profile', icon: User },
  { href: '/friends', label: 'Friends', icon: Users },
  { href: '/history', label: 'History', icon: History },
  { href: '/achievements', label: 'Achievements', icon: Award },
] as const;

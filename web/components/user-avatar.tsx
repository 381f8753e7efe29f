import { DELETED_USER_LABEL, isDeletedUsername } from '@contract/deleted-user';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn';
import { i18n } from '@/lib/i18n';

export interface AvatarUser {
  username: string;
  firstName?: string | null;
  profileImageUrl?: string | null;
}

const sizes = {
  sm: 'size-9 text-sm',
  md: 'size-11 text-base',
  lg: 'size-16 text-2xl',
  xl: 'size-24 text-4xl sm:size-28',
} as const;

const dotSizes = { sm: 'size-2.5', md: 'size-3', lg: 'size-4', xl: 'size-5' } as const;

// Each person keeps the same colour everywhere they appear.
const gradients = [
  'from-purple-500 to-pink-500',
  'from-indigo-500 to-purple-500',
  'from-pink-500 to-orange-400',
  'from-fuchsia-500 to-violet-600',
  'from-sky-500 to-indigo-500',
  'from-emerald-500 to-teal-600',
] as const;

function gradientFor(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return gradients[Math.abs(hash) % gradients.length];
}

/** "deleted user" in the page's language: a contract text, translated in the server's catalogs (decision 167). */
const deletedUser = () => i18n._(DELETED_USER_LABEL);

/** "First Last" when the person gave a name, else their username; "deleted user" for a deleted account. */
export function displayName(user: { username: string; firstName?: string | null; lastName?: string | null }) {
  if (isDeletedUsername(user.username)) return deletedUser();
  return [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || user.username;
}

/** "@username" as people are named in text, or "deleted user" (docs/decisions/115-account-deletion-tombstone.md). */
export const userHandle = (username: string) => (isDeletedUsername(username) ? deletedUser() : `@${username}`);

/** The first letter people recognise someone by: their first name, else their username. */
function initialOf(user: AvatarUser) {
  if (isDeletedUsername(user.username)) return '?';
  return (user.firstName?.trim() || user.username).charAt(0).toUpperCase() || '?';
}

/** A round avatar: the profile image, or an initial on a gradient; optionally an online dot. */
export function UserAvatar({
  user,
  size = 'md',
  online,
  className,
  imageUrl,
}: {
  user: AvatarUser;
  size?: keyof typeof sizes;
  online?: boolean;
  className?: string;
  /** Overrides the stored image (a preview of a newly chosen file). */
  imageUrl?: string | null;
}) {
  const src = imageUrl ?? user.profileImageUrl;
  const { t } = useLingui();
  return (
    <span className={cn('relative inline-flex shrink-0', className)}>
      {src ? (
        <img src={src} alt="" className={cn('rounded-full object-cover ring-2 ring-border', sizes[size])} />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            'flex items-center justify-center rounded-full bg-gradient-to-br font-bold text-white ring-2 ring-border',
            isDeletedUsername(user.username) ? 'from-zinc-600 to-zinc-700' : gradientFor(user.username),
            sizes[size],
          )}
        >
          {initialOf(user)}
        </span>
      )}
      {online && (
        <span
          className={cn('absolute bottom-0 right-0 rounded-full bg-emerald-400 ring-2 ring-base', dotSizes[size])}
          title={t`Online`}
        >
          <span className="sr-only">
            <Trans>Online</Trans>
          </span>
        </span>
      )}
    </span>
  );
}

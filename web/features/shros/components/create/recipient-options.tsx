import type { Friend } from '@contract/friends';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, EyeOff, Globe, Link2, Search, Shuffle, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Spinner } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import { EXPIRY_OPTIONS, type ExpiryChoice } from '../../hooks/create-form-state';

const FRIEND_FILTER_FROM = 7;

/**
 * Who gets the Shro (docs/product.md §2/§4): chosen friends, a shareable link with an expiry, or public.
 * Choosing public clears the others; choosing a friend hides the link option.
 */
export function RecipientOptions({
  friends,
  friendsLoading,
  recipients,
  isShareable,
  expiry,
  deadline,
  isPublic,
  isAnonymous,
  isShuffled,
  onToggleFriend,
  onShareable,
  onExpiry,
  onDeadline,
  onPublic,
  onAnonymous,
  onShuffled,
}: {
  friends: Friend[];
  friendsLoading: boolean;
  recipients: string[];
  isShareable: boolean;
  expiry: ExpiryChoice;
  deadline: ExpiryChoice;
  isPublic: boolean;
  isAnonymous: boolean;
  isShuffled: boolean;
  onToggleFriend: (id: string) => void;
  onShareable: (on: boolean) => void;
  onExpiry: (expiry: ExpiryChoice) => void;
  onDeadline: (deadline: ExpiryChoice) => void;
  onPublic: (on: boolean) => void;
  onAnonymous: (on: boolean) => void;
  onShuffled: (on: boolean) => void;
}) {
  const { t } = useLingui();
  const [filter, setFilter] = useState('');
  const shown = friends.filter((f) => f.username.toLowerCase().includes(filter.trim().toLowerCase()));

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">
          <Trans>Send to friends</Trans>
        </legend>
        {friendsLoading ? (
          <div className="flex items-center gap-2 py-3 text-sm text-muted">
            <Spinner className="size-4" label={t`Loading friends`} /> <Trans>Loading friends...</Trans>
          </div>
        ) : friends.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl border border-dashed border-border/80 bg-base/40 p-3 text-sm text-muted">
            <UserPlus className="size-5 shrink-0 text-purple-300" aria-hidden="true" />
            <p>
              <Trans>
                No friends yet.{' '}
                <Link href={pageHref('friends')} className="font-semibold text-purple-300 underline underline-offset-2">
                  Add friends
                </Link>{' '}
                to send a {PRODUCT_NAME} privately, or use a link below.
              </Trans>
            </p>
          </div>
        ) : (
          <>
            {friends.length >= FRIEND_FILTER_FROM && (
              <div className="relative mb-2">
                <Search className="pointer-events-none absolute start-3.5 top-1/2 size-4 -translate-y-1/2 text-muted" />
                <Input
                  type="search"
                  aria-label={t`Filter friends`}
                  placeholder={t`Filter friends`}
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  className="ps-10"
                />
              </div>
            )}
            <ul className="grid max-h-64 gap-1.5 overflow-y-auto pe-1 sm:grid-cols-2">
              {shown.map((friend) => {
                const checked = recipients.includes(friend.id);
                return (
                  <li key={friend.id}>
                    <label
                      className={cn(
                        'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition-colors',
                        checked ? 'border-brand bg-brand/15' : 'border-border/60 bg-base/40 hover:bg-surface-2',
                      )}
                    >
                      <input
                        type="checkbox"
                        className="peer sr-only"
                        checked={checked}
                        onChange={() => onToggleFriend(friend.id)}
                      />
                      <UserAvatar user={friend} size="sm" />
                      <span className="min-w-0 flex-1 truncate text-sm font-semibold">@{friend.username}</span>
                      <span
                        aria-hidden="true"
                        className={cn(
                          'flex size-6 items-center justify-center rounded-full border-2 transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-brand',
                          checked ? 'border-brand bg-brand text-white' : 'border-border',
                        )}
                      >
                        {checked && <Check className="size-3.5" />}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </fieldset>

      {recipients.length === 0 && (
        <OptionCard
          icon={Link2}
          title={t`Create a shareable link`}
          description={t`Anyone with the link can open one box.`}
          checked={isShareable}
          onChange={onShareable}
        >
          {isShareable && (
            <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-border/60 pt-3">
              <label htmlFor="link-expiry" className="text-sm text-zinc-200">
                <Trans>Link expires after</Trans>
              </label>
              <ExpirySelect id="link-expiry" value={expiry} onChange={onExpiry} />
            </div>
          )}
        </OptionCard>
      )}

      <OptionCard
        icon={Globe}
        title={t`Share publicly on Explore`}
        description={t`Anyone can find it on the Explore page and open a box.`}
        checked={isPublic}
        onChange={onPublic}
      />

      <OptionCard
        icon={EyeOff}
        title={t`Keep picks anonymous`}
        description={t`Nobody, you included, sees who opened which box: only how many did.`}
        checked={isAnonymous}
        onChange={onAnonymous}
      />

      <OptionCard
        icon={Shuffle}
        title={t`Shuffle the boxes for each person`}
        description={t`Everyone gets their own order, so nobody can tell a friend where the winner is.`}
        checked={isShuffled}
        onChange={onShuffled}
      />

      {(recipients.length > 0 || isPublic) && (
        <div className="flex flex-wrap items-center gap-2 rounded-2xl border border-border/60 bg-base/40 p-3">
          <label htmlFor="shro-deadline" className="text-sm text-zinc-200">
            <Trans>Closes after</Trans>
          </label>
          <ExpirySelect id="shro-deadline" value={deadline} onChange={onDeadline} />
        </div>
      )}
    </div>
  );
}

/** The four expiry choices (EXPIRY_OPTIONS), for a link's expiry or another Shro's deadline. */
function ExpirySelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: ExpiryChoice;
  onChange: (value: ExpiryChoice) => void;
}) {
  const { i18n } = useLingui();
  return (
    <select
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value as ExpiryChoice)}
      className="h-11 rounded-xl border border-border bg-base px-3 text-sm text-zinc-100 focus:border-brand focus:outline-none"
    >
      {EXPIRY_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {i18n._(option.label)}
        </option>
      ))}
    </select>
  );
}

function OptionCard({
  icon: Icon,
  title,
  description,
  checked,
  onChange,
  children,
}: {
  icon: typeof Globe;
  title: string;
  description: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  children?: React.ReactNode;
}) {
  return (
    <div
      className={cn(
        'rounded-2xl border p-3 transition-colors',
        checked ? 'border-brand bg-brand/10' : 'border-border/60 bg-base/40',
      )}
    >
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-xl',
            checked ? 'bg-gradient-to-br from-brand to-brand-2 text-white' : 'bg-surface-2 text-purple-300',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold">{title}</span>
          <span className="block text-xs text-muted">{description}</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className={cn(
            'relative h-7 w-12 shrink-0 rounded-full transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-brand',
            checked ? 'bg-brand' : 'bg-border',
          )}
        >
          <span
            className={cn(
              'absolute top-1 size-5 rounded-full bg-white shadow transition-transform',
              checked ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1',
            )}
          />
        </span>
      </label>
      {children}
    </div>
  );
}

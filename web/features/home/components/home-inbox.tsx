import type { HomeWaitingItem } from '@contract/home';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME, PRODUCT_NAME_PLURAL } from '@contract/product';
import type { ShroListItem } from '@contract/shro-views';
import { closesSoon } from '@contract/time-left';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ChevronRight, Compass, Gift, Globe, Inbox, Link2, type LucideIcon, Plus, Radio, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { FirstStep, InboxSection } from '@/components/inbox-section';
import { PendingRead } from '@/components/pending-read';
import { Alert, Spinner } from '@/components/ui/card';
import { closesInText } from '@/lib/closes-in';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { formatRelativeTime } from '@/lib/relative-time';
import { useHomeInbox } from '../api/get-home-inbox';

/**
 * The signed-in home's inbox, above the headline (issue 13, item 4): what waits for the user's pick,
 * their pending friend requests (the friends feature's section, passed in by the page) and their
 * own Shros still open, with opened counts that follow live events. Each empty state offers a first step.
 */
export function HomeInbox({ friendRequests }: { friendRequests: ReactNode }) {
  const { i18n, t } = useLingui();
  const inbox = useHomeInbox();
  return (
    // One column at every width: side by side, a short card left a tall empty area beside a long list.
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4 pt-6 sm:pt-10">
      <InboxSection title={t`Waiting for you`} icon={Inbox} count={inbox.data?.waiting.length}>
        {inbox.isPending ? (
          <PendingRead>
            <Spinner className="mx-auto my-4 block" label={t`Loading what waits for you`} />
          </PendingRead>
        ) : inbox.isError ? (
          <Alert variant="destructive">{errorMessage(inbox.error, i18n)}</Alert>
        ) : inbox.data.waiting.length === 0 ? (
          <FirstStep
            text={t`Nothing waiting for you yet. When a friend sends you a ${PRODUCT_NAME}, it lands here. Meanwhile, open one on Explore.`}
            href={pageHref('explore')}
            icon={Compass}
            label={t`Explore`}
          />
        ) : (
          <ul className="space-y-2" aria-label={t`Waiting for you`}>
            {inbox.data.waiting.map((item) => (
              <WaitingRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </InboxSection>
      {friendRequests}
      <InboxSection title={t`Your live ${PRODUCT_NAME_PLURAL}`} icon={Radio} count={inbox.data?.live.length}>
        {inbox.isPending ? (
          <PendingRead>
            <Spinner className="mx-auto my-4 block" label={t`Loading your live ${PRODUCT_NAME_PLURAL}`} />
          </PendingRead>
        ) : inbox.isError ? null : inbox.data.live.length === 0 ? (
          <FirstStep
            text={
              inbox.data.hasCreated
                ? t`None of your ${PRODUCT_NAME_PLURAL} is open right now. Send a new one and watch the picks come in here.`
                : t`Send your first ${PRODUCT_NAME} and watch your friends' picks come in here, live.`
            }
            href={pageHref('create')}
            icon={Plus}
            label={inbox.data.hasCreated ? t`Create a ${PRODUCT_NAME}` : t`Create your first ${PRODUCT_NAME}`}
          />
        ) : (
          <ul className="space-y-2" aria-label={t`Your live ${PRODUCT_NAME_PLURAL}`}>
            {inbox.data.live.map((item) => (
              <LiveRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </InboxSection>
    </div>
  );
}

function ClosesChip({ expiresAt }: { expiresAt: string | null }) {
  const { i18n } = useLingui();
  const text = closesInText(i18n, expiresAt);
  if (!text) return null;
  return (
    <span
      className={cn(
        'shrink-0 rounded-full border px-2 py-0.5 text-xs font-semibold',
        closesSoon(expiresAt)
          ? 'border-amber-400/50 bg-amber-400/15 text-amber-100'
          : 'border-sky-400/40 bg-sky-500/10 text-sky-100',
      )}
    >
      {text}
    </span>
  );
}

function Row({
  href,
  icon: Icon,
  title,
  note,
  aside,
}: {
  href: string;
  icon: LucideIcon;
  title: string;
  note: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <li>
      <Link
        href={href}
        className="group flex min-h-14 items-center gap-3 rounded-xl border border-border/60 bg-surface-2/40 p-2.5 transition-colors hover:border-brand/60 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand/40 to-brand-2/30 text-purple-100">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold group-hover:underline">{title}</span>
          <span className="block truncate text-sm text-muted">{note}</span>
          {/* Phones: the time left gets its own line, so the title keeps the width. */}
          {aside && <span className="mt-1 flex sm:hidden">{aside}</span>}
        </span>
        {aside && <span className="hidden sm:flex">{aside}</span>}
        <ChevronRight className="size-4 shrink-0 text-muted rtl:-scale-x-100" aria-hidden="true" />
      </Link>
    </li>
  );
}

function WaitingRow({ item }: { item: HomeWaitingItem }) {
  const { t, i18n } = useLingui();
  const username = item.from.username;
  const time = formatRelativeTime(item.receivedAt, i18n.locale);
  return (
    <Row
      href={pageHref('session', { id: item.id })}
      icon={Gift}
      title={item.title}
      note={t`From @${username} · ${time}`}
      aside={<ClosesChip expiresAt={item.expiresAt} />}
    />
  );
}

/** "Public · 3 opened", "Link · 3 opened", "Friends · 2 of 5 opened": who can open it, then how many did. */
function liveNote(item: ShroListItem, i18n: I18n): string {
  const opened = item.participantCount;
  const recipients = item.recipientCount;
  if (item.isPublic) {
    return i18n._(msg`${plural(opened, { one: `Public · ${opened} opened`, other: `Public · ${opened} opened` })}`);
  }
  if (item.isShareable) {
    return i18n._(msg`${plural(opened, { one: `Link · ${opened} opened`, other: `Link · ${opened} opened` })}`);
  }
  return i18n._(
    msg`${plural(opened, {
      one: `Friends · ${opened} of ${recipients} opened`,
      other: `Friends · ${opened} of ${recipients} opened`,
    })}`,
  );
}

function LiveRow({ item }: { item: ShroListItem }) {
  const { i18n } = useLingui();
  const icon = item.isPublic ? Globe : item.isShareable ? Link2 : Users;
  return (
    <Row
      href={pageHref('session', { id: item.id })}
      icon={icon}
      title={item.title}
      note={liveNote(item, i18n)}
      aside={<ClosesChip expiresAt={item.expiresAt} />}
    />
  );
}

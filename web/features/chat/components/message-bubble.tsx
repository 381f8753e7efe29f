import type { ChatMessage } from '@contract/chat';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, CheckCheck, Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { formatMessageTime } from './message-time';

const tickLabels = {
  read: msg({ message: 'Read', comment: 'A chat message the other person has read' }),
  delivered: msg({ message: 'Delivered', comment: 'A chat message that reached the other person' }),
  sent: msg({ message: 'Sent', context: 'chat message status', comment: 'A chat message that left this device' }),
};

/** Sent (one check), delivered (two checks) or read (two coloured checks). */
function Ticks({ message }: { message: ChatMessage }) {
  const { i18n } = useLingui();
  const state = message.readAt ? 'read' : message.deliveredAt ? 'delivered' : 'sent';
  const Icon = state === 'sent' ? Check : CheckCheck;
  const label = i18n._(tickLabels[state]);
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex">
      <Icon className={cn('size-4', state === 'read' ? 'text-sky-300' : 'text-purple-100/80')} aria-hidden="true" />
    </span>
  );
}

function ShroShareCard({ shroId, mine }: { shroId: string; mine: boolean }) {
  return (
    <Link
      href={pageHref('session', { id: shroId })}
      className={cn(
        'mb-1 flex items-center gap-3 rounded-xl border p-3 transition-colors',
        mine ? 'border-white/25 bg-black/15 hover:bg-black/25' : 'border-border bg-base/50 hover:bg-base/80',
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-purple-500 to-pink-500 text-white">
        <Gift className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block text-xs font-semibold uppercase tracking-wide opacity-90">
          <Trans>Mystery {PRODUCT_NAME}</Trans>
        </span>
        <span className="block font-semibold underline underline-offset-2">
          <Trans>View {PRODUCT_NAME}</Trans>
        </span>
      </span>
    </Link>
  );
}

/** One chat message: my own at the end (right, or left in a right-to-left language) with ticks, theirs at the start. */
export function MessageBubble({
  message,
  mine,
  actions,
}: {
  message: ChatMessage;
  mine: boolean;
  /** Beside the time of someone else's message (report), from another feature. */
  actions?: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-md sm:max-w-[70%]',
          mine
            ? 'rounded-ee-md bg-gradient-to-br from-purple-600 to-fuchsia-700 text-white'
            : 'rounded-es-md bg-surface-2 text-zinc-100',
        )}
      >
        {message.messageType === 'shro_share' && message.shroSessionId && (
          <ShroShareCard shroId={message.shroSessionId} mine={mine} />
        )}
        <p className="whitespace-pre-wrap break-words text-[15px] leading-relaxed">{message.content}</p>
        <div
          className={cn(
            'mt-0.5 flex items-center justify-end gap-1 text-[11px]',
            mine ? 'text-purple-100' : 'text-muted',
          )}
        >
          {actions}
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, i18n.locale)}</time>
          {mine && <Ticks message={message} />}
        </div>
      </div>
    </li>
  );
}

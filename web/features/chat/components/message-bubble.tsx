import type { ChatMessage } from '@contract/chat';
import { PRODUCT_NAME } from '@contract/product';
import { Check, CheckCheck, Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { formatMessageTime } from './message-time';

/** Sent (one check), delivered (two checks) or read (two coloured checks). */
function Ticks({ message }: { message: ChatMessage }) {
  const state = message.readAt ? 'Read' : message.deliveredAt ? 'Delivered' : 'Sent';
  const Icon = state === 'Sent' ? Check : CheckCheck;
  return (
    <span role="img" aria-label={state} title={state} className="inline-flex">
      <Icon className={cn('size-4', state === 'Read' ? 'text-sky-300' : 'text-purple-100/80')} aria-hidden="true" />
    </span>
  );
}

function ShroShareCard({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <Link
      href={`/session/${message.shroSessionId}`}
      className={cn(
        'mb-1 flex items-center gap-3 rounded-xl border p-3 transition-colors',
        mine ? 'border-white/25 bg-black/15 hover:bg-black/25' : 'border-border bg-base/50 hover:bg-base/80',
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-purple-500 to-pink-500 text-white">
        <Gift className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block text-xs font-semibold uppercase tracking-wide opacity-90">Mystery {PRODUCT_NAME}</span>
        <span className="block font-semibold underline underline-offset-2">View {PRODUCT_NAME}</span>
      </span>
    </Link>
  );
}

/** One chat message: my own on the right with ticks, theirs on the left. */
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
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-md sm:max-w-[70%]',
          mine
            ? 'rounded-br-md bg-gradient-to-br from-purple-600 to-fuchsia-700 text-white'
            : 'rounded-bl-md bg-surface-2 text-zinc-100',
        )}
      >
        {message.messageType === 'shro_share' && message.shroSessionId && (
          <ShroShareCard message={message} mine={mine} />
        )}
        <p className="whitespace-pre-wrap break-words text-[15px] leading-relaxed">{message.content}</p>
        <div
          className={cn(
            'mt-0.5 flex items-center justify-end gap-1 text-[11px]',
            mine ? 'text-purple-100' : 'text-muted',
          )}
        >
          {actions}
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
          {mine && <Ticks message={message} />}
        </div>
      </div>
    </li>
  );
}

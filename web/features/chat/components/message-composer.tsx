import { CHAT_MESSAGE_MAX } from '@contract/chat';
import { Trans, useLingui } from '@lingui/react/macro';
import { SendHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { ApiError, NetworkError } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { useSendMessage } from '../api/send-message';

const MAX_ROWS_PX = 140;

/** The message box: Enter sends, Shift+Enter starts a new line; only trimmed, non-empty text is sent. */
export function MessageComposer({ recipientId, recipientName }: { recipientId: string; recipientName: string }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const send = useSendMessage();
  const area = useRef<HTMLTextAreaElement>(null);
  const content = text.trim();

  function fitHeight(el: HTMLTextAreaElement) {
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_ROWS_PX)}px`;
  }

  function submit() {
    if (!content || send.isPending) return;
    const draft = text;
    setText('');
    if (area.current) area.current.style.height = 'auto';
    send.mutate(
      { recipientId, content },
      {
        onError: (error) => {
          // Give the words back so nothing typed is lost.
          setText((current) => current || draft);
          toast({
            variant: 'destructive',
            title: t`Failed to send message`,
            description:
              error instanceof ApiError
                ? error.serverMessage
                : error instanceof NetworkError
                  ? error.message
                  : undefined,
          });
        },
      },
    );
  }

  return (
    <form
      className="flex items-end gap-2 border-t border-border/60 bg-base/60 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Label htmlFor="chat-message" className="sr-only">
        <Trans>Message {recipientName}</Trans>
      </Label>
      <Textarea
        id="chat-message"
        ref={area}
        rows={1}
        value={text}
        maxLength={CHAT_MESSAGE_MAX}
        placeholder={t`Type a message…`}
        className="max-h-[140px] min-h-11 min-w-0 resize-none"
        onChange={(e) => {
          setText(e.target.value);
          fitHeight(e.currentTarget);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <Button
        type="submit"
        size="icon"
        className="size-11 rounded-full"
        disabled={!content || send.isPending}
        aria-label={t`Send message`}
      >
        <SendHorizontal className="rtl:-scale-x-100" />
      </Button>
    </form>
  );
}

import { Trans } from '@lingui/react/macro';
import { Popover } from 'radix-ui';
import type { LoadedPopupProps } from '@/components/load-on-intent';

interface VerifiedPopoverProps extends LoadedPopupProps {
  heading: string;
  body: string;
  commitment?: string;
}

/** What a commitment check means, opened from its mark (loaded on intent by verified-mark.tsx). */
export default function VerifiedPopover({ trigger, defaultOpen, heading, body, commitment }: VerifiedPopoverProps) {
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-72 rounded-2xl border border-border bg-surface p-4 text-sm shadow-2xl data-[state=open]:animate-pop"
        >
          <p className="font-semibold">{heading}</p>
          <p className="mt-1 text-muted">{body}</p>
          {commitment && (
            <p className="mt-2 break-all font-mono text-[11px] text-zinc-400">
              <Trans>
                <span className="text-zinc-300">Commitment</span> {commitment}
              </Trans>
            </p>
          )}
          <Popover.Arrow className="fill-border" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

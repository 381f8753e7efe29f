import { PRODUCT_NAME } from '@contract/product';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Gift, PartyPopper, Send, Sparkles, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type RefObject, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const steps = [
  {
    title: msg`Welcome`,
    icon: Sparkles,
    body: msg`${PRODUCT_NAME} turns decisions into a game: hide four options in four mystery boxes and let your friends pick one.`,
  },
  {
    title: msg`Create Your Mystery`,
    icon: Gift,
    body: msg`Fill the boxes with photos, text, movies, TV shows or restaurants. Mark a winning box if you like.`,
  },
  {
    title: msg`Send to Friends`,
    icon: Send,
    body: msg`Send it privately to friends, share a link with anyone, or publish it on the explore page.`,
  },
  {
    title: msg`Reveal the Mystery`,
    icon: PartyPopper,
    body: msg`Each person opens exactly one box. Watch the picks come in live, with a reveal animation.`,
  },
] as const;

/**
 * The four-step tutorial. Back is disabled on step 1; the last Next reads "Get Started" and
 * closes. After Get Started, focus goes to `getStartedTarget` (the visitor's sign-up call to
 * action) instead of back to the button that opened the tutorial.
 */
export function TutorialDialog({
  open,
  onOpenChange,
  getStartedTarget,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  getStartedTarget?: RefObject<HTMLElement | null>;
}) {
  const { t, i18n } = useLingui();
  const [step, setStep] = useState(0);
  const finished = useRef(false);
  // The tutorial is opened by plain buttons (hero, footer), not a Dialog.Trigger, so Radix has
  // nothing to return focus to: remember what was focused when it opened.
  const opener = useRef<HTMLElement | null>(null);
  const current = steps[step]!;
  const last = step === steps.length - 1;
  const number = step + 1;
  const total = steps.length;

  function close() {
    onOpenChange(false);
    setStep(0);
  }

  function getStarted() {
    finished.current = true;
    close();
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" data-testid="tutorial-backdrop" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl border border-border bg-surface p-6 shadow-2xl data-[state=open]:animate-pop"
          onOpenAutoFocus={() => {
            // Still the element that opened the tutorial: focus moves in after this.
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const signUp = finished.current ? getStartedTarget?.current : null;
            finished.current = false;
            const target = signUp ?? opener.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
            signUp?.scrollIntoView({ block: 'center' });
          }}
        >
          <div className="flex items-center justify-between">
            <span className="text-xs font-semibold uppercase tracking-widest text-muted">
              <Trans>
                Step {number} of {total}
              </Trans>
            </span>
            <div className="flex items-center gap-1">
              <Button variant="ghost" size="sm" onClick={close}>
                <Trans>Skip</Trans>
              </Button>
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label={t`Close tutorial`}>
                  <X />
                </Button>
              </Dialog.Close>
            </div>
          </div>
          <div className="mt-4 flex flex-col items-center text-center">
            <div className="flex size-20 items-center justify-center rounded-3xl bg-gradient-to-br from-brand to-brand-2 text-white shadow-lg shadow-brand/30">
              <current.icon className="size-10" />
            </div>
            <Dialog.Title className="mt-5 text-2xl font-bold">{i18n._(current.title)}</Dialog.Title>
            <Dialog.Description className="mt-2 text-muted">{i18n._(current.body)}</Dialog.Description>
          </div>
          <div className="mt-6 flex justify-center gap-2" aria-hidden="true">
            {steps.map((s, i) => (
              <span
                key={s.title.id}
                className={cn('h-2 rounded-full transition-all', i === step ? 'w-6 bg-brand' : 'w-2 bg-border')}
              />
            ))}
          </div>
          <div className="mt-6 grid grid-cols-2 gap-3">
            <Button variant="secondary" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
              <Trans>Back</Trans>
            </Button>
            <Button onClick={() => (last ? getStarted() : setStep((s) => s + 1))}>
              {last ? t`Get Started` : t`Next`}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

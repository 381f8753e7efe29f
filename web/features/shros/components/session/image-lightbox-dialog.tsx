import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { LoadedPopupProps } from '@/components/load-on-intent';

/** The full-screen image (loaded on intent by image-lightbox.tsx). Tap outside or Escape closes. */
export default function ImageLightboxDialog({
  trigger,
  defaultOpen,
  src,
  alt,
}: LoadedPopupProps & { src: string; alt: string }) {
  const { t } = useLingui();
  return (
    <Dialog.Root defaultOpen={defaultOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 grid place-items-center bg-black/95 p-3 backdrop-blur sm:p-8">
          <Dialog.Content className="relative outline-none data-[state=open]:animate-pop">
            <Dialog.Title className="sr-only">{alt}</Dialog.Title>
            <Dialog.Description className="sr-only">
              <Trans>Full-screen image. Press Escape to close.</Trans>
            </Dialog.Description>
            <img
              src={src}
              alt={alt}
              className="max-h-[calc(100dvh-2rem)] max-w-[calc(100vw-1.5rem)] rounded-2xl object-contain shadow-2xl sm:max-h-[calc(100dvh-4rem)]"
            />
            <Dialog.Close
              aria-label={t`Close image`}
              className="absolute right-2 top-2 flex size-11 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur hover:bg-black/80"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { PRODUCT_NAME } from '@contract/product';
import type { Shro } from '@contract/shro-views';
import { hidOptionsPhrase } from '@contract/shros';
import { Check, Copy, Mail, MessageCircle, MessageSquareText, MessagesSquare, Send, Share2 } from 'lucide-react';
import type { ComponentType } from 'react';
import type { LoadedPopupProps } from '@/components/load-on-intent';
import { MysteryBoxArt } from '@/components/mystery-box-art';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { copyText } from '@/lib/copy-text';
import { isNativeApp, shareLink } from '@/lib/native';
import { toast } from '@/lib/use-toast';
import { recordShare } from '../../api/share-shro';
import { filledBoxes } from '../../utils/option-count';
import { type ShareTargetLink, shareTargets } from '../../utils/share-targets';
import { shroLink, useCopyShroLink } from './share-dialog';

function openShareWindow(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer,width=600,height=520');
}

const targetClass =
  'flex h-11 items-center justify-center gap-2 rounded-xl border border-border bg-transparent px-3 text-sm font-semibold text-zinc-100 transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-brand [&_svg]:size-4 [&_svg]:shrink-0';

const targetIcons: Record<ShareTargetLink['target'], ComponentType> = {
  whatsapp: () => <MessageCircle className="text-emerald-400" aria-hidden="true" />,
  telegram: () => <Send className="text-sky-400" aria-hidden="true" />,
  messenger: () => <MessagesSquare className="text-indigo-300" aria-hidden="true" />,
  sms: () => <MessageSquareText className="text-lime-300" aria-hidden="true" />,
  email: () => <Mail className="text-amber-200" aria-hidden="true" />,
  x: XIcon,
  facebook: FacebookIcon,
};

/**
 * Share a link Shro: a preview card, copy link, the device's share sheet when there is one, and the
 * apps people share with (issue 13, item 7), Facebook and Twitter share windows included (docs/product.md §2).
 * Each share is counted: an analytics event naming the target, and the Shro's share count.
 */
export default function ShareDialogContent({ shro, trigger, defaultOpen }: LoadedPopupProps & { shro: Shro }) {
  const link = shroLink(shro.id);
  const { copied, copy } = useCopyShroLink(shro.id, 'Please copy the link manually.');
  const text = `Open one of my mystery boxes: "${shro.title}" on ${PRODUCT_NAME}`;
  const canNativeShare = isNativeApp() || typeof navigator.share === 'function';
  const phone = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  const targets = shareTargets(link, text, `A ${PRODUCT_NAME} for you: ${shro.title}`, phone);

  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogTitle>Share your {PRODUCT_NAME}</DialogTitle>
        <DialogDescription>Anyone with the link can open one box.</DialogDescription>

        <figure className="mt-5 overflow-hidden rounded-2xl border border-border bg-base/60" aria-label="Link preview">
          <div className="flex justify-center gap-2 bg-gradient-to-br from-brand/30 via-base to-brand-2/20 p-4">
            {filledBoxes(shro.boxes).map((box) => (
              <MysteryBoxArt key={box.id} position={box.position} showMark={false} className="w-1/4 max-w-[25%]" />
            ))}
          </div>
          <figcaption className="border-t border-border/60 p-3">
            <p className="text-xs uppercase tracking-wide text-muted">{window.location.host}</p>
            <p className="truncate font-bold">{shro.title}</p>
            <p className="text-sm text-muted">
              @{shro.creator.username} {hidOptionsPhrase(filledBoxes(shro.boxes).length)}. Pick one!
            </p>
          </figcaption>
        </figure>

        <div className="mt-4 flex gap-2">
          <label htmlFor="share-link" className="sr-only">
            Link
          </label>
          <input
            id="share-link"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="h-11 min-w-0 flex-1 rounded-xl border border-border bg-base/60 px-3 text-sm text-zinc-200"
          />
          <Button onClick={copy} aria-live="polite" variant={canNativeShare ? 'secondary' : undefined}>
            {copied ? <Check /> : <Copy />}
            {copied ? 'Copied!' : 'Copy link'}
          </Button>
        </div>

        {canNativeShare && (
          <Button
            size="lg"
            className="mt-3 w-full"
            onClick={async () => {
              if (await shareLink(link, text)) recordShare(shro.id, 'native');
            }}
          >
            <Share2 /> Share to an app
          </Button>
        )}
        <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted">
          {canNativeShare ? 'Or send it with' : 'Send it with'}
        </p>
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Share to">
          {targets.map((target) => {
            const Icon = targetIcons[target.target];
            return (
              <li key={target.target}>
                <a
                  href={target.href}
                  target={target.window ? '_blank' : undefined}
                  rel={target.window ? 'noopener noreferrer' : undefined}
                  className={targetClass}
                  onClick={(event) => {
                    recordShare(shro.id, target.target);
                    if (target.target === 'messenger' && target.window) {
                      // No web share page for Messenger: the link goes to the clipboard, then Messenger opens.
                      void copyText(link);
                      toast({ title: 'Link copied', description: 'Paste it into a Messenger chat.' });
                    }
                    if (target.window) {
                      event.preventDefault();
                      openShareWindow(target.href);
                    }
                  }}
                >
                  <Icon />
                  {target.label}
                </a>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="fill-current">
      <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21z" />
    </svg>
  );
}

function XIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="fill-current">
      <path d="M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
    </svg>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Mail, MessageCircle, MessageSquareText, MessagesSquare, Send } from 'lucide-react';
import type { ComponentType } from 'react';
import { copyText } from '@/lib/copy-text';
import { openShareWindow, type ShareTargetLink } from '@/lib/share-targets';
import { toast } from '@/lib/use-toast';

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
 * The apps a link can be shared with, as a grid of links (web/lib/share-targets.ts): share pages
 * open in a small window, app links (sms:, mailto:) as they are. `onShare` runs for each, so the
 * caller counts it.
 */
export function ShareTargetList({
  targets,
  link,
  onShare,
}: {
  targets: ShareTargetLink[];
  /** The shared link: Messenger on a computer has no share page, so it goes to the clipboard first. */
  link: string;
  onShare: (target: ShareTargetLink['target']) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t`Share to`}>
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
                onShare(target.target);
                if (target.target === 'messenger' && target.window) {
                  // No web share page for Messenger: the link goes to the clipboard, then Messenger opens.
                  void copyText(link);
                  toast({ title: t`Link copied`, description: t`Paste it into a Messenger chat.` });
                }
                if (target.window) {
                  event.preventDefault();
                  openShareWindow(target.href);
                }
              }}
            >
              <Icon />
              {typeof target.label === 'string' ? target.label : i18n._(target.label)}
            </a>
          </li>
        );
      })}
    </ul>
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

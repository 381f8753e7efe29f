import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Share2 } from 'lucide-react';
import { ShareTargetList } from '@/components/share-target-list';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { isNativeApp, shareLink } from '@/lib/native';
import { type ShareTargetLink, shareTargets } from '@/lib/share-targets';

/**
 * What a share dialog offers for a link: the link with its copy button, the device's share sheet
 * when there is one, and the apps it can be sent with (web/lib/share-targets.ts). `onShared`
 * runs for the share sheet (`native`, once the user shared) and for each app, so the caller
 * counts it; copying is the caller's (its own toast and count).
 */
export function ShareLinkActions({
  link,
  inputId,
  inputLabel,
  copied,
  onCopy,
  text,
  subject,
  nativeTitle,
  onlyTargets,
  onShared,
  className,
}: {
  link: string;
  inputId: string;
  inputLabel: string;
  copied: boolean;
  onCopy: () => void;
  /** The message sent along with the link. */
  text: string;
  /** The apps' subject line (email). */
  subject: string;
  /** The share sheet's title ("Share your Shro" when left out). */
  nativeTitle?: string;
  /** Only these apps (all of them when left out). */
  onlyTargets?: ReadonlySet<ShareTargetLink['target']>;
  onShared: (target: 'native' | ShareTargetLink['target']) => void;
  className?: string;
}) {
  const { t } = useLingui();
  const canNativeShare = isNativeApp() || typeof navigator.share === 'function';
  const phone = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  const targets = shareTargets(link, text, subject, phone).filter(
    (target) => !onlyTargets || onlyTargets.has(target.target),
  );

  return (
    <>
      <div className={cn('flex gap-2', className)}>
        <label htmlFor={inputId} className="sr-only">
          {inputLabel}
        </label>
        <input
          id={inputId}
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="h-11 min-w-0 flex-1 rounded-xl border border-border bg-base/60 px-3 text-sm text-zinc-200"
        />
        <Button onClick={onCopy} aria-live="polite" variant={canNativeShare ? 'secondary' : undefined}>
          {copied ? <Check /> : <Copy />}
          {copied ? t`Copied!` : t`Copy link`}
        </Button>
      </div>

      {canNativeShare && (
        <Button
          size="lg"
          className="mt-3 w-full"
          onClick={async () => {
            if (await shareLink(link, text, nativeTitle ?? t`Share your ${PRODUCT_NAME}`)) onShared('native');
          }}
        >
          <Share2 /> <Trans>Share to an app</Trans>
        </Button>
      )}
      <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted">
        {canNativeShare ? t`Or send it with` : t`Send it with`}
      </p>
      <ShareTargetList targets={targets} link={link} onShare={onShared} />
    </>
  );
}

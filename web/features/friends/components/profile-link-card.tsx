import { pageHref } from '@contract/pages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, ExternalLink, Link2 } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCopyLink } from '@/lib/use-copy-link';

/** The shareable `{origin}/@{username}` link with a copy button. */
export function ProfileLinkCard({ username }: { username: string }) {
  const { t } = useLingui();
  const { origin } = window.location;
  const path = pageHref('publicProfile', { username: username });
  const url = `${origin}${path}`;
  const { copied, copy } = useCopyLink(url, {
    successDescription: t`Share it so friends can find you`,
    failureDescription: t`Please copy the URL manually`,
  });

  return (
    <Card className="p-5">
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-xl bg-brand-2/15 text-pink-300">
          <Link2 className="size-5" aria-hidden="true" />
        </div>
        <div>
          <h2 className="font-bold">
            <Trans>Your profile link</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>Share it so friends can add you</Trans>
          </p>
        </div>
      </div>
      <div className="mt-4 flex gap-2">
        {/* The path is the part that matters: the origin gives way first, the path wraps before it
            is cut, and the whole link is one selectable text (the Copy button takes it whole). */}
        <p
          id="profile-link"
          className="flex min-h-11 min-w-0 flex-1 select-all items-center rounded-xl border border-border bg-base/60 px-3 font-mono text-sm"
        >
          <span className="min-w-[2ch] shrink-[999] truncate text-muted">{origin}</span>
          <span className="min-w-0 break-all text-zinc-100">{path}</span>
        </p>
        <Button onClick={copy} variant={copied ? 'secondary' : 'primary'} aria-label={t`Copy profile link`}>
          {copied ? <Check /> : <Copy />}
          <span className="hidden sm:inline">{copied ? t`Copied!` : t`Copy`}</span>
        </Button>
      </div>
      <Link
        href={path}
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-purple-300 underline underline-offset-2 hover:text-purple-200"
      >
        <Trans>View your public profile</Trans> <ExternalLink className="size-3.5" aria-hidden="true" />
      </Link>
    </Card>
  );
}

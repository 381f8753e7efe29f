import { Check, Copy, ExternalLink, Link2 } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { useCopyLink } from '@/lib/use-copy-link';

/** The shareable `{origin}/@{username}` link with a copy button. */
export function ProfileLinkCard({ username }: { username: string }) {
  const url = `${window.location.origin}/@${username}`;
  const { copied, copy } = useCopyLink(url, {
    successDescription: 'Share it so friends can find you',
    failureDescription: 'Please copy the URL manually',
  });

  return (
    <Card className="p-5">
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-xl bg-brand-2/15 text-pink-300">
          <Link2 className="size-5" aria-hidden="true" />
        </div>
        <div>
          <h2 className="font-bold">Your profile link</h2>
          <p className="text-sm text-muted">Share it so friends can add you</p>
        </div>
      </div>
      <div className="mt-4 space-y-1.5">
        <Label htmlFor="profile-link" className="sr-only">
          Profile link
        </Label>
        <div className="flex gap-2">
          <Input
            id="profile-link"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-sm"
          />
          <Button onClick={copy} variant={copied ? 'secondary' : 'primary'} aria-label="Copy profile link">
            {copied ? <Check /> : <Copy />}
            <span className="hidden sm:inline">{copied ? 'Copied!' : 'Copy'}</span>
          </Button>
        </div>
      </div>
      <Link
        href={`/@${username}`}
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-purple-300 underline underline-offset-2 hover:text-purple-200"
      >
        View your public profile <ExternalLink className="size-3.5" aria-hidden="true" />
      </Link>
    </Card>
  );
}

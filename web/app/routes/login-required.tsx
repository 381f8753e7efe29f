import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LoginRequired() {
  const [location] = useLocation();
  const { t } = useLingui();
  useDocumentTitle(t`Login Required - ${PRODUCT_NAME}`);
  const redirect = { query: { redirect: location + window.location.search } };
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md p-8 text-center">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-2xl bg-brand/15 text-brand">
          <Lock className="size-7" />
        </div>
        <h1 className="text-2xl font-bold">
          <Trans>Login Required</Trans>
        </h1>
        <p className="mt-2 text-muted">
          <Trans>You need to be signed in to see this page.</Trans>
        </p>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Button asChild size="lg">
            <Link href={pageHref('login', redirect)}>
              <Trans>Log In</Trans>
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href={pageHref('register', redirect)}>
              <Trans>Sign Up</Trans>
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}

import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found - ${PRODUCT_NAME}`);
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <div className="relative mb-8 flex size-32 items-center justify-center rounded-3xl border-2 border-dashed border-brand/50 bg-surface/60 text-6xl animate-float">
        <span aria-hidden="true">📦</span>
      </div>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        <Trans>Oops! This mystery box is empty</Trans>
      </h1>
      <p className="mt-3 max-w-md text-muted">
        <Trans>The page you're looking for doesn't exist or has moved.</Trans>
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link href="/">
          <Trans>Return Home</Trans>
        </Link>
      </Button>
    </div>
  );
}

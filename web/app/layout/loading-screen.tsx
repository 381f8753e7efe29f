import { useLingui } from '@lingui/react/macro';
import { Logo } from '@/components/logo';

/** Shown while authentication (or a lazy page) loads. */
export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 py-24" role="status" aria-live="polite">
      <Logo className="size-14 animate-float" />
      <p className="text-sm text-muted">{label ?? t`Loading...`}</p>
    </div>
  );
}

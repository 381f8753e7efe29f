import { Trans, useLingui } from '@lingui/react/macro';
import { Volume2, VolumeX } from 'lucide-react';
import { cn } from '@/lib/cn';
import { playSound, useSoundMuted } from '@/lib/sounds';

/**
 * Turns feedback sounds and haptics on or off (remembered on this device). Named "Sound", never
 * "mute": on a Shro page "Mute notifications for this Shro" is another thing altogether.
 */
export function SoundToggle({ className }: { className?: string }) {
  const [muted, setMuted] = useSoundMuted();
  const { t } = useLingui();
  return (
    <button
      type="button"
      aria-pressed={!muted}
      title={muted ? t`Sound is off: turn it on` : t`Sound is on: turn it off`}
      onClick={() => {
        setMuted(!muted);
        if (muted) playSound('click');
      }}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full border border-border/70 bg-surface/70 px-3.5 text-sm font-medium text-zinc-200 transition-colors hover:bg-surface-2',
        className,
      )}
    >
      {muted ? <VolumeX className="size-5" aria-hidden="true" /> : <Volume2 className="size-5" aria-hidden="true" />}
      {/* The name stays "Sound"; on or off is the pressed state, read out by screen readers. */}
      <span>
        {muted ? (
          <Trans>
            Sound<span aria-hidden="true"> off</span>
          </Trans>
        ) : (
          <Trans>
            Sound<span aria-hidden="true"> on</span>
          </Trans>
        )}
      </span>
    </button>
  );
}

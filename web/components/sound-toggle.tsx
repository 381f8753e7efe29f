import { Volume2, VolumeX } from 'lucide-react';
import { cn } from '@/lib/cn';
import { playSound, useSoundMuted } from '@/lib/sounds';

/** Mutes or unmutes feedback sounds and haptics (remembered on this device). */
export function SoundToggle({ className }: { className?: string }) {
  const [muted, setMuted] = useSoundMuted();
  return (
    <button
      type="button"
      aria-pressed={!muted}
      aria-label="Sounds"
      title={muted ? 'Sounds off' : 'Sounds on'}
      onClick={() => {
        setMuted(!muted);
        if (muted) playSound('click');
      }}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-full border border-border/70 bg-surface/70 text-zinc-200 transition-colors hover:bg-surface-2',
        className,
      )}
    >
      {muted ? <VolumeX className="size-5" aria-hidden="true" /> : <Volume2 className="size-5" aria-hidden="true" />}
    </button>
  );
}

import { IMAGE_MAX_BYTES, SHRO_MESSAGES } from '@contract/shros';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImagePlus, RefreshCw, Trophy, X } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { boxGradient } from '@/lib/box-style';
import { cn } from '@/lib/cn';
import { playSound } from '@/lib/sounds';
import { toast } from '@/lib/use-toast';
import type { FormBox } from '../../hooks/create-form-state';
import { shownBoxLabel } from '../../utils/box-label';

/** docs/product.md §5: an image type, under 5MB; anything else is refused here with the spec's messages. */
function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return SHRO_MESSAGES.imageType;
  if (file.size > IMAGE_MAX_BYTES) return SHRO_MESSAGES.imageTooLarge;
  return null;
}

/**
 * Whether the browser can actually decode the file as a picture: a text file renamed `.png`
 * has an image type and name but no pixels, and would show a broken preview.
 */
async function canDecodeImage(file: File): Promise<boolean> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img.naturalWidth > 0 || file.type === 'image/svg+xml';
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** One image box: a file chooser with preview, and an optional label. */
export function ImageBoxInput({
  box,
  isWinning,
  onFile,
  onLabel,
}: {
  box: FormBox;
  isWinning: boolean;
  onFile: (file: File | null, preview: string | null) => void;
  onLabel: (label: string) => void;
}) {
  const { i18n, t } = useLingui();
  const inputId = useId();
  const position = box.position;
  // The box's name on screen; the label a box gets by default (imageBoxLabel) is the Shro's
  // content, kept in English and shown in the reader's language.
  const name = t`Box ${position}`;

  // Each refusal names the box, so with four boxes the creator knows which file to change.
  // The problem is a contract text, translated in the server's catalogs (decision 167).
  function refuse(title: string, problem: string) {
    toast({ title, description: i18n._(problem), variant: 'destructive' });
  }

  async function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      refuse(problem === SHRO_MESSAGES.imageType ? t`${name}: Invalid File` : t`${name}: File Too Large`, problem);
      return;
    }
    if (!(await canDecodeImage(file))) {
      const imageType = i18n._(SHRO_MESSAGES.imageType);
      refuse(t`${name}: Not a real image`, t`This file could not be opened as a picture. ${imageType}`);
      return;
    }
    playSound('click');
    onFile(file, URL.createObjectURL(file));
  }

  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-2xl border bg-base/50 transition-colors has-[input[type=file]:focus-visible]:ring-2 has-[input[type=file]:focus-visible]:ring-brand',
        isWinning ? 'border-amber-300/80 ring-2 ring-amber-300/40' : 'border-border/70',
      )}
    >
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label={t`Image for ${name}`}
        onChange={choose}
      />
      {box.preview ? (
        <div className="relative aspect-square">
          <img src={box.preview} alt={t`Preview of ${name}`} className="size-full object-cover" />
          <div className="absolute inset-x-0 top-0 flex items-center justify-between bg-gradient-to-b from-black/70 to-transparent p-2">
            <span className="rounded-full bg-black/60 px-2.5 py-1 text-xs font-bold text-white">{name}</span>
            <div className="flex gap-1.5">
              <label
                htmlFor={inputId}
                className="relative flex size-9 cursor-pointer items-center justify-center rounded-full bg-black/60 text-white before:absolute before:-inset-1 hover:bg-black/80"
                title={t`Replace image`}
              >
                <RefreshCw className="size-4" aria-hidden="true" />
                <span className="sr-only">
                  <Trans>Replace image in {name}</Trans>
                </span>
              </label>
              <button
                type="button"
                onClick={() => onFile(null, null)}
                className="relative flex size-9 items-center justify-center rounded-full bg-black/60 text-white before:absolute before:-inset-1 hover:bg-black/80"
                aria-label={t`Remove image from ${name}`}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          </div>
          {isWinning && <WinningFlag />}
        </div>
      ) : (
        <label
          htmlFor={inputId}
          className="group flex aspect-square cursor-pointer flex-col items-center justify-center gap-2 border-2 border-dashed border-transparent p-3 text-center transition-colors hover:border-brand/50 hover:bg-surface-2/40"
        >
          <span
            className={cn(
              'flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br text-white shadow-lg transition-transform group-hover:scale-110',
              boxGradient(box.position),
            )}
          >
            <ImagePlus className="size-6" aria-hidden="true" />
          </span>
          <span className="text-sm font-bold">{name}</span>
          <span className="text-xs text-muted">
            <Trans>Tap to add an image</Trans>
          </span>
        </label>
      )}
      <div className="border-t border-border/60 p-2">
        <Input
          aria-label={t`Label for ${name}`}
          value={shownBoxLabel(box.label, i18n)}
          maxLength={100}
          placeholder={name}
          onChange={(e) => onLabel(e.target.value)}
          className="h-10 bg-transparent"
        />
      </div>
    </div>
  );
}

function WinningFlag() {
  return (
    <span className="absolute bottom-2 start-2 inline-flex items-center gap-1 rounded-full bg-amber-300 px-2.5 py-1 text-xs font-bold text-amber-950 shadow">
      <Trophy className="size-3.5" aria-hidden="true" /> <Trans>Winner</Trans>
    </span>
  );
}

import { BRAND_BACKGROUND } from '@contract/product';

/**
 * Device features with web fallbacks. Inside the Capacitor shell each feature goes through its
 * official plugin, imported only there: a browser never downloads plugin code, so a visitor's
 * first load stays as it was (decision 163). In a browser each feature falls back to a web API.
 */
interface CapacitorRuntime {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

/** The shell's runtime puts `window.Capacitor` on every page it loads, before the app's code runs. */
const runtime = (): CapacitorRuntime | undefined => (window as unknown as { Capacitor?: CapacitorRuntime }).Capacitor;

export const isNativeApp = () => Boolean(runtime()?.isNativePlatform?.());

export type NativePlatform = 'android' | 'ios';

/** The shell's platform, or null in a browser. */
export function nativePlatform(): NativePlatform | null {
  if (!isNativeApp()) return null;
  const platform = runtime()?.getPlatform?.();
  return platform === 'android' || platform === 'ios' ? platform : null;
}

/** docs/product.md §9: camera and gallery quality 90. */
const PHOTO_QUALITY = 90;

/**
 * @public Kept for the native shell (docs/product.md §9), which no screen calls yet.
 * A photo from the camera or the gallery. Errors are only logged and give `null` (docs/product.md §8).
 * On the web this opens a file chooser (`capture` asks phones for the camera).
 */
export async function pickPhoto(source: 'camera' | 'gallery'): Promise<File | null> {
  try {
    if (!isNativeApp()) return await chooseFile(source === 'camera');
    const { Camera, CameraResultType, CameraSource } = await import('@capacitor/camera');
    // A data URL, not the plugin's file URL: the page comes from the site's origin, not the shell's (decision 163).
    const photo = await Camera.getPhoto({
      quality: PHOTO_QUALITY,
      resultType: CameraResultType.DataUrl,
      source: source === 'camera' ? CameraSource.Camera : CameraSource.Photos,
    });
    if (!photo.dataUrl) return null;
    const blob = await (await fetch(photo.dataUrl)).blob();
    return new File([blob], `photo.${photo.format || 'jpeg'}`, { type: blob.type });
  } catch (error) {
    console.error('Camera/gallery error', error);
    return null;
  }
}

function chooseFile(useCamera: boolean): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*';
    if (useCamera) input.setAttribute('capture', 'environment');
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => resolve(null), { once: true });
    input.click();
  });
}

/**
 * Native share sheet with `title` (the caller's words, in the reader's language); false when
 * nothing could share (caller copies instead).
 */
export async function shareLink(url: string, text: string | undefined, title: string): Promise<boolean> {
  try {
    if (isNativeApp()) {
      const { Share } = await import('@capacitor/share');
      await Share.share({ title, text, url, dialogTitle: title });
      return true;
    }
    if (navigator.share) {
      await navigator.share({ title, text, url });
      return true;
    }
  } catch (error) {
    // A dismissed share sheet rejects too; that is not a failure worth showing.
    if ((error as DOMException)?.name === 'AbortError') return true;
    console.error('Share failed', error);
  }
  return false;
}

export type HapticStyle = 'light' | 'medium' | 'heavy';
const VIBRATION_MS: Record<HapticStyle, number> = { light: 10, medium: 20, heavy: 40 };

/** Haptic impact (docs/product.md §9: light for click and notification, medium for success, heavy for reveal). */
export function haptic(style: HapticStyle) {
  if (isNativeApp()) {
    import('@capacitor/haptics')
      .then(({ Haptics, ImpactStyle }) =>
        Haptics.impact({
          style: { light: ImpactStyle.Light, medium: ImpactStyle.Medium, heavy: ImpactStyle.Heavy }[style],
        }),
      )
      .catch(() => {});
    return;
  }
  if ('vibrate' in navigator) navigator.vibrate(VIBRATION_MS[style]);
}

/** Dark status bar on the brand background (docs/product.md §9), in the native app only. */
export function configureStatusBar() {
  if (!isNativeApp()) return;
  import('@capacitor/status-bar')
    .then(({ StatusBar, Style }) =>
      Promise.all([
        StatusBar.setStyle({ style: Style.Dark }),
        StatusBar.setBackgroundColor({ color: BRAND_BACKGROUND }),
      ]),
    )
    .catch(() => {});
}

import { BRAND_BACKGROUND, PRODUCT_NAME } from '@contract/product';

/**
 * Device features with web fallbacks. Inside the Capacitor shell the native plugins are
 * reached through the bridge's global (no Capacitor code in the web bundle); in a browser
 * each feature falls back to a web API.
 */
interface CapacitorBridge {
  isNativePlatform?: () => boolean;
  Plugins?: Record<string, Record<string, (options?: unknown) => Promise<unknown>> | undefined>;
}

const bridge = (): CapacitorBridge | undefined => (window as unknown as { Capacitor?: CapacitorBridge }).Capacitor;
const plugin = (name: string) => (isNativeApp() ? bridge()?.Plugins?.[name] : undefined);

export const isNativeApp = () => Boolean(bridge()?.isNativePlatform?.());

/** docs/product.md §9: camera and gallery quality 90. */
const PHOTO_QUALITY = 90;

/**
 * @public Kept for the native shell (docs/product.md §9), which no screen calls yet.
 * A photo from the camera or the gallery. Errors are only logged and give `null` (docs/product.md §8).
 * On the web this opens a file chooser (`capture` asks phones for the camera).
 */
export async function pickPhoto(source: 'camera' | 'gallery'): Promise<File | null> {
  try {
    const camera = plugin('Camera');
    if (camera?.getPhoto) {
      const photo = (await camera.getPhoto({
        quality: PHOTO_QUALITY,
        resultType: 'dataUrl',
        source: source === 'camera' ? 'CAMERA' : 'PHOTOS',
      })) as { dataUrl?: string; format?: string };
      if (!photo.dataUrl) return null;
      const blob = await (await fetch(photo.dataUrl)).blob();
      return new File([blob], `photo.${photo.format ?? 'jpeg'}`, { type: blob.type });
    }
    return await chooseFile(source === 'camera');
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

/** Native share sheet with the spec's title (or `title`); false when nothing could share (caller copies instead). */
export async function shareLink(url: string, text?: string, title = `Share your ${PRODUCT_NAME}`): Promise<boolean> {
  try {
    const share = plugin('Share');
    if (share?.share) {
      await share.share({ title, text, url, dialogTitle: title });
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
  const haptics = plugin('Haptics');
  if (haptics?.impact) {
    haptics.impact({ style: style.toUpperCase() }).catch(() => {});
    return;
  }
  if ('vibrate' in navigator) navigator.vibrate(VIBRATION_MS[style]);
}

/** @public Kept for push (issue 13), which no screen calls yet. Asks for notification permission: native push in the app, the Notification API on the web. */
export async function requestPushPermission(): Promise<'granted' | 'denied' | 'default'> {
  try {
    const push = plugin('PushNotifications');
    if (push?.requestPermissions) {
      const result = (await push.requestPermissions()) as { receive?: string };
      return result.receive === 'granted' ? 'granted' : 'denied';
    }
    if ('Notification' in window) return await Notification.requestPermission();
  } catch (error) {
    console.error('Push permission request failed', error);
  }
  return 'default';
}

/** Dark status bar on the brand background (docs/product.md §9), in the native app only. */
export function configureStatusBar() {
  const statusBar = plugin('StatusBar');
  statusBar?.setStyle?.({ style: 'DARK' }).catch(() => {});
  statusBar?.setBackgroundColor?.({ color: BRAND_BACKGROUND }).catch(() => {});
}

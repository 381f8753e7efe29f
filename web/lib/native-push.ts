import { msg } from '@lingui/core/macro';
import { apiRequest } from './api-client';
import { apiPaths } from './api-paths';
import { MessageError } from './message-error';
import { nativePlatform } from './native';

/**
 * Push in the native shell (decision 163): the device's token goes to the server, which sends
 * through FCM or APNs; Web Push stays for browsers (decision 118). Shared by the notifications
 * feature (turning push on and off) and sign-out (the token is forgotten while the cookie still works).
 */

const TOKEN_WAIT_MS = 20_000;

/** Where the shell stands with notification permission: `prompt` until the user has answered. */
async function nativePushPermission(): Promise<'granted' | 'denied' | 'prompt'> {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  const { receive } = await PushNotifications.checkPermissions();
  return receive === 'granted' || receive === 'denied' ? receive : 'prompt';
}

/**
 * The device's push token (FCM on Android, APNs on iOS), asking for permission first when `ask`
 * (call it from a click); null when permission is not granted.
 */
async function nativePushToken(ask: boolean): Promise<string | null> {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  let { receive } = await PushNotifications.checkPermissions();
  if (receive !== 'granted' && receive !== 'denied' && ask)
    ({ receive } = await PushNotifications.requestPermissions());
  if (receive !== 'granted') return null;
  const listeners: { remove: () => Promise<void> }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const token = new Promise<string>((resolve, reject) => {
      // A device that never answers (no push service, say) must not leave the button busy.
      timer = setTimeout(() => reject(new MessageError(msg`The device gave no push token`)), TOKEN_WAIT_MS);
      void PushNotifications.addListener('registration', ({ value }) => resolve(value)).then((l) => listeners.push(l));
      void PushNotifications.addListener('registrationError', ({ error }) => reject(new Error(error))).then((l) =>
        listeners.push(l),
      );
    });
    await PushNotifications.register();
    return await token;
  } finally {
    clearTimeout(timer);
    for (const listener of listeners) void listener.remove();
  }
}

/** This device stops getting pushes (the server is told separately). */
async function stopNativePush() {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  await PushNotifications.unregister();
}

/** The token this device last gave the server, so sign-out can take it back. */
const TOKEN_KEY = 'shro.nativePushToken';

const storedToken = () => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};
const storeToken = (token: string | null) => {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Without storage the server still drops the token when a push to it fails.
  }
};

export type NativePushState = 'unsupported' | 'denied' | 'off' | 'on';

/** Where the shell stands: `on` once this device's token was given to the server. */
export async function nativePushState(): Promise<NativePushState> {
  if (!nativePlatform()) return 'unsupported';
  const permission = await nativePushPermission();
  if (permission === 'denied') return 'denied';
  return permission === 'granted' && storedToken() ? 'on' : 'off';
}

/** Gets the device's token (asking for permission when `ask`; call that from a click) and gives it to the server. */
export async function turnOnNativePush(ask: boolean): Promise<NativePushState> {
  const platform = nativePlatform();
  if (!platform) return 'unsupported';
  const token = await nativePushToken(ask);
  if (!token) return (await nativePushPermission()) === 'denied' ? 'denied' : 'off';
  await apiRequest('POST', apiPaths.nativePushTokens, { platform, token });
  storeToken(token);
  return 'on';
}

/** This device stops getting the user's pushes: the server forgets its token, then the device unregisters. */
export async function turnOffNativePush(): Promise<NativePushState> {
  const token = storedToken();
  if (token) await apiRequest('DELETE', apiPaths.nativePushToken(token)).catch(() => {});
  storeToken(null);
  if (nativePlatform()) await stopNativePush();
  return 'off';
}

/** At sign-out, before the cookie goes: a no-op in a browser, never throws. */
export async function forgetNativePushToken(): Promise<void> {
  if (!storedToken()) return;
  await turnOffNativePush().catch((error) => console.error('Native push token not removed', error));
}

/** A signed-in start in the shell: a token that changed reaches the server, without asking for permission. */
export async function renewNativePushToken(): Promise<void> {
  if (!nativePlatform() || !storedToken()) return;
  await turnOnNativePush(false).catch((error) => console.error('Native push token not renewed', error));
}

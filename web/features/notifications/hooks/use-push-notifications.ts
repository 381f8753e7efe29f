import { useEffect, useState } from 'react';
import { isNativeApp } from '@/lib/native';
import { nativePushState, turnOffNativePush, turnOnNativePush } from '@/lib/native-push';
import { deletePushSubscription, getPushPublicKey, savePushSubscription } from '../api/push-subscription';
import { PushServiceRefused } from '../utils/push-failure';

/**
 * Where this device stands with push: Web Push in a browser (decision 118), the platform's push in
 * the native shell (decision 163):
 * - `unsupported`: no service worker, Push API or notifications (or not the built app);
 * - `denied`: the user blocked notifications for the site; only they can undo it, in the browser;
 * - `off`: allowed or not yet asked, and not subscribed;
 * - `on`: subscribed, the server has the subscription.
 */
export type PushState = 'loading' | 'unsupported' | 'denied' | 'off' | 'on';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The worker registration, if the app registered one (production builds only). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** The VAPID key as the bytes `pushManager.subscribe` wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function currentState(): Promise<PushState> {
  if (isNativeApp()) return nativePushState();
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await reg.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * Push on this browser: its state, and turning it on (asks for permission; call it from a click,
 * never on load) or off. `enable` resolves to the new state.
 */
export function usePushNotifications() {
  const [state, setState] = useState<PushState>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    currentState()
      .then((next) => live && setState(next))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const finish = (next: PushState) => {
    setState(next);
    return next;
  };

  const enable = async (): Promise<PushState> => {
    setBusy(true);
    try {
      if (isNativeApp()) return finish(await turnOnNativePush(true));
      const reg = await registration();
      if (!reg) return finish('unsupported');
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return finish(permission === 'denied' ? 'denied' : 'off');
      const { publicKey } = await getPushPublicKey();
      let subscription: PushSubscription;
      try {
        subscription =
          (await reg.pushManager.getSubscription()) ??
          (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      } catch (error) {
        // A refusal with the permission granted is the browser's or its push service's, not the user's.
        if (Notification.permission === 'denied') return finish('denied');
        throw new PushServiceRefused(error);
      }
      await savePushSubscription(subscription.toJSON());
      return finish('on');
    } finally {
      setBusy(false);
    }
  };

  const disable = async (): Promise<PushState> => {
    setBusy(true);
    try {
      if (isNativeApp()) return finish(await turnOffNativePush());
      const subscription = await (await registration())?.pushManager.getSubscription();
      if (subscription) {
        // The server first: a browser unsubscribed but still known would only be pruned at the next push.
        await deletePushSubscription(subscription.endpoint).catch(() => {});
        await subscription.unsubscribe();
      }
      return finish('off');
    } finally {
      setBusy(false);
    }
  };

  return { state, busy, enable, disable };
}

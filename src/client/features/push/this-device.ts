// This browser's side of Web Push (issue 37): whether it can push at all, its subscription
// through the service worker's PushManager, and a name for the device the owner recognises.

/** Why this browser cannot push, or 'ready' when it can (permission may still be asked). */
export type PushSupport = 'ready' | 'unsupported' | 'ios-home-screen' | 'denied';

const isIos = (ua: string) => /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

export function pushSupport(): PushSupport {
  // An iPhone pushes only to the app added to its Home Screen (iOS 16.4+).
  if (isIos(navigator.userAgent) && !standalone()) return 'ios-home-screen';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'ready';
}

/** What the page says when this browser cannot push, in plain words. */
export const SUPPORT_TEXT: Record<Exclude<PushSupport, 'ready'>, string> = {
  unsupported:
    'This browser cannot receive push notifications. Use Chrome, Edge or Firefox, or Safari on a Mac or iPhone.',
  'ios-home-screen':
    'On an iPhone, pushes come only to the app on your Home Screen: tap Share, then “Add to Home Screen”, open Fieldwise from there and turn pushes on.',
  denied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings (the icon left of the address), then come back here.',
};

/**
 * The app's service worker. The page registers it a few seconds after it loads (main.tsx); turning
 * pushes on before that (`create`) registers it now. Undefined where there is none (Vite's dev
 * server), and, without `create`, before the page has registered it (then no device is subscribed).
 */
async function registration(create = false): Promise<ServiceWorkerRegistration | undefined> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing || !create) return existing ?? undefined;
  try {
    await navigator.serviceWorker.register('/sw.js');
    return await navigator.serviceWorker.ready;
  } catch {
    return undefined;
  }
}

/** This browser's current push subscription, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported' || pushSupport() === 'ios-home-screen') return null;
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  );
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (only ever from the owner's press) and subscribes with the server's key.
 * Throws an Error whose message says plainly why it could not.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(SUPPORT_TEXT.denied);
  const reg = await registration(true);
  if (!reg) throw new Error('The app’s offline worker is not running on this page yet. Reload the page and try again.');
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another key (the server's key changed) cannot be used: start again.
  if (sub && sub.options.applicationServerKey) {
    const key = new Uint8Array(sub.options.applicationServerKey);
    if (key.join() !== keyBytes(publicKey).join()) await sub.unsubscribe().then(() => (sub = null));
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  return sub.toJSON();
}

/** A short name for a device, from its browser's user agent ("Chrome on Android"). */
export function deviceName(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /Linux|CrOS/.test(ua)
              ? 'Linux'
              : 'another system';
  return `${browser} on ${system}`;
}

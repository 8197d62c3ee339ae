import { useSyncExternalStore } from 'react';
import type { Follows } from '../../shared/schemas/follow.ts';
import { sendJson, request } from './http.ts';
import { getFollows, subscribeFollows } from './follows.ts';
import { readFlag, writeFlag, writeItem } from './storage.ts';

/*
 * Web Push on this device: the service worker (client/sw/alerts.ts) shows what the server
 * sends; the subscription is saved with the device's follows, and again whenever they
 * change. Permission is asked only when the visitor turns alerts on, after following.
 */

export type AlertsState = 'unsupported' | 'denied' | 'off' | 'on' | 'working';

const DISMISSED = 'rithAlertsPromptDismissed';
type Listener = () => void;
const listeners = new Set<Listener>();
let state: AlertsState = 'off';

function set(next: AlertsState) {
  state = next;
  for (const listener of listeners) listener();
}

export const supportsPush = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

async function existingSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

const save = (subscription: PushSubscription, follows: Follows) =>
  sendJson<{ ok: true }>('PUT', '/api/push/subscription', {
    subscription: subscription.toJSON(),
    follows,
  });

const base64url = (buffer: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function madeFor(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  return key === null || base64url(key) === publicKey.replace(/=+$/, '');
}

/** Finds out whether this device has alerts on (once, at start). */
async function init(): Promise<void> {
  if (!supportsPush()) return set('unsupported');
  if (Notification.permission === 'denied') return set('denied');
  const subscription = await existingSubscription().catch(() => null);
  const on = subscription !== null && Notification.permission === 'granted';
  set(on ? 'on' : 'off');
  // Saved again at each visit: a browser may have renewed its subscription since, or the
  // server dropped one a push service said was gone.
  if (on) await save(subscription, getFollows()).catch(() => undefined);
}
if (typeof window !== 'undefined') void init();

// Follows changed (here or in another tab): the server alerts about the new list.
let syncing: Promise<unknown> = Promise.resolve();
subscribeFollows(() => {
  if (state !== 'on') return;
  syncing = syncing
    .then(async () => {
      const subscription = await existingSubscription();
      if (subscription) await save(subscription, getFollows());
    })
    .catch((error: unknown) => console.error('Could not update alerts', error));
});

/** Asks permission, subscribes, and saves the subscription with what the device follows. */
export async function turnOnAlerts(): Promise<AlertsState> {
  if (!supportsPush()) return 'unsupported';
  set('working');
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      set(permission === 'denied' ? 'denied' : 'off');
      return state;
    }
    const { publicKey } = await request<{ publicKey: string }>('/api/push/public-key');
    const reg = await registration();
    let subscription = await reg.pushManager.getSubscription();
    // One made for another key (the server's changed) would never get an alert.
    if (subscription && !madeFor(subscription, publicKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    });
    await save(subscription, getFollows());
    set('on');
  } catch (error) {
    console.error('Could not turn alerts on', error);
    set('off');
    throw error;
  }
  return state;
}

/** Stops every alert to this device: the server forgets it, the browser unsubscribes. */
export async function turnOffAlerts(): Promise<void> {
  set('working');
  try {
    const subscription = await existingSubscription();
    if (subscription) {
      // The browser first: offline, the server's copy goes at its next alert (410 Gone).
      await subscription.unsubscribe();
      await sendJson('DELETE', '/api/push/subscription', {
        endpoint: subscription.endpoint,
      }).catch(() => undefined);
    }
  } finally {
    set(supportsPush() ? 'off' : 'unsupported');
  }
}

export function useAlertsState(): AlertsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => 'off' as const,
  );
}

export const promptDismissed = (): boolean => readFlag(DISMISSED);
export const dismissPrompt = (): void => writeFlag(DISMISSED);
export const resetPrompt = (): void => writeItem(DISMISSED, 'false');

/*
 * Alerts: shows the alerts the server pushes for followed athletes (server/push/alerts.ts
 * writes them) and opens the event page when one is tapped. Each notification offers "Stop
 * alerts", which unsubscribes this device.
 */
import type { PushAlert } from '../../shared/schemas/follow.ts';

declare const self: ServiceWorkerGlobalScope;

declare global {
  /**
   * In the Notifications standard and shown by Chromium browsers, but left out of
   * TypeScript's WebWorker library for want of support in every browser.
   */
  interface NotificationOptions {
    actions?: { action: string; title: string; icon?: string }[];
    renotify?: boolean;
  }
}

/** A pushed alert as far as it is relied on: a title. The rest is shown as the server sent it. */
type Shown = Partial<PushAlert> & { title: string };

/** What a notification carries, for when it is tapped. */
interface AlertData {
  url?: string;
}

const hasTitle = (value: unknown): value is Shown =>
  typeof value === 'object' &&
  value !== null &&
  'title' in value &&
  typeof value.title === 'string';

/** The pushed alert; one that cannot be read says where to look, as a push must show something. */
function readAlert(data: PushMessageData | null): Shown {
  let alert: unknown;
  try {
    alert = data ? data.json() : null;
  } catch {
    alert = null;
  }
  if (hasTitle(alert)) return alert;
  return {
    title: 'Rith',
    body: 'Something new for the athletes you follow.',
    url: '/',
    tag: 'rith',
  };
}

export function showAlert(data: PushMessageData | null): Promise<void> {
  const alert = readAlert(data);
  const shown: AlertData = { url: alert.url };
  return self.registration.showNotification(alert.title, {
    body: alert.body,
    // One notification per event and kind: a repeat replaces it rather than stacking.
    tag: alert.tag,
    renotify: false,
    icon: '/icons/icon-192.png',
    badge: '/favicon.svg',
    data: shown,
    actions: [
      { action: 'open', title: 'Open event' },
      { action: 'stop', title: 'Stop alerts' },
    ],
  });
}

async function stopAlerts(): Promise<void> {
  const subscription = await self.registration.pushManager.getSubscription();
  if (!subscription) return;
  await fetch('/api/push/subscription', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  }).catch(() => undefined);
  await subscription.unsubscribe();
}

async function openPage(url: string): Promise<WindowClient | null> {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (client.url === target && 'focus' in client) return client.focus();
  }
  return self.clients.openWindow(target);
}

/** A tapped notification: "Stop alerts" unsubscribes this device, anything else opens its page. */
export function answerClick(event: NotificationEvent): Promise<unknown> {
  event.notification.close();
  const data = event.notification.data as AlertData | null;
  const url = data?.url || '/';
  return event.action === 'stop' ? stopAlerts() : openPage(url);
}

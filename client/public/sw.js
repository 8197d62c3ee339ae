/*
 * Rith's service worker: shows the alerts the server pushes for followed athletes
 * (server/push/alerts.ts writes them) and opens the event page when one is tapped. Each
 * notification offers "Stop alerts", which unsubscribes this device.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let alert;
  try {
    alert = event.data ? event.data.json() : null;
  } catch {
    alert = null;
  }
  // A push must show something: one that cannot be read says where to look.
  if (!alert || typeof alert.title !== 'string') {
    alert = {
      title: 'Rith',
      body: 'Something new for the athletes you follow.',
      url: '/',
      tag: 'rith',
    };
  }
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      // One notification per event and kind: a repeat replaces it rather than stacking.
      tag: alert.tag,
      renotify: false,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: alert.url },
      actions: [
        { action: 'open', title: 'Open event' },
        { action: 'stop', title: 'Stop alerts' },
      ],
    }),
  );
});

async function stopAlerts() {
  const subscription = await self.registration.pushManager.getSubscription();
  if (!subscription) return;
  await fetch('/api/push/subscription', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  }).catch(() => undefined);
  await subscription.unsubscribe();
}

async function openPage(url) {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (client.url === target && 'focus' in client) return client.focus();
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(event.action === 'stop' ? stopAlerts() : openPage(url));
});

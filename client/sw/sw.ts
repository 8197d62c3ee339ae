/*
 * Rith's service worker, served as /sw.js (client/vite.config.ts bundles it with esbuild into
 * the built client; client/lib/offline.ts and client/lib/pushAlerts.ts register it).
 *
 * Offline (./offline.ts): keeps the app shell and every spectator's page opened, with the
 * public data those pages read, so a phone that loses signal in the stands still shows the
 * last results it had.
 *
 * Alerts (./alerts.ts): shows the alerts the server pushes for followed athletes and opens
 * the event page when one is tapped; each offers "Stop alerts".
 */
import { answerClick, showAlert } from './alerts.ts';
import { answerFetch, dropOldCaches, isKeepMessage, keepLoaded, keepShell } from './offline.ts';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', (event) => {
  void self.skipWaiting();
  // The shell is kept when it can be; a failure must not keep the worker from installing.
  event.waitUntil(keepShell().catch(() => undefined));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await dropOldCaches();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', answerFetch);

/**
 * A page opened before this worker took charge asks it to keep what it already loaded (its
 * own address, its files and its data), so it too can be shown offline.
 */
self.addEventListener('message', (event) => {
  const message: unknown = event.data;
  if (!isKeepMessage(message)) return;
  event.waitUntil(keepLoaded(message));
});

self.addEventListener('push', (event) => {
  event.waitUntil(showAlert(event.data));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(answerClick(event));
});

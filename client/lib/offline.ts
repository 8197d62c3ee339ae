/**
 * Registers Rith's service worker (/sw.js, from client/sw/), which keeps the app and the pages a
 * spectator opens for when the signal drops. Registered once the page has loaded, so it never
 * competes with the first screen; the page then hands the worker what it loaded before the
 * worker took charge (its address, files and data), so this very page works offline too.
 */
export function registerOfflineWorker(): void {
  // Framed in a club's site (the widget), the page is the club's, not a spectator's app.
  if (!('serviceWorker' in navigator) || !window.isSecureContext || window.top !== window) return;
  const { serviceWorker } = navigator;
  // A page the worker already served is kept as it loads; only one loaded before the worker
  // was in charge (the first visit, a hard reload) hands over what it has.
  if (serviceWorker.controller === null) {
    // Handed over once the worker is in charge, not when it is merely active: a chunk loaded
    // between the two went past the worker and would be missing offline. From then on every
    // fetch passes through the worker, which keeps what it should.
    serviceWorker.addEventListener(
      'controllerchange',
      () => {
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(location.origin));
        serviceWorker.controller?.postMessage({ type: 'keep', urls: [location.href, ...loaded] });
      },
      { once: true },
    );
  }
  const register = () => {
    serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

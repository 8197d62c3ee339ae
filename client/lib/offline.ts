/**
 * Registers Rith's service worker (/sw.js, from client/sw/), which keeps the app and the pages a
 * spectator opens for when the signal drops. Registered once the page has loaded, so it never
 * competes with the first screen; the page then hands the worker what it loaded before the
 * worker took charge (its address, files and data), so this very page works offline too.
 */
export function registerOfflineWorker(): void {
  // Framed in a club's site (the widget), the page is the club's, not a spectator's app.
  if (!('serviceWorker' in navigator) || !window.isSecureContext || window.top !== window) return;
  // A page the worker already served is kept as it loads; only one loaded before the worker
  // was in charge (the first visit, a hard reload) hands over what it has.
  const uncontrolled = navigator.serviceWorker.controller === null;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        if (!uncontrolled) return;
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(location.origin));
        registration.active?.postMessage({ type: 'keep', urls: [location.href, ...loaded] });
      })
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/*
 * Offline: keeps the app shell and every spectator's page opened, with the public data those
 * pages read, so a phone that loses signal in the stands still shows the last results it
 * had. Pages and data are asked of the network first (results must never be older than the
 * network can give). The kept copy is served when no answer comes at all, or an error page
 * (a proxy's 502 while Rith is down), and for a page also when none comes within
 * NETWORK_WAIT_MS: a phone with one bar still opens the page. Data is never answered from the
 * store while the network may still answer: a page showing live results must not be handed
 * older ones. A kept copy is marked with when Rith sent it (X-Rith-Stored-At on data, a
 * <meta name="rith-stored-at"> in a page) so the page can say "Offline · results from 14:02".
 * Built files have content-hashed names: kept once, served from the cache for ever.
 * The admin console, sign-in and one-time links are never kept.
 */

declare const self: ServiceWorkerGlobalScope;

const ASSETS = 'rith-assets-v1';
const PAGES = 'rith-pages-v1';
const DATA = 'rith-data-v1';
type CacheName = typeof ASSETS | typeof PAGES | typeof DATA;
/** The caches this version uses; any other `rith-` cache is an older version's. */
const KEPT: readonly string[] = [ASSETS, PAGES, DATA];
/** How long a page or its data may take before the kept copy is shown instead. */
const NETWORK_WAIT_MS = 4000;
/** Old builds' files and pages not opened for a while go first once a cache holds this many. */
const MAX_ENTRIES: Record<CacheName, number> = { [ASSETS]: 150, [PAGES]: 60, [DATA]: 200 };
/** The public reads a spectator's pages make; the admin console's and anything else pass by. */
const PUBLIC_DATA = /^\/api\/(?:clubs|competitions|events)(?:\/|$)/;
/** Paths that are not a spectator's page: the admin side, sign-in, one-time links, plumbing. */
const NOT_SPECTATOR =
  /^\/(?:admin|login|reset-password|verify|register|api|socket\.io|feed|healthz|readyz|metrics|docs)(?:\/|$)/;

const isAsset = (url: URL): boolean =>
  url.pathname.startsWith('/assets/') ||
  url.pathname.startsWith('/icons/') ||
  url.pathname === '/favicon.svg';
/**
 * A search's answers are for the moment typed, and files (results PDFs, exports) are saved,
 * not read by a page: neither is worth a place in the store.
 */
const isPublicData = (url: URL): boolean =>
  PUBLIC_DATA.test(url.pathname) && !/\/(?:athletes|export|results\.pdf)$/.test(url.pathname);
const isSpectatorPage = (url: URL): boolean =>
  !NOT_SPECTATOR.test(url.pathname) && !url.pathname.includes('.');

/** The built files a page's HTML names (its script, style sheet and preloaded chunks). */
function assetsOf(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].flatMap((match) =>
    match[1] === undefined ? [] : [match[1]],
  );
}

async function trim(name: CacheName): Promise<void> {
  const cache = await caches.open(name);
  const keys = await cache.keys();
  // Entries are listed in the order they were put: the oldest go first.
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES[name]))) {
    await cache.delete(request);
  }
}

/**
 * Keeps a good, complete answer for the address; redirects and errors are not kept. A put
 * replaces the kept copy only once the new body has arrived whole, and moves the entry to
 * the end (the newest for trim()): a signal lost mid-download keeps the old copy. Deleting
 * first would have lost it.
 */
async function keep(name: CacheName, request: Request, response: Response): Promise<void> {
  if (!response.ok || response.type !== 'basic' || response.status !== 200) return;
  const cache = await caches.open(name);
  await cache.put(request, response);
  await trim(name);
}

/**
 * Keeps a page, and makes sure the built files it loads are kept and count as the newest,
 * so trimming drops old builds' files, never the ones a kept page needs.
 */
async function keepPage(request: Request, response: Response): Promise<void> {
  if (!response.ok || response.status !== 200) return;
  const html = await response.clone().text();
  await keep(PAGES, request, response);
  const assets = await caches.open(ASSETS);
  for (const path of assetsOf(html)) {
    const held = await assets.match(path);
    if (held) {
      await assets.put(path, held);
    } else {
      await assets.add(path).catch(() => undefined);
    }
  }
  await trim(ASSETS);
}

/** Keeps the app shell: the home page and the built files it loads. */
export async function keepShell(): Promise<void> {
  await keepPage(new Request('/'), await fetch('/', { cache: 'no-cache' }));
}

/** Drops the caches of older versions of this worker (any other `rith-` cache). */
export async function dropOldCaches(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith('rith-') && !KEPT.includes(name)) await caches.delete(name);
  }
}

interface StoredOptions {
  /** A page kept under another query string will do. */
  ignoreSearch?: boolean;
  /** With nothing kept for the address, the app shell (the kept home page) is served. */
  shell?: boolean;
  /** The kept copy is served once the network has taken NETWORK_WAIT_MS. */
  wait?: boolean;
}

/** The kept copy, marked with when Rith sent it; null when nothing is kept. */
async function stored(
  name: CacheName,
  request: Request,
  options?: StoredOptions,
): Promise<Response | null> {
  const cache = await caches.open(name);
  const response =
    (await cache.match(request)) ??
    (options?.ignoreSearch ? await cache.match(request, { ignoreSearch: true }) : null);
  if (!response) return null;
  const sentAt = new Date(response.headers.get('date') ?? Date.now()).toISOString();
  const headers = new Headers(response.headers);
  headers.set('x-rith-stored-at', sentAt);
  if (request.mode === 'navigate' || name === PAGES) {
    const html = (await response.text()).replace(
      '</head>',
      () => `<meta name="rith-stored-at" content="${sentAt}"></head>`,
    );
    headers.delete('content-length');
    return new Response(html, { status: 200, headers });
  }
  return new Response(response.body, { status: response.status, headers });
}

/**
 * The network's answer, kept for later. Its kept copy instead when the network gives none,
 * or an error page; for a page (`wait`), also when the network is slower than
 * NETWORK_WAIT_MS (a page with nothing kept of its own gets the shell, which shows what it
 * can). The network's answer is kept even when it comes after the kept copy was shown.
 */
function networkFirst(
  event: FetchEvent,
  name: CacheName,
  options?: StoredOptions,
): Promise<Response> {
  const { request } = event;
  const network = fetch(request);
  // Registered first, before the page can read the body, and while the event is running.
  event.waitUntil(
    network
      .then((response) =>
        name === PAGES
          ? keepPage(request, response.clone())
          : keep(name, request, response.clone()),
      )
      .catch(() => undefined),
  );
  const fallback = async (): Promise<Response | null> =>
    (await stored(name, request, options)) ??
    (options?.shell ? await stored(PAGES, new Request('/')) : null);
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const answer = (response: Response) => {
      if (settled) return;
      settled = true;
      resolve(response);
    };
    const timer = options?.wait
      ? setTimeout(async () => {
          const kept = await fallback();
          if (kept) answer(kept);
        }, NETWORK_WAIT_MS)
      : undefined;
    void network.then(
      async (response) => {
        clearTimeout(timer);
        if (response.status >= 500) answer((await fallback()) ?? response);
        else answer(response);
      },
      async (error: unknown) => {
        clearTimeout(timer);
        if (settled) return;
        const kept = await fallback();
        if (kept) answer(kept);
        else {
          settled = true;
          reject(error);
        }
      },
    );
  });
}

async function cacheFirst(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  event.waitUntil(keep(ASSETS, event.request, response.clone()).catch(() => undefined));
  return response;
}

/**
 * Answers a GET of this origin: built files from the store first, a spectator's page and the
 * public data it reads from the network first. Anything else is left to the browser.
 */
export function answerFetch(event: FetchEvent): void {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isAsset(url)) {
    event.respondWith(cacheFirst(event));
  } else if (request.mode === 'navigate') {
    if (isSpectatorPage(url)) {
      event.respondWith(
        networkFirst(event, PAGES, { ignoreSearch: true, shell: true, wait: true }),
      );
    }
  } else if (isPublicData(url)) {
    event.respondWith(networkFirst(event, DATA));
  }
}

/**
 * What a page opened before this worker took charge posts to it (client/lib/offline.ts):
 * the addresses it already loaded (its own, its files and its data).
 */
export interface KeepMessage {
  type: 'keep';
  urls: unknown[];
}

export function isKeepMessage(message: unknown): message is KeepMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    'type' in message &&
    message.type === 'keep' &&
    'urls' in message &&
    Array.isArray(message.urls)
  );
}

/** Keeps what such a page loaded, so it too can be shown offline (the first 100 addresses). */
export function keepLoaded(message: KeepMessage): Promise<void[]> {
  return Promise.all(
    message.urls.slice(0, 100).map(async (href) => {
      const url = new URL(String(href), self.location.origin);
      if (url.origin !== self.location.origin) return;
      const name = isAsset(url)
        ? ASSETS
        : isPublicData(url)
          ? DATA
          : isSpectatorPage(url)
            ? PAGES
            : null;
      if (name === null) return;
      if (name === ASSETS && (await (await caches.open(ASSETS)).match(url.href))) return;
      // From the browser's HTTP cache when it has it: no second download on a weak signal.
      const response = await fetch(url.href).catch(() => null);
      if (!response) return;
      if (name === PAGES) await keepPage(new Request(url.href), response);
      else await keep(name, new Request(url.href), response);
    }),
  );
}

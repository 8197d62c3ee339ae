import type { Db } from '../../server/db/connect.ts';

/**
 * The apps' caches of public reads (server/publicCache/) by the database they read. The
 * product announces every change on the bus; the test factories write straight into the
 * database, as data that was there all along. So that an app which has already cached a list
 * shows what a factory adds afterwards, as if the node had just started, each factory write
 * empties the caches of the apps on that database handle.
 */
const caches = new WeakMap<Db, { clear(): void }[]>();

export function trackCachedReads(db: Db, cache: { clear(): void }): void {
  caches.set(db, [...(caches.get(db) ?? []), cache]);
}

export function forgetCachedReads(db: Db): void {
  for (const cache of caches.get(db) ?? []) cache.clear();
}

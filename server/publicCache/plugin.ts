import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import type { Bus } from '../infra/bus.ts';
import { PublicCache } from './cache.ts';
import { PublicReads } from './reads.ts';
import type { RenderPdf } from '../exchange/service.ts';
import { staleTags } from './tags.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public payloads, from this node's memory (server/publicCache/). */
    publicReads: PublicReads;
  }
}

/**
 * Gives the app its public reads and keeps their cache current: every node hears every
 * committed change on the bus and drops what it made stale; a node that may have missed
 * changes drops everything. Attach before the live server, so a page told of a change by this
 * node and asking for it again is answered without the old payload.
 */
export function attachPublicCache(
  app: FastifyInstance,
  deps: { db: Db; bus: Bus; renderPdf: RenderPdf },
): void {
  const cache = new PublicCache();
  const stopListening = deps.bus.subscribe(
    (message) => cache.invalidate(staleTags(message)),
    () => cache.clear(),
  );
  app.decorate('publicReads', new PublicReads(deps.db, cache, deps.renderPdf));
  app.addHook('onClose', async () => stopListening());
}

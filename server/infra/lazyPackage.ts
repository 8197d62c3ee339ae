import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/**
 * A CommonJS package loaded when first used rather than at start-up: those only some
 * deployments use (Redis and BullMQ, SMTP, web push), which a new embedded install's first
 * page would otherwise wait for. Synchronous, so constructors can use it; Node keeps the
 * package, so every call after the first is a lookup.
 */
export function lazyPackage<T>(name: string): () => T {
  return () => load(name) as T;
}

import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Runtime } from './runtime.ts';
import { registerErrorHandler } from './errors.ts';
import { registerClient } from './static.ts';
import { authRoutes } from './auth/routes.ts';
import { clubRoutes } from './clubs/routes.ts';
import { competitionRoutes } from './competitions/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { pricingRoutes } from './pricing/routes.ts';
import { waitingListRoutes } from './waitinglist/routes.ts';
import { attachLiveServer } from './live/server.ts';

export interface AppOptions {
  /** Serve the built client (off in API-only tests). */
  serveClient?: boolean;
  logger?: boolean;
}

/** Builds the HTTP app on a runtime; tests and main.ts both start it from here. */
export async function buildApp(
  runtime: Pick<Runtime, 'config' | 'db' | 'bus'>,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const { config, db, bus } = runtime;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel === 'silent' ? 'silent' : config.logLevel },
    trustProxy: config.env === 'production',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyCookie);
  attachLiveServer(app, { db, bus, config });
  app.get('/healthz', async () => {
    return { ok: true };
  });
  await app.register(authRoutes, { db });
  await app.register(clubRoutes, { db });
  await app.register(competitionRoutes, { db });
  await app.register(eventRoutes, { db });
  await app.register(pricingRoutes, { db });
  await app.register(waitingListRoutes, { db });

  if (options.serveClient !== false) await registerClient(app);
  else app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: 'Not found' }));
  return app;
}

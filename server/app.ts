import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Runtime } from './runtime.ts';
import { registerErrorHandler, sendError } from './errors.ts';
import { answerBadUrl, registerClient } from './static.ts';
import { clientErrorHandler } from './clientErrors.ts';
import { authRoutes } from './auth/routes.ts';
import { clubRoutes } from './clubs/routes.ts';
import { competitionRoutes } from './competitions/routes.ts';
import { teamRoutes } from './teams/routes.ts';
import { combinedRoutes } from './combined/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { athletePageRoutes } from './bests/routes.ts';
import { exchangeRoutes } from './exchange/routes.ts';
import { ParseSandbox } from '../worker/parseSandbox.ts';
import { athleteRoutes } from './athletes/routes.ts';
import { pushRoutes } from './push/routes.ts';
import { pricingRoutes } from './pricing/routes.ts';
import { waitingListRoutes } from './waitinglist/routes.ts';
import { attachLiveServer } from './live/server.ts';
import { feedRoutes } from './feed/routes.ts';
import { attachPublicCache } from './publicCache/plugin.ts';
import { adminRoutes } from './admin/plugin.ts';
import { agentRoutes } from './timingRoom/agentRoutes.ts';
import { fieldRoutes } from './field/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { devMailRoutes } from './mail/devRoutes.ts';
import { registrationRoutes } from './registration/routes.ts';
import { analyticsRoutes } from './analyticsRoutes.ts';
import { isSameOrigin } from './auth/origin.ts';
import { PDF_MAX_BYTES } from './files/sniff.ts';
import { registerSecurityHeaders } from './securityHeaders.ts';
import { registerOpenApi } from './openapi.ts';
import { registerCompression } from './compression.ts';
import { createReadiness } from './infra/readiness.ts';
import { requestIdOf } from './infra/logger.ts';
import { registerObservability } from './infra/httpObservability.ts';

/** What /readyz asks a load balancer to wait before trying a node that is not ready. */
const NOT_READY_RETRY_AFTER_S = 5;

export interface AppOptions {
  /** Serve the built client (off in API-only tests). */
  serveClient?: boolean;
  /** The process's logger (server/infra/logger.ts); false or absent: no logs (tests). */
  logger?: FastifyBaseLogger | false;
}

/** Builds the HTTP app on a runtime; tests and main.ts both start it from here. */
export async function buildApp(
  runtime: Pick<Runtime, 'config' | 'db' | 'pingDatabase' | 'bus' | 'queue' | 'mailer' | 'limits'>,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const { config, db, bus } = runtime;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : {}),
    // Fastify's requestIdHeader would take any header value as the id; requestIdOf checks it.
    genReqId: requestIdOf,
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      // server/infra/httpObservability.ts logs slow requests and a sample instead.
      disableRequestLogging: true,
    }),
    // A request arriving while the node closes gets our 503 (server/infra/httpObservability.ts).
    return503OnClosing: false,
    // X-Forwarded-For is the client's word except for the hops our own proxies added.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    bodyLimit: 1024 * 1024,
    // A body trickled in a byte at a time would hold its socket and memory for ever.
    requestTimeout: config.requestTimeoutMs,
    // Node honours the timeout only when given at the server's creation, and checks it at
    // this interval (30 s unless told): a tenth of it.
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, config.requestTimeoutMs / 10),
    },
    // A broken %-escape in a page's address gets the not-found page, not Fastify's raw JSON.
    frameworkErrors: answerBadUrl(options.serveClient !== false),
    // And what Node answers before Fastify (a 20 KB address): a page, not raw JSON.
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerObservability(app, config);

  registerSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  await registerCompression(app);
  // One file per request, never more than the largest kind allows; each route sets its own limit.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PDF_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });
  // Before the routes: the document is made from the routes registered after it.
  await registerOpenApi(app);
  // A page of another site cannot change anything here, even with the user's cookies: every
  // state-changing API call must come from the site's own origin (browsers always send
  // Origin on cross-site POST, PUT and DELETE).
  app.addHook('onRequest', async (request, reply) => {
    // Every path, not only /api/...: the router decodes paths (/%61pi/ is /api/).
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
      return;
    }
    if (!isSameOrigin(request.raw, config.publicUrl, config.trustProxyHops)) {
      return sendError(reply, 403, 'cross_site', 'Cross-site request refused.');
    }
  });
  // Imports' files are read, and results PDFs made, on a thread of their own (worker/).
  const sandbox = new ParseSandbox();
  app.addHook('onClose', () => sandbox.close());
  attachPublicCache(app, { db, bus, renderPdf: (pdf) => sandbox.renderPdf(pdf) });
  const live = attachLiveServer(app, { db, bus, config });
  // The open live feed: served wherever Socket.IO is, sharing its limits.
  await app.register(feedRoutes, { bus, config, live });
  // Liveness: the process answers. Readiness: it can serve, its database (and Redis) too.
  app.get('/healthz', async () => {
    return { ok: true };
  });
  const readiness = createReadiness(runtime.pingDatabase, config.redisUrl);
  app.addHook('onClose', () => readiness.close());
  app.get('/readyz', async (_request, reply) => {
    const report = await readiness.check();
    reply.header('cache-control', 'no-store');
    if (!report.ready) reply.status(503).header('retry-after', NOT_READY_RETRY_AFTER_S);
    return report;
  });
  await app.register(authRoutes, runtime);
  await app.register(adminRoutes, {
    db,
    bus,
    queue: runtime.queue,
    limits: runtime.limits,
    sandbox,
  });
  await app.register(agentRoutes, { db, bus, limits: runtime.limits });
  await app.register(fieldRoutes, { db, bus, limits: runtime.limits, config });
  await app.register(fileRoutes, { db });
  await app.register(registrationRoutes, runtime);
  await app.register(analyticsRoutes, { config });
  // Never in production, whatever else the configuration says.
  if (config.devMailbox && config.env !== 'production') {
    await app.register(devMailRoutes, { db });
  }
  await app.register(clubRoutes, { db });
  await app.register(competitionRoutes, { db });
  await app.register(eventRoutes, { db });
  await app.register(athleteRoutes, { limits: runtime.limits });
  await app.register(teamRoutes);
  await app.register(combinedRoutes);
  await app.register(athletePageRoutes, runtime);
  await app.register(exchangeRoutes, { db, sandbox });
  await app.register(pushRoutes, { db, config: config.push, limits: runtime.limits });
  await app.register(pricingRoutes, { db });
  await app.register(waitingListRoutes, { db, limits: runtime.limits });

  if (options.serveClient !== false) {
    await registerClient(app, { db, publicUrl: config.publicUrl });
  } else app.setNotFoundHandler((_req, reply) => sendError(reply, 404, 'not_found', 'Not found'));
  return app;
}

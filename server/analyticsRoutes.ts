import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';

const AnalyticsConfigResponse = z.object({
  provider: z.enum(['none', 'plausible', 'ga4']),
  id: z.string().nullable(),
});

/** GET /api/analytics-config: which provider the browser may load once the visitor consents. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get(
    '/api/analytics-config',
    { schema: { response: { 200: AnalyticsConfigResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return config.analytics;
    },
  );
};

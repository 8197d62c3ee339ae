import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../auth/scope.ts';
import { adminClubRoutes } from '../clubs/adminRoutes.ts';
import { adminCompetitionRoutes } from '../competitions/adminRoutes.ts';
import { adminEventRoutes } from '../events/adminRoutes.ts';
import { adminTeamRoutes } from '../teams/routes.ts';
import { adminCombinedRoutes } from '../combined/routes.ts';
import { adminAthleteRoutes } from '../bests/routes.ts';
import { adminExchangeRoutes } from '../exchange/routes.ts';
import { uploadRoutes } from '../uploads/routes.ts';
import { tokenRoutes } from '../timingRoom/routes.ts';
import { agentOnRoute } from '../timingRoom/scope.ts';
import type { AdminDeps } from './context.ts';

/**
 * Every /api/admin route that reads or changes club data: each one runs only for a signed-in
 * club admin, and scopes its queries with server/auth/scope.ts. The upload routes of a
 * competition also take that competition's timing room token (Authorization: Bearer).
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  app.decorateRequest('adminUser', null);
  app.decorateRequest('agent', null);
  app.addHook('preHandler', async (request) => {
    const agent = await agentOnRoute(deps, request);
    if (agent !== null) {
      request.agent = agent.principal;
      request.adminUser = agent.user;
      return;
    }
    request.adminUser = await requireAdmin(deps.db, request);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(adminClubRoutes, deps);
  await app.register(adminCompetitionRoutes, deps);
  await app.register(adminEventRoutes, deps);
  await app.register(adminTeamRoutes, deps);
  await app.register(adminCombinedRoutes, deps);
  await app.register(adminAthleteRoutes, deps);
  await app.register(adminExchangeRoutes, deps);
  await app.register(uploadRoutes, deps);
  await app.register(tokenRoutes, deps);
};

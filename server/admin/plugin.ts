import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Runtime } from '../runtime.ts';
import { requireAdmin } from '../auth/scope.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { adminClubRoutes } from '../clubs/adminRoutes.ts';
import { adminCompetitionRoutes } from '../competitions/adminRoutes.ts';
import { adminEventRoutes } from '../events/adminRoutes.ts';
import { uploadRoutes } from '../uploads/routes.ts';
import { tokenRoutes } from '../timingRoom/routes.ts';
import { agentOnRoute, type AgentScope } from '../timingRoom/scope.ts';
import type { AgentPrincipal } from '../timingRoom/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    adminUser: SessionUser | null;
    /** Set when a timing room token, not a signed-in admin, made the request. */
    agent: AgentPrincipal | null;
  }
  interface FastifyContextConfig {
    /** The route also takes a timing room token, for what this names of its competition. */
    agentScope?: AgentScope;
  }
}

/** The signed-in admin of this request (set for every route of the admin plugin). */
export function adminOf(request: FastifyRequest): SessionUser {
  if (!request.adminUser) throw new Error('admin route registered outside the admin plugin');
  return request.adminUser;
}

export type AdminDeps = Pick<Runtime, 'db' | 'bus' | 'queue' | 'limits'>;

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
  await app.register(uploadRoutes, deps);
  await app.register(tokenRoutes, deps);
};

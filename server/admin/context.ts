import type { FastifyRequest } from 'fastify';
import type { Runtime } from '../runtime.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { AgentScope } from '../timingRoom/scope.ts';
import type { AgentPrincipal } from '../timingRoom/tokens.ts';
import type { ParseSandbox } from '../../worker/parseSandbox.ts';

/*
 * What the admin plugin (./plugin.ts) gives every route it registers: its dependencies, and
 * on each request the admin (or timing room token) it has checked. Kept apart from the
 * plugin so the route files read it without importing the plugin that imports them.
 */

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

export type AdminDeps = Pick<Runtime, 'db' | 'bus' | 'queue' | 'limits'> & {
  /** Where imports' files are read (worker/parseSandbox.ts). */
  sandbox: ParseSandbox;
};

/** The signed-in admin of this request (set for every route of the admin plugin). */
export function adminOf(request: FastifyRequest): SessionUser {
  if (!request.adminUser) throw new Error('admin route registered outside the admin plugin');
  return request.adminUser;
}

import type { FastifyRequest } from 'fastify';
import type { Runtime } from '../runtime.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { Unauthorized } from '../errors.ts';
import { findEventCompetitionUic } from '../events/queries.ts';
import { findUpload } from '../uploads/queries.ts';
import {
  agentUser,
  authenticateAgent,
  bearerOf,
  requireRole,
  type AgentPrincipal,
} from './tokens.ts';

/**
 * What a token may reach on an admin route: the competition in the path (`:uic`), an event
 * of it (`:id` of an event) or an upload of it (`:id` of an upload).
 */
export type AgentScope = 'competition' | 'event' | 'upload';

async function competitionOf(
  deps: Pick<Runtime, 'db'>,
  scope: AgentScope,
  params: Record<string, string>,
): Promise<number | undefined> {
  const id = params.id ?? '';
  switch (scope) {
    case 'competition':
      return Number(params.uic);
    case 'event':
      return findEventCompetitionUic(deps.db, id);
    case 'upload':
      // The route's schema has checked the id is a uuid before this hook runs.
      return (await findUpload(deps.db, id))?.competitionUic ?? undefined;
  }
}

/**
 * The token a request to an admin route carries, checked: valid, and good for this route and
 * this competition; null when the request carries no token (a signed-in admin's). A token
 * never stands in for an admin anywhere else, and a token of another competition is refused
 * as if it were wrong (401).
 */
export async function agentOnRoute(
  deps: Pick<Runtime, 'db' | 'limits'>,
  request: FastifyRequest,
): Promise<{ principal: AgentPrincipal; user: SessionUser } | null> {
  const token = bearerOf(request.headers);
  if (token === null) return null;
  const principal = requireRole(await authenticateAgent(deps, request.ip, token), 'agent');
  const scope = request.routeOptions.config.agentScope;
  const uic = scope
    ? await competitionOf(deps, scope, request.params as Record<string, string>)
    : undefined;
  if (uic !== principal.competitionUic) {
    throw new Unauthorized(
      `This token is good only for uploads to "${principal.competitionName}".`,
    );
  }
  return { principal, user: agentUser(principal) };
}

import type { FastifyRequest } from 'fastify';
import type { Runtime } from '../runtime.ts';
import { Unauthorized } from '../errors.ts';
import {
  authenticateAgent,
  bearerOf,
  requireRole,
  type AgentPrincipal,
} from '../timingRoom/tokens.ts';

/**
 * The cookie a phone keeps its field token in: the card's link carries the token in its
 * fragment, which never reaches a server's log or another site, and the card exchanges it
 * once (POST /api/field/session) for this. HttpOnly, and sent only to the card's API.
 */
export const FIELD_COOKIE = 'rith_field';
export const FIELD_COOKIE_PATH = '/api/field';

export const NO_FIELD_TOKEN =
  'Open the field card with the link or QR code from the admin console (Timing room), or send a field token as Authorization: Bearer.';

/** The field token of a request: its Bearer header, or the phone's cookie. */
export async function fieldPrincipal(
  deps: Pick<Runtime, 'db' | 'limits'>,
  request: FastifyRequest,
): Promise<AgentPrincipal> {
  const token = bearerOf(request.headers) ?? request.cookies[FIELD_COOKIE] ?? null;
  if (token === null) throw new Unauthorized(NO_FIELD_TOKEN);
  return requireRole(await authenticateAgent(deps, request.ip, token), 'field');
}

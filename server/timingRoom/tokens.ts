import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Runtime } from '../runtime.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { TokenRole } from '../../shared/schemas/timingRoom.ts';
import { Forbidden, TooManyRequests, Unauthorized } from '../errors.ts';
import { markTokenUsed, tokenByHash } from './queries.ts';

/** A timing room token: 256 random bits, prefixed so it is recognisable in a config or a log. */
export function newToken(): string {
  return `rith_${randomBytes(32).toString('base64url')}`;
}

/** Tokens are long and random: a fast hash is as good as a slow one, and lookups stay cheap. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** The Bearer token of a request, or null when it sends none. */
export function bearerOf(headers: IncomingHttpHeaders): string | null {
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** Who a request with a valid token acts for: one competition's timing room, or its field card. */
export interface AgentPrincipal {
  tokenId: string;
  tokenName: string;
  role: TokenRole;
  competitionUic: number;
  competitionName: string;
  clubUic: number;
  clubName: string;
  /** The admin who created the token: uploads are recorded in their name. */
  createdBy: number | null;
}

export const REFUSED_TOKEN =
  'This token is not valid: it was revoked or mistyped. Create a new one in the admin console (Timing room).';

/** How stale "last used" may get before it is written again: not a write per scoreboard line. */
const TOUCH_AFTER_MS = 10_000;

/**
 * The token's principal. A wrong or revoked token is refused (401), and an address that keeps
 * trying wrong ones is slowed (429); a valid token has a budget of requests per minute.
 */
export async function authenticateAgent(
  deps: Pick<Runtime, 'db' | 'limits'>,
  ip: string,
  token: string,
): Promise<AgentPrincipal> {
  const row = await tokenByHash(deps.db, hashToken(token));
  if (!row) {
    const wait = await deps.limits.badTokenByIp.consume(ip);
    if (wait > 0) throw new TooManyRequests('Too many wrong tokens. Try again later.', wait);
    throw new Unauthorized(REFUSED_TOKEN);
  }
  const wait = await deps.limits.agentByToken.consume(row.id);
  if (wait > 0) throw new TooManyRequests('Too many requests with this token. Slow down.', wait);
  if (row.lastUsedAt === null || Date.now() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await markTokenUsed(deps.db, row.id);
  }
  return {
    tokenId: row.id,
    tokenName: row.name,
    role: row.role,
    competitionUic: row.competitionUic,
    competitionName: row.competitionName,
    clubUic: row.clubUic,
    clubName: row.clubName,
    createdBy: row.createdBy,
  };
}

export const FIELD_TOKEN_REFUSED =
  "This is an officials' field card token: it opens only the field card (/field), not uploads, the agent or the admin console.";
export const AGENT_TOKEN_REFUSED =
  'This is a timing room token: the field card needs a field token. Create one in the admin console (Timing room).';

/** A token of the role a route takes; a valid token of the other role is refused (403). */
export function requireRole(principal: AgentPrincipal, role: TokenRole): AgentPrincipal {
  if (principal.role !== role) {
    throw new Forbidden(
      role === 'agent' ? FIELD_TOKEN_REFUSED : AGENT_TOKEN_REFUSED,
      'wrong_token',
    );
  }
  return principal;
}

/** The admin-route user a token stands for: its club only (routes narrow it to the competition). */
export function agentUser(agent: AgentPrincipal): SessionUser {
  return {
    id: agent.createdBy ?? 0,
    email: '',
    username: `token "${agent.tokenName}"`,
    clubUics: [agent.clubUic],
  };
}

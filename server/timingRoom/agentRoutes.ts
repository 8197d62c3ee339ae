import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Runtime } from '../runtime.ts';
import {
  AgentIdentity,
  AgentStatusAnswer,
  AgentStatusReport,
  ScoreboardAnswer,
  ScoreboardUpdate,
} from '../../shared/schemas/timingRoom.ts';
import { AGENT_DOWNLOAD_PATH, LSS_DOWNLOAD_PATH } from '../../shared/timingRoom.ts';
import { Unauthorized } from '../errors.ts';
import { authenticateAgent, bearerOf, requireRole, type AgentPrincipal } from './tokens.ts';
import { saveAgentStatus } from './queries.ts';
import { sendHeldAnswer } from './sendHeld.ts';
import { saveScoreboardResults } from '../events/live.ts';
import { forwardClock } from './clock.ts';
import { agentBundle, lssScript } from './download.ts';

type Deps = Pick<Runtime, 'db' | 'bus' | 'limits'>;

/** A file the timing room saves to disk; always this server's current one. */
const download = (reply: FastifyReply, fileName: string, type: string, body: string | Buffer) =>
  reply
    .header('content-type', `${type}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(body);

/**
 * What only the timing room agent calls, with its token: who it publishes for, its status
 * reports and the scoreboard feed. And the agent itself, as one file anyone may download.
 */
export const agentRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, bus } = deps;
  const agentOf = async (request: FastifyRequest): Promise<AgentPrincipal> => {
    const token = bearerOf(request.headers);
    if (token === null)
      throw new Unauthorized('Send the timing room token as Authorization: Bearer.');
    return requireRole(await authenticateAgent(deps, request.ip, token), 'agent');
  };

  app.get('/api/agent', { schema: { response: { 200: AgentIdentity } } }, async (request) => {
    const agent = await agentOf(request);
    return {
      tokenId: agent.tokenId,
      tokenName: agent.tokenName,
      competitionUic: agent.competitionUic,
      competitionName: agent.competitionName,
      clubName: agent.clubName,
    };
  });

  // Answered with what the console asks of the agent (agents before 1.1 took a 204).
  app.post(
    '/api/agent/status',
    { schema: { body: AgentStatusReport, response: { 200: AgentStatusAnswer } } },
    async (request) => {
      const agent = await agentOf(request);
      const seenAt = await saveAgentStatus(db, agent.tokenId, request.body);
      // Revoked between the check and the write: nothing to tell.
      if (seenAt === undefined) throw new Unauthorized();
      bus.publish({
        name: 'agent.status',
        payload: {
          clubUic: agent.clubUic,
          competitionUic: agent.competitionUic,
          tokenId: agent.tokenId,
          agent: { ...request.body, seenAt: seenAt.toISOString() },
        },
      });
      return sendHeldAnswer(db, agent.tokenId, request.body);
    },
  );

  app.post(
    '/api/agent/scoreboard',
    { schema: { body: ScoreboardUpdate, response: { 200: ScoreboardAnswer } } },
    async (request) => {
      const agent = await agentOf(request);
      const update = request.body;
      return update.type === 'results'
        ? saveScoreboardResults(deps, agent.competitionUic, update)
        : forwardClock(deps, agent.competitionUic, update);
    },
  );

  app.get(LSS_DOWNLOAD_PATH, async (_request, reply) =>
    download(reply, 'rith.lss', 'text/plain', await lssScript()),
  );
  app.get(AGENT_DOWNLOAD_PATH, async (_request, reply) =>
    download(reply, 'rith-agent.mjs', 'text/javascript', await agentBundle()),
  );
};

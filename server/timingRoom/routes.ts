import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompetitionUicParams } from '../../shared/schemas/admin.ts';
import {
  CompetitionTokens,
  CreatedToken,
  CreateTokenBody,
  MAX_COMPETITION_TOKENS,
  TOKEN_CAP_MESSAGE,
  TokenParams,
} from '../../shared/schemas/timingRoom.ts';
import { adminOf, type AdminDeps } from '../admin/context.ts';
import { ownedCompetition } from '../auth/scope.ts';
import { Conflict, NotFound } from '../errors.ts';
import { countTokens, deleteToken, insertToken, listTokens } from './queries.ts';
import { requestSendHeld } from './sendHeld.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * A club admin's timing room tokens (session only: a token cannot make or see tokens). The
 * token itself is in the creation's answer only; Rith keeps its hash.
 */
export const tokenRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  app.post(
    '/api/admin/competitions/:uic/tokens',
    {
      schema: {
        params: CompetitionUicParams,
        body: CreateTokenBody,
        response: { 201: CreatedToken },
      },
    },
    async (request, reply) => {
      const user = adminOf(request);
      const competition = await ownedCompetition(db, user, request.params.uic);
      if ((await countTokens(db, competition.uic)) >= MAX_COMPETITION_TOKENS) {
        throw new Conflict(TOKEN_CAP_MESSAGE);
      }
      const token = newToken();
      const id = await insertToken(db, {
        competitionUic: competition.uic,
        name: request.body.name,
        role: request.body.role,
        tokenHash: hashToken(token),
        createdBy: user.id,
      });
      return reply.status(201).send({ id, token });
    },
  );

  app.get(
    '/api/admin/competitions/:uic/tokens',
    { schema: { params: CompetitionUicParams, response: { 200: CompetitionTokens } } },
    async (request) => {
      const competition = await ownedCompetition(db, adminOf(request), request.params.uic);
      return listTokens(db, competition.uic);
    },
  );

  app.delete(
    '/api/admin/tokens/:id',
    { schema: { params: TokenParams } },
    async (request, reply) => {
      const deleted = await deleteToken(db, request.params.id, adminOf(request).clubUics);
      if (!deleted) throw new NotFound('Token not found');
      return reply.status(204).send();
    },
  );

  // "Send held files": the agent learns it from the answer to its next status report.
  app.post(
    '/api/admin/tokens/:id/send-held',
    { schema: { params: TokenParams } },
    async (request, reply) => {
      const recorded = await requestSendHeld(db, request.params.id, adminOf(request).clubUics);
      if (!recorded) throw new NotFound('Token not found');
      return reply.status(204).send();
    },
  );
};

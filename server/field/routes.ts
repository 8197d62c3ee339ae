import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Runtime } from '../runtime.ts';
import {
  FieldAthleteBody,
  FieldAttemptBody,
  FieldAttemptParams,
  FieldCard,
  FieldCorrectionBody,
  FieldEventList,
  FieldEventParams,
  FieldIdentity,
  FieldSessionBody,
  FieldSettingsBody,
  FieldTrial,
} from '../../shared/schemas/field.ts';
import { authenticateAgent, requireRole, type AgentPrincipal } from '../timingRoom/tokens.ts';
import { FIELD_COOKIE, FIELD_COOKIE_PATH, fieldPrincipal } from './auth.ts';
import {
  addFieldAthlete,
  completeFieldEvent,
  correctFieldTrial,
  enterTrial,
  fieldCard,
  listFieldEvents,
  removeFieldTrial,
  setFieldSettings,
} from './service.ts';

type Deps = Pick<Runtime, 'db' | 'bus' | 'limits' | 'config'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The field token a /api/field request was made with (every route but the session's). */
    field: AgentPrincipal | null;
  }
}

/** A device keeps its field token this long, unless the token is revoked first. */
const COOKIE_DAYS = 30;

const identityOf = (p: AgentPrincipal): FieldIdentity => ({
  tokenName: p.tokenName,
  competitionUic: p.competitionUic,
  competitionName: p.competitionName,
  clubName: p.clubName,
});

/**
 * The officials' field card (issue 29): what a `field` token opens, and nothing else does.
 * Every route takes the token as Authorization: Bearer or as the phone's cookie.
 */
export const fieldRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const secure = deps.config.env === 'production';
  const principal = (request: { field: AgentPrincipal | null }) => {
    if (!request.field) throw new Error('field route without its token check');
    return request.field;
  };
  app.decorateRequest('field', null);
  app.addHook('preHandler', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.routeOptions.url === '/api/field/session') return;
    request.field = await fieldPrincipal(deps, request);
  });

  app.post(
    '/api/field/session',
    { schema: { body: FieldSessionBody, response: { 200: FieldIdentity } } },
    async (request, reply) => {
      const token = request.body.token.trim();
      const found = requireRole(await authenticateAgent(deps, request.ip, token), 'field');
      reply.setCookie(FIELD_COOKIE, token, {
        path: FIELD_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: COOKIE_DAYS * 24 * 60 * 60,
      });
      return identityOf(found);
    },
  );

  app.delete('/api/field/session', async (_request, reply) => {
    reply.clearCookie(FIELD_COOKIE, {
      path: FIELD_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure,
    });
    return reply.status(204).send();
  });

  app.get('/api/field/me', { schema: { response: { 200: FieldIdentity } } }, async (request) =>
    identityOf(principal(request)),
  );

  app.get('/api/field/events', { schema: { response: { 200: FieldEventList } } }, async (request) =>
    listFieldEvents(deps.db, principal(request)),
  );

  app.get(
    '/api/field/events/:id',
    { schema: { params: FieldEventParams, response: { 200: FieldCard } } },
    async (request) => fieldCard(deps.db, principal(request), request.params.id),
  );

  app.put(
    '/api/field/events/:id/settings',
    { schema: { params: FieldEventParams, body: FieldSettingsBody, response: { 200: FieldCard } } },
    async (request) => setFieldSettings(deps, principal(request), request.params.id, request.body),
  );

  app.post(
    '/api/field/events/:id/athletes',
    { schema: { params: FieldEventParams, body: FieldAthleteBody, response: { 201: FieldCard } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addFieldAthlete(deps, principal(request), request.params.id, request.body)),
  );

  app.post(
    '/api/field/events/:id/attempts',
    { schema: { params: FieldEventParams, body: FieldAttemptBody, response: { 201: FieldTrial } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await enterTrial(deps, principal(request), request.params.id, request.body)),
  );

  app.put(
    '/api/field/events/:id/attempts/:attemptId',
    {
      schema: {
        params: FieldAttemptParams,
        body: FieldCorrectionBody,
        response: { 200: FieldTrial },
      },
    },
    async (request) =>
      correctFieldTrial(
        deps,
        principal(request),
        request.params.id,
        request.params.attemptId,
        request.body,
      ),
  );

  app.delete(
    '/api/field/events/:id/attempts/:attemptId',
    { schema: { params: FieldAttemptParams } },
    async (request, reply) => {
      await removeFieldTrial(deps, principal(request), request.params.id, request.params.attemptId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/field/events/:id/complete',
    { schema: { params: FieldEventParams, response: { 200: FieldCard } } },
    async (request) => completeFieldEvent(deps, principal(request), request.params.id),
  );
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AthleteProfile,
  AthleteRef,
  MergeInput,
  PageHidden,
  PageHiddenInput,
  PageLinkRequest,
  RecordList,
  RecordsInput,
} from '../../shared/schemas/athleteProfile.ts';
import { CompetitionUicParams } from '../../shared/schemas/admin.ts';
import { OkResponse } from '../../shared/schemas/auth.ts';
import type { Runtime } from '../runtime.ts';
import { adminOf, type AdminDeps } from '../admin/context.ts';
import { sendCached } from '../publicCache/http.ts';
import { tags } from '../publicCache/tags.ts';
import { checkMailBudget } from '../auth/service.ts';
import { NotFound } from '../errors.ts';
import { isEventId } from '../events/queries.ts';
import { recordsList, setRecords } from './records.ts';
import { mergeAthletes, splitAthlete } from './merge.ts';
import { sendPageLink, setPageHidden } from './privacy.ts';

const IdParams = z.object({ id: z.string() });

const athleteId = (id: string) => {
  if (!isEventId(id)) throw new NotFound('Athlete not found');
  return id.toLowerCase();
};

/** The club admin's records lists, and the athletes they join up or split. */
export const adminAthleteRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  app.put(
    '/api/admin/competitions/:uic/records',
    {
      schema: {
        params: CompetitionUicParams,
        body: RecordsInput,
        response: { 200: RecordList },
      },
    },
    (request) => setRecords(deps.db, adminOf(request), request.params.uic, request.body.records),
  );
  app.get(
    '/api/admin/competitions/:uic/records',
    { schema: { params: CompetitionUicParams, response: { 200: RecordList } } },
    (request) => recordsList(deps.db, adminOf(request), request.params.uic),
  );
  app.post(
    '/api/admin/athletes/:id/merge',
    { schema: { params: IdParams, body: MergeInput, response: { 200: AthleteRef } } },
    async (request) => {
      const into = athleteId(request.body.into);
      const merged = await mergeAthletes(
        deps.db,
        adminOf(request),
        athleteId(request.params.id),
        into,
      );
      app.publicReads.cache.invalidate([tags.athletes]);
      return merged;
    },
  );
  app.delete(
    '/api/admin/athletes/:id/merge',
    { schema: { params: IdParams, response: { 200: AthleteRef } } },
    async (request) => {
      const split = await splitAthlete(deps.db, adminOf(request), athleteId(request.params.id));
      app.publicReads.cache.invalidate([tags.athletes]);
      return split;
    },
  );
};

/** The athlete's public page, from the node's cache, and the athlete's own say over it. */
export const athletePageRoutes: FastifyPluginAsyncZod<
  Pick<Runtime, 'db' | 'mailer' | 'limits' | 'config'>
> = async (app, deps) => {
  const siteUrl = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  app.get(
    '/api/athletes/:id',
    {
      schema: {
        summary: "An athlete's bests (PB, SB) and every result on Rith, newest first",
        params: IdParams,
        response: { 200: AthleteProfile },
      },
    },
    async (request, reply) => {
      const profile = await app.publicReads.athlete(request.params.id);
      return sendCached(request, reply, profile, 'Athlete not found');
    },
  );
  app.post(
    '/api/athletes/:id/page-link',
    { schema: { params: IdParams, body: PageLinkRequest, response: { 200: OkResponse } } },
    async (request) => {
      const id = athleteId(request.params.id);
      await checkMailBudget(deps, request.ip);
      // Answered before anything is looked up: the same words whoever registered.
      sendPageLink(deps, id, request.body.email, siteUrl).catch((err: unknown) => {
        request.log.error({ err }, 'athlete page e-mail failed');
      });
      return { ok: true as const };
    },
  );
  app.put(
    '/api/athletes/:id/hidden',
    { schema: { params: IdParams, body: PageHiddenInput, response: { 200: PageHidden } } },
    async (request) => {
      const { token, hidden } = request.body;
      const answer = await setPageHidden(deps.db, athleteId(request.params.id), token, hidden);
      app.publicReads.cache.invalidate([tags.athletes]);
      return answer;
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCompetition,
  AdminCompetitionList,
  CompetitionFlags,
  CompetitionInput,
  CompetitionUicParams,
} from '../../shared/schemas/admin.ts';
import { adminOf, type AdminDeps } from '../admin/context.ts';
import { readUpload } from '../files/upload.ts';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../files/sniff.ts';
import { listAdminCompetitions } from './adminQueries.ts';
import {
  createAdminCompetition,
  removeCompetitionImage,
  setCompetitionFlags,
  setCompetitionImage,
  updateAdminCompetition,
} from './admin.ts';

export const IMAGE_TYPE_MESSAGE = 'Only image files are supported.';

export const adminCompetitionRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  app.get(
    '/api/admin/competitions',
    { schema: { response: { 200: AdminCompetitionList } } },
    (request) => listAdminCompetitions(deps.db, adminOf(request).clubUics),
  );

  app.post(
    '/api/admin/competitions',
    { schema: { body: CompetitionInput, response: { 200: AdminCompetition } } },
    (request) => createAdminCompetition(deps, adminOf(request), request.body),
  );

  app.put(
    '/api/admin/competitions/:uic',
    {
      schema: {
        params: CompetitionUicParams,
        body: CompetitionInput,
        response: { 200: AdminCompetition },
      },
    },
    (request) => updateAdminCompetition(deps, adminOf(request), request.params.uic, request.body),
  );

  app.patch(
    '/api/admin/competitions/:uic',
    {
      schema: {
        params: CompetitionUicParams,
        body: CompetitionFlags,
        response: { 200: AdminCompetition },
      },
    },
    (request) => setCompetitionFlags(deps, adminOf(request), request.params.uic, request.body),
  );

  app.post(
    '/api/admin/competitions/:uic/upload-image',
    { schema: { params: CompetitionUicParams, response: { 200: AdminCompetition } } },
    (request) =>
      setCompetitionImage(deps, adminOf(request), request.params.uic, () =>
        readUpload(request, {
          maxBytes: IMAGE_MAX_BYTES,
          accepted: IMAGE_TYPES,
          wrongType: IMAGE_TYPE_MESSAGE,
        }),
      ),
  );

  app.delete(
    '/api/admin/competitions/:uic/delete-image',
    { schema: { params: CompetitionUicParams, response: { 200: AdminCompetition } } },
    (request) => removeCompetitionImage(deps, adminOf(request), request.params.uic),
  );
};

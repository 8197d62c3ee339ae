import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EventIdParams,
  EventListQuery,
  EventSummaryList,
  PublicEvent,
} from '../../shared/schemas/event.ts';
import type { Db } from '../db/connect.ts';
import { NotFound } from '../errors.ts';
import { findPublicEvent, listPublicEvents } from './queries.ts';

export const eventRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/events',
    { schema: { querystring: EventListQuery, response: { 200: EventSummaryList } } },
    (request) => listPublicEvents(db, request.query.competitionUic),
  );

  app.get(
    '/api/events/:eventId',
    { schema: { params: EventIdParams, response: { 200: PublicEvent } } },
    async (request) => {
      const event = await findPublicEvent(db, request.params.eventId);
      if (!event) throw new NotFound('Event not found');
      return event;
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EventIdParams,
  EventListQuery,
  EventSummaryList,
  PublicEvent,
} from '../../shared/schemas/event.ts';
import { EventHistory } from '../../shared/schemas/eventHistory.ts';
import type { Db } from '../db/connect.ts';
import { sendCached } from '../publicCache/http.ts';

/** The public event reads, from the node's cache (server/publicCache/): no database per read. */
export const eventRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app) => {
  app.get(
    '/api/events',
    { schema: { querystring: EventListQuery, response: { 200: EventSummaryList } } },
    async (request, reply) => {
      const uic = request.query.competitionUic;
      const list = uic === undefined ? app.publicReads.allEvents() : app.publicReads.eventsOf(uic);
      return sendCached(request, reply, await list);
    },
  );

  app.get(
    '/api/events/:eventId',
    { schema: { params: EventIdParams, response: { 200: PublicEvent } } },
    async (request, reply) => {
      const event = await app.publicReads.event(request.params.eventId);
      return sendCached(request, reply, event, 'Event not found');
    },
  );

  app.get(
    '/api/events/:eventId/history',
    { schema: { params: EventIdParams, response: { 200: EventHistory } } },
    async (request, reply) => {
      const history = await app.publicReads.eventHistory(request.params.eventId);
      return sendCached(request, reply, history, 'Event not found');
    },
  );
};

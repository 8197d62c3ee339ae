import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WaitingListRequest } from '../../shared/schemas/waitingList.ts';
import type { Db } from '../db/connect.ts';

export const waitingListRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/waitinglist',
    {
      schema: { body: WaitingListRequest, response: { 200: z.object({ ok: z.literal(true) }) } },
      // An e-mail field needs no more; a larger body is refused before it is read.
      bodyLimit: 4096,
    },
    async (request) => {
      // Joining twice is not an error: the visitor sees the same thank-you.
      await db
        .insertInto('waitingList')
        .values({ email: request.body.email })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      return { ok: true as const };
    },
  );
};

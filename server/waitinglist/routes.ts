import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WaitingListRequest } from '../../shared/schemas/waitingList.ts';
import type { Db } from '../db/connect.ts';
import type { RateLimits } from '../infra/rateLimit.ts';
import { TooManyRequests } from '../errors.ts';

export const TOO_MANY_WAITING_LIST = 'Too many sign-ups from your network. Please try again later.';

export const waitingListRoutes: FastifyPluginAsyncZod<{
  db: Db;
  limits: Pick<RateLimits, 'waitingListByIp'>;
}> = async (app, { db, limits }) => {
  app.post(
    '/api/waitinglist',
    {
      schema: { body: WaitingListRequest, response: { 200: z.object({ ok: z.literal(true) }) } },
      // An e-mail field needs no more; a larger body is refused before it is read.
      bodyLimit: 4096,
    },
    async (request) => {
      // Each address may add a few rows an hour: a script cannot fill the table.
      const wait = await limits.waitingListByIp.consume(request.ip);
      if (wait > 0) throw new TooManyRequests(TOO_MANY_WAITING_LIST, wait, 'too_many_requests');
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

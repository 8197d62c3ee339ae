import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminSession } from '../../shared/schemas/session.ts';
import type { Db } from '../db/connect.ts';
import { deleteSession, findSessionUser, SESSION_COOKIE } from './sessions.ts';

export const authRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/session',
    { schema: { response: { 200: AdminSession } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await findSessionUser(db, request.cookies[SESSION_COOKIE]);
      // An admin is a user who runs at least one club.
      if (!user || user.clubUics.length === 0) return { isAdmin: false };
      return { isAdmin: true, user: { id: user.id, email: user.email, username: user.username } };
    },
  );

  app.post(
    '/api/admin/logout',
    { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      const id = request.cookies[SESSION_COOKIE];
      if (id) await deleteSession(db, id);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );
};

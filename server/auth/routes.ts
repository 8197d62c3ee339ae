import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { AdminSession } from '../../shared/schemas/session.ts';
import {
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  OkResponse,
  ResetPasswordRequest,
  ResetTokenQuery,
  ResetTokenValidity,
} from '../../shared/schemas/auth.ts';
import type { Runtime } from '../runtime.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from './devices.ts';
import { deleteSession, findSessionUser, hashSessionId, SESSION_COOKIE } from './sessions.ts';
import {
  checkMailBudget,
  isResetTokenValid,
  login,
  resetPassword,
  sendPasswordReset,
} from './service.ts';

type Deps = Pick<Runtime, 'config' | 'db' | 'bus' | 'mailer' | 'limits'>;

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { config, db } = deps;
  const secure = config.env === 'production';
  const siteUrl = config.publicUrl ?? `http://localhost:${config.port}`;

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get(
    '/api/admin/session',
    { schema: { response: { 200: AdminSession } } },
    async (request, reply) => {
      noStore(reply);
      const user = await findSessionUser(db, request.cookies[SESSION_COOKIE]);
      // An admin is a user who runs at least one club.
      if (!user || user.clubUics.length === 0) return { isAdmin: false };
      return { isAdmin: true, user: { id: user.id, email: user.email, username: user.username } };
    },
  );

  app.post(
    '/api/admin/login',
    { schema: { body: LoginRequest, response: { 200: LoginResponse } } },
    async (request, reply) => {
      noStore(reply);
      const { username, password } = request.body;
      const session = await login(deps, username, password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        device: request.cookies[DEVICE_COOKIE],
      });
      // A session id sent before this login (fixation) is dropped, not reused.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSession(db, previous);
      reply.setCookie(SESSION_COOKIE, session.sessionId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        expires: session.expiresAt,
      });
      // Sent only to the login itself: this browser is a known device of the account.
      reply.setCookie(DEVICE_COOKIE, session.deviceCookie, {
        path: '/api/admin/login',
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
      return { ok: true as const, user: session.user };
    },
  );

  app.post(
    '/api/admin/logout',
    { schema: { response: { 200: OkResponse } } },
    async (request, reply) => {
      noStore(reply);
      const id = request.cookies[SESSION_COOKIE];
      if (id) {
        await deleteSession(db, id);
        deps.bus.publish({
          name: 'session.ended',
          payload: { sessionHashes: [hashSessionId(id)] },
        });
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/forgot-password',
    { schema: { body: ForgotPasswordRequest, response: { 200: OkResponse } } },
    async (request) => {
      await checkMailBudget(deps, request.ip);
      // Answered before the account is even looked up: same words, same timing either way.
      sendPasswordReset(deps, request.body.email, siteUrl).catch((err: unknown) => {
        request.log.error({ err }, 'password reset e-mail failed');
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/validate-reset-password',
    { schema: { querystring: ResetTokenQuery, response: { 200: ResetTokenValidity } } },
    async (request, reply) => {
      noStore(reply);
      return { valid: await isResetTokenValid(db, request.query.token) };
    },
  );

  app.post(
    '/api/admin/reset-password',
    { schema: { body: ResetPasswordRequest, response: { 200: OkResponse } } },
    async (request) => {
      await resetPassword(deps, request.body.token, request.body.password);
      return { ok: true as const };
    },
  );
};

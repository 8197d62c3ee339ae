import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClubRegistration,
  PersonalInfoRequest,
  RegistrationErrorCode,
  TokenBody,
  TokenEmail,
  TokenQuery,
  TOO_MANY_REGISTRATIONS,
  VerificationRequest,
  VerificationResult,
} from '../../shared/schemas/registration.ts';
import { OkResponse } from '../../shared/schemas/auth.ts';
import { TooManyRequests } from '../errors.ts';
import type { Runtime } from '../runtime.ts';
import {
  registerClub,
  requestVerification,
  savePersonalInfo,
  verifiedEmail,
  verifyEmail,
} from './service.ts';

type Deps = Pick<Runtime, 'config' | 'db' | 'mailer' | 'limits'>;

/** Athlete and club registration. */
export const registrationRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const siteUrl = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  const ok = { ok: true as const };

  // Every registration call, the token look-ups included, spends from one budget per address
  // before any work is done: guessing tokens or flooding sign-ups stays cheap to refuse.
  app.addHook('onRequest', async (request) => {
    const wait = await deps.limits.registrationByIp.consume(request.ip);
    if (wait > 0) {
      throw new TooManyRequests(
        TOO_MANY_REGISTRATIONS,
        wait,
        RegistrationErrorCode.tooManyAttempts,
      );
    }
  });

  app.post(
    '/api/register/request-verification',
    { schema: { body: VerificationRequest, response: { 200: OkResponse } } },
    async (request) => {
      await requestVerification(deps, request.body, { ip: request.ip, siteUrl });
      return ok;
    },
  );

  app.post(
    '/api/register/verify',
    { schema: { body: TokenBody, response: { 200: VerificationResult } } },
    (request) => verifyEmail(deps.db, request.body.token),
  );

  app.get(
    '/api/register/verification-token-email',
    { schema: { querystring: TokenQuery, response: { 200: TokenEmail } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { email: await verifiedEmail(deps.db, request.query.token) };
    },
  );

  app.post(
    '/api/register/personal-info',
    { schema: { body: PersonalInfoRequest, response: { 200: OkResponse } } },
    async (request) => {
      await savePersonalInfo(deps.db, request.body);
      deps.mailer.sendQueued();
      return ok;
    },
  );

  app.post(
    '/api/register/club-admin',
    { schema: { body: ClubRegistration, response: { 200: OkResponse } } },
    async (request) => {
      await registerClub(deps.db, request.body);
      deps.mailer.sendQueued();
      return ok;
    },
  );
};

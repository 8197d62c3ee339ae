import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeletePushSubscription,
  PushPublicKey,
  SavePushSubscription,
} from '../../shared/schemas/follow.ts';
import type { Db } from '../db/connect.ts';
import type { PushConfig } from '../config.ts';
import type { RateLimits } from '../infra/rateLimit.ts';
import { addressGroup } from '../infra/addressGroup.ts';
import { TooManyRequests } from '../errors.ts';
import { vapidKeys } from './keys.ts';
import { deleteSubscription } from './queries.ts';
import { pushEndpoint } from './endpoints.ts';
import { saveDeviceSubscription } from './service.ts';

const Ok = z.object({ ok: z.literal(true) });
export const TOO_MANY_PUSH = 'Too many alert changes from your network. Please try again later.';

/** Web Push: the key devices subscribe with, and each device's subscription and follows. */
export const pushRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: PushConfig;
  limits: Pick<RateLimits, 'pushByIp'>;
}> = async (app, { db, config, limits }) => {
  const limited = async (ip: string) => {
    // By the address's group (an IPv6 /64): a device may use any address in its /64.
    const wait = await limits.pushByIp.consume(addressGroup(ip));
    if (wait > 0) throw new TooManyRequests(TOO_MANY_PUSH, wait, 'too_many_requests');
  };

  app.get(
    '/api/push/public-key',
    {
      schema: {
        summary: 'The VAPID public key to subscribe with',
        response: { 200: PushPublicKey },
      },
    },
    async () => ({ publicKey: (await vapidKeys(db, config)).publicKey }),
  );

  app.put(
    '/api/push/subscription',
    {
      schema: {
        summary: "Save this device's push subscription with the athletes and clubs it follows",
        body: SavePushSubscription,
        response: { 200: Ok },
      },
      bodyLimit: 256 * 1024,
    },
    async (request) => {
      await limited(request.ip);
      await saveDeviceSubscription(
        { db, config, reads: app.publicReads },
        request.body,
        request.ip,
      );
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/push/subscription',
    {
      schema: {
        summary: 'Stop every alert to this device',
        body: DeletePushSubscription,
        response: { 200: Ok },
      },
      bodyLimit: 4096,
    },
    async (request) => {
      await limited(request.ip);
      // Stopping twice is not an error: the device is unsubscribed either way. Endpoints are
      // stored as pushEndpoint writes them; one it refuses can only have been stored as it
      // is written, before that check.
      const { endpoint } = request.body;
      await deleteSubscription(db, pushEndpoint(endpoint, config.endpointHosts) ?? endpoint);
      return { ok: true as const };
    },
  );
};

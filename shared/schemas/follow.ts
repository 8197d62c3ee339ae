import { z } from 'zod';
import { MAX_FOLLOWED_ATHLETES, MAX_FOLLOWED_CLUBS } from '../follows.ts';

/** Follows kept on a device (client/lib/follows.ts) and, for alerts, with its subscription. */
export const FollowedAthlete = z.object({
  competitionUic: z.number().int().positive(),
  /** shared/athletes/identity.ts athleteKey. */
  key: z.string().min(1).max(300),
  name: z.string().max(200),
  club: z.string().max(200).nullable(),
  bib: z.string().max(40).nullable(),
});
export type FollowedAthlete = z.infer<typeof FollowedAthlete>;

export const FollowedClub = z.object({
  competitionUic: z.number().int().positive(),
  club: z.string().min(1).max(200),
});
export type FollowedClub = z.infer<typeof FollowedClub>;

export const Follows = z.object({
  athletes: z.array(FollowedAthlete).max(MAX_FOLLOWED_ATHLETES),
  clubs: z.array(FollowedClub).max(MAX_FOLLOWED_CLUBS),
});
export type Follows = z.infer<typeof Follows>;

/** A browser's PushSubscription.toJSON(), as the Push API gives it. */
export const PushSubscriptionJson = z.object({
  endpoint: z.url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .min(80)
      .max(120)
      .regex(/^[A-Za-z0-9_-]+=*$/),
    auth: z
      .string()
      .min(16)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+=*$/),
  }),
});

/** PUT /api/push/subscription: the device's subscription and everything it follows. */
export const SavePushSubscription = z.object({
  subscription: PushSubscriptionJson,
  follows: Follows,
});
export type SavePushSubscription = z.infer<typeof SavePushSubscription>;

/** DELETE /api/push/subscription: stop every alert to this device. */
export const DeletePushSubscription = z.object({ endpoint: z.url().max(2000) });

export const PushPublicKey = z.object({ publicKey: z.string() });

/** What a notification carries, for the service worker (client/public/sw.js). */
export const PushAlert = z.object({
  title: z.string(),
  body: z.string(),
  /** The event page the notification opens. */
  url: z.string(),
  /** One notification per event and kind: a repeat replaces it rather than adding another. */
  tag: z.string(),
  kind: z.enum(['startList', 'startingSoon', 'unofficial', 'official']),
});
export type PushAlert = z.infer<typeof PushAlert>;

import { z } from 'zod';
import {
  MAX_FOLLOWED_ATHLETES,
  MAX_FOLLOWED_CLUBS,
  MAX_FOLLOWED_COMPETITIONS,
} from '../follows.ts';
import { foldText } from '../athletes/identity.ts';

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

export const Follows = z
  .object({
    athletes: z.array(FollowedAthlete).max(MAX_FOLLOWED_ATHLETES),
    clubs: z.array(FollowedClub).max(MAX_FOLLOWED_CLUBS),
  })
  .superRefine((follows, ctx) => {
    const athletes = follows.athletes.map((a) => `${a.competitionUic}|${a.key}`);
    const clubs = follows.clubs.map((c) => `${c.competitionUic}|${foldText(c.club)}`);
    if (new Set(athletes).size !== athletes.length || new Set(clubs).size !== clubs.length) {
      ctx.addIssue({ code: 'custom', message: 'An athlete or club is followed twice' });
    }
    const competitions = new Set(
      [...follows.athletes, ...follows.clubs].map((f) => f.competitionUic),
    );
    if (competitions.size > MAX_FOLLOWED_COMPETITIONS) {
      ctx.addIssue({
        code: 'custom',
        message: `Follows may be in at most ${MAX_FOLLOWED_COMPETITIONS} competitions`,
      });
    }
  });
export type Follows = z.infer<typeof Follows>;

/** Base64url (padding allowed) of exactly `bytes` bytes. */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url')
    .refine((text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes, {
      message: `Must be ${bytes} bytes`,
    });

/** A browser's PushSubscription.toJSON(), as the Push API gives it. */
export const PushSubscriptionJson = z.object({
  endpoint: z.url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** An uncompressed P-256 public key: 65 bytes, the first 0x04. */
    p256dh: base64url(65).refine((key) => key.startsWith('B'), 'Not a P-256 public key'),
    /** The 16-byte authentication secret. */
    auth: base64url(16),
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

/** What a notification carries, for the service worker (client/sw/alerts.ts). */
export const PushAlert = z.object({
  title: z.string(),
  body: z.string(),
  /** The event page the notification opens. */
  url: z.string(),
  /** One notification per event and kind: a repeat replaces it rather than adding another. */
  tag: z.string(),
  kind: z.enum(['startList', 'startingSoon', 'unofficial', 'official', 'qualified']),
});
export type PushAlert = z.infer<typeof PushAlert>;

import { connectRedis } from './redis.ts';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** A budget of attempts per key and window; embedded in memory, shared through Redis when scaled. */
export interface Limiter {
  /** Spends one attempt: 0 when it was within the budget, else the seconds to wait. */
  consume(key: string): Promise<number>;
  /** Gives back one attempt (one that turned out to be fine). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface RateLimits {
  /** Failed logins from one address, whichever accounts they were for. */
  loginByIp: Limiter;
  /**
   * Failed logins for one account from one client: an address, or a device that logged in
   * to the account before. Guesses elsewhere never lock the owner out.
   */
  loginByClient: Limiter;
  /**
   * Failed logins for one account from clients it has never seen, from anywhere: caps a
   * guess spread over many addresses. The owner's known devices are not counted here.
   */
  loginByAccount: Limiter;
  /** E-mails asked for from one address. */
  mailByIp: Limiter;
  /** E-mails sent to one address: nobody's inbox is flooded through us. */
  mailByAddress: Limiter;
  /** Requests of one timing room token: files, status reports, scoreboard lines, polls. */
  agentByToken: Limiter;
  /** Wrong or revoked tokens from one address. */
  badTokenByIp: Limiter;
  /** Registration calls (sign-up, verification, token look-ups) from one address. */
  registrationByIp: Limiter;
  /** Waiting-list sign-ups from one address. */
  waitingListByIp: Limiter;
  /** Alert subscriptions saved from one address. */
  pushByIp: Limiter;
  /** Athlete searches (what a person types) from one address. */
  athleteSearchByIp: Limiter;
  close(): Promise<void>;
}

const MINUTE = 60;

const budgets = {
  loginByIp: { points: 20, duration: 15 * MINUTE },
  loginByClient: { points: 5, duration: 15 * MINUTE },
  loginByAccount: { points: 50, duration: 15 * MINUTE },
  mailByIp: { points: 10, duration: 60 * MINUTE },
  mailByAddress: { points: 3, duration: 60 * MINUTE },
  // A busy meet: a file every few seconds with its polls, a scoreboard line several times a
  // second, a heartbeat: well under 20 a second.
  agentByToken: { points: 1200, duration: MINUTE },
  badTokenByIp: { points: 30, duration: MINUTE },
  // A sign-up takes about five calls; a club house or school sharing one address signs up
  // several people in a minute. A forged-token flood is cut to one call every two seconds.
  registrationByIp: { points: 30, duration: MINUTE },
  // A person joins once; a club house sharing one address, a few times an hour.
  waitingListByIp: { points: 10, duration: 60 * MINUTE },
  // Each follow or unfollow saves the device's list; a stadium's phones share one address.
  pushByIp: { points: 600, duration: 10 * MINUTE },
  // A name typed asks a few times (the page waits for a pause in the typing); a stadium's
  // phones share one address. Twenty a second at most: a search costs about a millisecond.
  athleteSearchByIp: { points: 1200, duration: MINUTE },
} as const;

function secondsOf(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

function wrap(limiter: RateLimiterAbstract): Limiter {
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (err) {
        if (err instanceof RateLimiterRes) return secondsOf(err);
        throw err;
      }
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

export function createRateLimits(redisUrl: string | undefined, prefix: string): RateLimits {
  const redis = redisUrl
    ? connectRedis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  // ioredis reconnects by itself and the insurance limiter counts meanwhile: a failed
  // reconnect needs no line each (unheard, ioredis prints one per try).
  redis?.on('error', () => {});
  const make = (name: keyof typeof budgets): Limiter => {
    const opts = { ...budgets[name], keyPrefix: `${prefix}:${name}` };
    // While Redis is away the node keeps counting in its own memory rather than letting
    // every attempt through or refusing every login.
    const limiter = redis
      ? new RateLimiterRedis({
          ...opts,
          storeClient: redis,
          insuranceLimiter: new RateLimiterMemory(opts),
        })
      : new RateLimiterMemory(opts);
    return wrap(limiter);
  };
  return {
    loginByIp: make('loginByIp'),
    loginByClient: make('loginByClient'),
    loginByAccount: make('loginByAccount'),
    mailByIp: make('mailByIp'),
    mailByAddress: make('mailByAddress'),
    agentByToken: make('agentByToken'),
    badTokenByIp: make('badTokenByIp'),
    registrationByIp: make('registrationByIp'),
    waitingListByIp: make('waitingListByIp'),
    pushByIp: make('pushByIp'),
    athleteSearchByIp: make('athleteSearchByIp'),
    async close() {
      redis?.disconnect();
    },
  };
}

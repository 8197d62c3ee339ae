import type { RecoveryConfig } from '../config.ts';

/** Tries of one notice or e-mail before it is marked failed. */
export const OUTBOX_MAX_ATTEMPTS = 12;
/** The longest wait between two tries. */
const MAX_RETRY_WAIT_MS = 60 * 60 * 1000;

/**
 * The wait after the `attempts`-th failed try: OUTBOX_RETRY_MS, doubling each time, at most
 * an hour. With the defaults (2 s, 12 tries) an e-mail is tried for about 70 minutes.
 */
export function retryWaitMs(policy: RecoveryConfig, attempts: number): number {
  return Math.min(policy.outboxRetryMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_WAIT_MS);
}

/** A duration for SQL: `now() + ${millis(ms)}`. */
export const millis = (ms: number) => `${Math.round(ms)} milliseconds`;

/**
 * Outage and wait scenarios run shorter by default, with the same assertions, so the suite
 * stays fast; RITH_TEST_FULL=1 runs them at their full, real-world length.
 */
export const FULL_LENGTH = process.env.RITH_TEST_FULL === '1';

/** `full` under RITH_TEST_FULL=1, else `short`. */
export function pace(full: number, short: number): number {
  return FULL_LENGTH ? full : short;
}

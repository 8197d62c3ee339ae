/*
 * Failures that say the database was out of reach (restarted, failed over, its connection
 * ended by pg_terminate_backend, out of connection slots) or that the work collided with
 * other work, not that the statement or the data was wrong: the same work succeeds once the
 * database answers again. A job uses this to keep trying rather than give up on its data.
 */

/** SQLSTATEs of an outage or a collision (see PostgreSQL's errcodes appendix). */
const TRANSIENT_STATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '53300', // too_many_connections
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** Socket failures on the way to the database. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What node-postgres throws, without a code, for a connection it lost or never got. */
const LOST_CONNECTION =
  /^Connection terminated|is not queryable|timeout exceeded when trying to connect/;

export function isTransientDatabaseError(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('08') || TRANSIENT_STATES.has(code) || SOCKET_CODES.has(code)) {
        return true;
      }
    }
    if (LOST_CONNECTION.test(e.message)) return true;
  }
  return false;
}

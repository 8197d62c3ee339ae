import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { Config } from '../config.ts';

/**
 * What the runtime's parts (bus, queue, sweeper, mailer, outbox) log with. The process's
 * pino logger is one; a test may pass a silent stand-in.
 */
export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * The process's one logger, made once at start-up: JSON lines (stdout unless a destination
 * is given) at the configured level. The API hands the same instance to Fastify, whose
 * per-request child adds `requestId` to every line of a request.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  name: 'rith-api' | 'rith-worker' | 'rith-live',
  destination?: DestinationStream,
): PinoLogger {
  const options = { name, level: config.logLevel, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}

/** What an X-Request-Id must look like to be kept: a proxy's id, not a payload. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * A request's id: the one nginx (or another proxy, or a client) gave in X-Request-Id when
 * it is short and plain, so one id follows the request through every log; a new UUID
 * otherwise.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

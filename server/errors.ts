import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isTransientDatabaseError } from './db/transient.ts';

/**
 * A failure whose message is safe and useful to show the user; `code`, when given, is a
 * stable name for it that clients and tests can rely on while the words change.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found', code?: string) {
    super(404, message, code);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please log in.') {
    super(401, message);
  }
}
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code?: string,
  ) {
    super(429, message, code);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, code?: string) {
    super(409, message, code);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Forbidden', code?: string) {
    super(403, message, code);
  }
}
export class Invalid extends AppError {
  constructor(message: string, code?: string) {
    super(400, message, code);
  }
}

/** What a client is asked to wait while the database is out of reach. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
export const UNAVAILABLE_MESSAGE =
  'Rith cannot reach its database right now. Please try again in a moment.';

/** One place maps every failure to `{ error }`; nothing internal (stack, SQL) leaves it. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof TooManyRequests) reply.header('retry-after', err.retryAfterSeconds);
    if (err instanceof AppError) {
      const body = err.code ? { error: err.message, code: err.code } : { error: err.message };
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message ?? 'Invalid request';
      return reply.status(400).send({ error: field ? `${field}: ${message}` : message });
    }
    // An outage, not a fault of the request: 503 and when to try again, so a browser, the
    // timing room's agent or a load balancer (nginx's proxy_next_upstream) can retry.
    if (isTransientDatabaseError(err)) {
      request.log.warn({ err }, 'database out of reach');
      return reply
        .status(503)
        .header('retry-after', UNAVAILABLE_RETRY_AFTER_S)
        .send({ error: UNAVAILABLE_MESSAGE, code: 'unavailable' });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ error: err.message });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong. Please try again.' });
  });
}

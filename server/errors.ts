import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../shared/errorCodes.ts';
import type { ApiError } from '../shared/schemas/error.ts';
import { isTransientDatabaseError } from './db/transient.ts';

/**
 * A failure whose message is safe and useful to show the user; `code` is its stable name
 * (shared/errorCodes.ts), which clients and tests rely on while the words change. Each kind
 * has a general code; a refusal a client must tell apart gets its own.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode,
    /** What the client needs beside the words to resolve it (a clash's stored side). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found', code: ErrorCode = 'not_found') {
    super(404, message, code);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please log in.', code: ErrorCode = 'unauthorized') {
    super(401, message, code);
  }
}
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code: ErrorCode = 'too_many_requests',
  ) {
    super(429, message, code);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message: string, code: ErrorCode = 'payload_too_large') {
    super(413, message, code);
  }
}
export class Conflict extends AppError {
  constructor(message: string, code: ErrorCode = 'conflict', details?: Record<string, unknown>) {
    super(409, message, code, details);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Forbidden', code: ErrorCode = 'forbidden') {
    super(403, message, code);
  }
}
export class Invalid extends AppError {
  constructor(message: string, code: ErrorCode = 'invalid') {
    super(400, message, code);
  }
}

/** The code of a refusal that did not come from our code (Fastify, its plugins, Node). */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  // @fastify/multipart's answer to a request that is not multipart.
  406: 'unsupported_media_type',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'headers_too_large',
  503: 'unavailable',
};
export const codeOfStatus = (status: number): ErrorCode =>
  CODE_OF_STATUS[status] ?? (status < 500 ? 'invalid_request' : 'internal');

/** Every error response goes out through here: its words, its code, the request's id. */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): FastifyReply {
  const body: ApiError = { ...details, error: message, code, requestId: reply.request.id };
  return reply.status(status).header('x-request-id', reply.request.id).send(body);
}

/** What a client is asked to wait while the database is out of reach. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
export const UNAVAILABLE_MESSAGE =
  'Rith cannot reach its database right now. Please try again in a moment.';

const INTERNAL_MESSAGE = 'Something went wrong. Please try again.';

/**
 * One place maps every failure to `{ error, code, requestId }`; nothing internal (stack,
 * SQL) leaves it.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof TooManyRequests) reply.header('retry-after', err.retryAfterSeconds);
    if (err instanceof AppError) {
      return sendError(reply, err.statusCode, err.code, err.message, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message ?? 'Invalid request';
      return sendError(reply, 400, 'invalid_request', field ? `${field}: ${message}` : message);
    }
    // An outage, not a fault of the request: 503 and when to try again, so a browser, the
    // timing room's agent or a load balancer (nginx's proxy_next_upstream) can retry.
    if (isTransientDatabaseError(err)) {
      request.log.warn({ err }, 'database out of reach');
      reply.header('retry-after', UNAVAILABLE_RETRY_AFTER_S);
      return sendError(reply, 503, 'unavailable', UNAVAILABLE_MESSAGE);
    }
    // Fastify's and its plugins' refusals (a body too large, not JSON, not multipart).
    const status = err.statusCode ?? 500;
    if (status < 500) return sendError(reply, status, codeOfStatus(status), err.message);
    request.log.error({ err }, 'request failed');
    return sendError(reply, 500, 'internal', INTERNAL_MESSAGE);
  });
}

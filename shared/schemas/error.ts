import { z } from 'zod';
import { ErrorCode } from '../errorCodes.ts';

/**
 * Every failed call answers with this body: the client shows `error`, decides by `code`,
 * and `requestId` (also the `x-request-id` header) finds the request's lines in the log.
 */
export const ApiError = z.object({ error: z.string(), code: ErrorCode, requestId: z.string() });
export type ApiError = z.infer<typeof ApiError>;

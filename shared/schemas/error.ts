import { z } from 'zod';

/** Every failed call answers with this body; the client shows `error`, `code` names it. */
export const ApiError = z.object({ error: z.string(), code: z.string().optional() });
export type ApiError = z.infer<typeof ApiError>;

import { z } from 'zod';

/** Every failed call answers with this body; the client shows `error`. */
export const ApiError = z.object({ error: z.string() });
export type ApiError = z.infer<typeof ApiError>;

import { z } from 'zod';
import { Round } from './enums.ts';

/** Meets in and out (server/exchange/): what an import answers, what an export is asked. */

export const ExchangeFormat = z.enum(['hytek', 'opentrack', 'csv']);
export type ExchangeFormat = z.infer<typeof ExchangeFormat>;

/** `?dryRun=1`: read the file and say what it would do, changing nothing. */
export const ImportQuery = z.object({
  dryRun: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** What the import did, or would do, to one of the file's races. */
export const ImportedEvent = z.object({
  /** The event it made or filled; null on a preview of one it would make. */
  eventId: z.string().nullable(),
  eventName: z.string(),
  round: Round,
  heat: z.number().int().positive().nullable(),
  change: z.enum(['created', 'updated', 'unchanged']),
  entries: z.number().int().nonnegative(),
  results: z.number().int().nonnegative(),
});
export type ImportedEvent = z.infer<typeof ImportedEvent>;

export const ImportAnswer = z.object({
  dryRun: z.boolean(),
  format: ExchangeFormat,
  /** The file's races (events, heats and flights), athletes, entries and result rows. */
  events: z.number().int().nonnegative(),
  athletes: z.number().int().nonnegative(),
  entries: z.number().int().nonnegative(),
  results: z.number().int().nonnegative(),
  warnings: z.array(z.string()),
  /** Per race, in the file's order. */
  outcomes: z.array(ImportedEvent),
});
export type ImportAnswer = z.infer<typeof ImportAnswer>;

export const ExportQuery = z.object({ format: ExchangeFormat });

/** Marks the competition's results final for the federation, or takes the mark back. */
export const ResultsFinalInput = z.object({ final: z.boolean() });

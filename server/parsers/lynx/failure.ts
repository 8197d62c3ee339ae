import { failed, parsed } from '../types.ts';
import type { ParseFailure, ParseResult, ParseWarning } from '../types.ts';

/**
 * A reason to reject the file, raised deep inside a parser and turned into a ParseFailure at
 * its boundary: the line readers stay plain functions instead of threading results through
 * every cell.
 */
class LynxError extends Error {
  constructor(readonly failure: Omit<ParseFailure, 'file'>) {
    super(failure.reason);
  }
}

export function reject(reason: string, row?: number, column?: string): never {
  throw new LynxError({
    reason,
    ...(row !== undefined && { row }),
    ...(column !== undefined && { column }),
  });
}

/** Tells the operator about something a parser read around rather than refused. */
export type Warn = (row: number | undefined, reason: string) => void;

/**
 * Runs a parser so that nothing escapes it: every exception becomes a failure of the file,
 * and what it warned about travels with its rows.
 */
export function guard<T>(file: string, parse: (warn: Warn) => T): ParseResult<T> {
  const warnings: ParseWarning[] = [];
  const warn: Warn = (row, reason) =>
    warnings.push({ file, reason, ...(row !== undefined && { row }) });
  try {
    return parsed(parse(warn), warnings);
  } catch (error) {
    if (error instanceof LynxError) return failed({ file, ...error.failure });
    const detail = error instanceof Error ? error.message : String(error);
    return failed({ file, reason: `could not read the file: ${detail}` });
  }
}

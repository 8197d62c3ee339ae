import { failed, parsed } from '../types.ts';
import type { ParseFailure, ParseResult } from '../types.ts';

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

/** Runs a parser so that nothing escapes it: every exception becomes a failure of the file. */
export function guard<T>(file: string, parse: () => T): ParseResult<T> {
  try {
    return parsed(parse());
  } catch (error) {
    if (error instanceof LynxError) return failed({ file, ...error.failure });
    const detail = error instanceof Error ? error.message : String(error);
    return failed({ file, reason: `could not read the file: ${detail}` });
  }
}

import { failed } from '../types.ts';
import type { ParsedEvent, ParseResult } from '../types.ts';
import { eventsOf } from './events.ts';
import { readXml } from './readXml.ts';

const failure = (fileName: string, error: unknown): ParseResult<never> =>
  failed({
    file: fileName,
    reason: `could not read the XML (${error instanceof Error ? error.message : String(error)})`,
  });

/** Results of one or more events (races, heats, flights) from a meet-management export. */
export function parseResultsXml(bytes: Uint8Array, fileName: string): ParseResult<ParsedEvent[]> {
  try {
    const root = readXml(bytes, fileName);
    return root.ok ? eventsOf(root.value, fileName, false) : root;
  } catch (error) {
    return failure(fileName, error);
  }
}

/** Start lists of one or more events; any place or time in the file is ignored. */
export function parseStartListXml(bytes: Uint8Array, fileName: string): ParseResult<ParsedEvent[]> {
  try {
    const root = readXml(bytes, fileName);
    return root.ok ? eventsOf(root.value, fileName, true) : root;
  } catch (error) {
    return failure(fileName, error);
  }
}

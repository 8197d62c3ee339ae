import type { EventType } from '../domain.ts';
import type { UploadFormat } from '../uploadRules.ts';
import {
  parsed,
  type ParseFailure,
  type ParseResult,
  type ParsedEvent,
  type Person,
  type ScheduleEntry,
  type TimetableEntry,
} from './types.ts';
import { parseEvt, parseLff, parseLif, parsePpl, parseSch } from './lynx/index.ts';
import {
  parseFieldResultsXlsx,
  parseStartListXlsx,
  parseTimetableXlsx,
  parseTrackResultsXlsx,
} from './xlsx/index.ts';
import { parseResultsXml, parseStartListXml, parseTimetableXml } from './xml/index.ts';

export interface UploadedFile {
  name: string;
  format: UploadFormat;
  bytes: Uint8Array;
}

export interface ParseJob {
  target: 'results' | 'start_list' | 'timetable' | 'lynx_batch';
  /** The event's type, for spreadsheets whose columns differ for field events. */
  eventType: EventType | null;
  files: UploadedFile[];
}

export type ParseOutput =
  | { ok: true; target: 'results' | 'start_list'; format: UploadFormat; events: ParsedEvent[] }
  | { ok: true; target: 'timetable'; format: UploadFormat; entries: TimetableEntry[] }
  | {
      ok: true;
      target: 'lynx_batch';
      format: UploadFormat;
      startLists: ParsedEvent[];
      results: ParsedEvent[];
      schedule: ScheduleEntry[];
      people: Person[];
    }
  | { ok: false; format: UploadFormat; error: ParseFailure };

const one = (r: ParseResult<ParsedEvent>): ParseResult<ParsedEvent[]> =>
  r.ok ? parsed([r.value]) : r;

function parseEvents(
  target: 'results' | 'start_list',
  eventType: EventType | null,
  file: UploadedFile,
): ParseResult<ParsedEvent[]> {
  const { bytes, name } = file;
  switch (file.format) {
    case 'xlsx':
      if (target === 'start_list') return one(parseStartListXlsx(bytes, name));
      return one(
        eventType === 'JUMP'
          ? parseFieldResultsXlsx(bytes, name)
          : parseTrackResultsXlsx(bytes, name),
      );
    case 'xml':
      return target === 'start_list'
        ? parseStartListXml(bytes, name)
        : parseResultsXml(bytes, name);
    case 'lif':
      return one(parseLif(bytes, name));
    case 'lff':
      return one(parseLff(bytes, name));
    case 'evt':
      return parseEvt(bytes, name);
    default:
      return {
        ok: false,
        error: {
          file: name,
          reason: `a .${file.format} file holds no ${target === 'results' ? 'results' : 'start list'}`,
        },
      };
  }
}

function parseBatch(files: UploadedFile[]): ParseOutput {
  const out = {
    ok: true as const,
    target: 'lynx_batch' as const,
    format: 'lif' as UploadFormat,
    startLists: [] as ParsedEvent[],
    results: [] as ParsedEvent[],
    schedule: [] as ScheduleEntry[],
    people: [] as Person[],
  };
  for (const file of files) {
    const fail = (error: ParseFailure): ParseOutput => ({ ok: false, format: file.format, error });
    switch (file.format) {
      case 'evt': {
        const r = parseEvt(file.bytes, file.name);
        if (!r.ok) return fail(r.error);
        out.startLists.push(...r.value);
        break;
      }
      case 'sch': {
        const r = parseSch(file.bytes, file.name);
        if (!r.ok) return fail(r.error);
        out.schedule.push(...r.value);
        break;
      }
      case 'ppl': {
        const r = parsePpl(file.bytes, file.name);
        if (!r.ok) return fail(r.error);
        out.people.push(...r.value);
        break;
      }
      case 'lif':
      case 'lff': {
        const r =
          file.format === 'lif' ? parseLif(file.bytes, file.name) : parseLff(file.bytes, file.name);
        if (!r.ok) return fail(r.error);
        out.results.push(r.value);
        break;
      }
      default:
        return fail({
          file: file.name,
          reason: 'not a FinishLynx file (lynx.evt, lynx.sch, lynx.ppl, .lif or .lff)',
        });
    }
  }
  return out;
}

/**
 * Every upload's parse, bytes in and plain data out: what the sandboxed thread runs. It
 * never throws; anything unexpected is a failure of the file that caused it.
 */
export function parseUpload(job: ParseJob): ParseOutput {
  const first = job.files[0];
  if (!first)
    return { ok: false, format: 'xlsx', error: { file: '(none)', reason: 'no file was sent' } };
  try {
    if (job.target === 'lynx_batch') return parseBatch(job.files);
    if (job.target === 'timetable') {
      const r =
        first.format === 'xml'
          ? parseTimetableXml(first.bytes, first.name)
          : parseTimetableXlsx(first.bytes, first.name);
      return r.ok
        ? { ok: true, target: 'timetable', format: first.format, entries: r.value }
        : { ok: false, format: first.format, error: r.error };
    }
    const r = parseEvents(job.target, job.eventType, first);
    return r.ok
      ? { ok: true, target: job.target, format: first.format, events: r.value }
      : { ok: false, format: first.format, error: r.error };
  } catch (err) {
    return {
      ok: false,
      format: first.format,
      error: {
        file: first.name,
        reason: err instanceof Error ? err.message : 'the file could not be read',
      },
    };
  }
}

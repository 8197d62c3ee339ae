import type { EventType } from '../../shared/domain.ts';
import type { UploadFormat } from '../../shared/uploadRules.ts';
import { fileRowCapRefusal, timetableCapRefusal } from '../../shared/rowCap.ts';
import {
  parsed,
  type ParseFailure,
  type ParseResult,
  type ParseWarning,
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

/** One file of a FinishLynx batch, parsed on its own: a bad file never stops the others. */
export type BatchFile = { name: string; format: UploadFormat } & (
  | {
      ok: true;
      contents: 'start_list' | 'results';
      events: ParsedEvent[];
      warnings: ParseWarning[];
    }
  | { ok: true; contents: 'schedule'; schedule: ScheduleEntry[]; warnings: ParseWarning[] }
  | { ok: true; contents: 'people'; people: Person[]; warnings: ParseWarning[] }
  | { ok: false; error: ParseFailure }
);

export type ParseOutput =
  | {
      ok: true;
      target: 'results' | 'start_list';
      format: UploadFormat;
      events: ParsedEvent[];
      warnings: ParseWarning[];
    }
  | {
      ok: true;
      target: 'timetable';
      format: UploadFormat;
      entries: TimetableEntry[];
      warnings: ParseWarning[];
    }
  | { ok: true; target: 'lynx_batch'; format: UploadFormat; files: BatchFile[] }
  | { ok: false; format: UploadFormat; error: ParseFailure };

const one = (r: ParseResult<ParsedEvent>): ParseResult<ParsedEvent[]> =>
  r.ok ? parsed([r.value], r.warnings) : r;

/**
 * The row cap (shared/rowCap.ts) on every event of a file: one over it fails the file whole,
 * so none of its events is written and nothing reaches the spectators. (The XML and
 * FinishLynx readers check it too, before building rows they would only throw away.)
 */
function withinRowCap(file: string, r: ParseResult<ParsedEvent[]>): ParseResult<ParsedEvent[]> {
  if (!r.ok) return r;
  for (const event of r.value) {
    const refusal = fileRowCapRefusal(event, event.rows.length);
    if (refusal !== null) return { ok: false, error: { file, reason: refusal } };
  }
  return r;
}

function parseEvents(
  target: 'results' | 'start_list',
  eventType: EventType | null,
  file: UploadedFile,
): ParseResult<ParsedEvent[]> {
  return withinRowCap(file.name, readEvents(target, eventType, file));
}

function readEvents(
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

/** A FinishLynx file of a batch: what it holds, or why it cannot be used. */
function parseBatchFile(file: UploadedFile): BatchFile {
  const { name, format, bytes } = file;
  const head = { name, format };
  try {
    switch (format) {
      case 'evt': {
        const r = withinRowCap(name, parseEvt(bytes, name));
        return r.ok
          ? { ...head, ok: true, contents: 'start_list', events: r.value, warnings: r.warnings }
          : { ...head, ok: false, error: r.error };
      }
      case 'lif':
      case 'lff': {
        const r = withinRowCap(
          name,
          one(format === 'lif' ? parseLif(bytes, name) : parseLff(bytes, name)),
        );
        return r.ok
          ? { ...head, ok: true, contents: 'results', events: r.value, warnings: r.warnings }
          : { ...head, ok: false, error: r.error };
      }
      case 'sch': {
        const r = parseSch(bytes, name);
        return r.ok
          ? { ...head, ok: true, contents: 'schedule', schedule: r.value, warnings: r.warnings }
          : { ...head, ok: false, error: r.error };
      }
      case 'ppl': {
        const r = parsePpl(bytes, name);
        return r.ok
          ? { ...head, ok: true, contents: 'people', people: r.value, warnings: r.warnings }
          : { ...head, ok: false, error: r.error };
      }
      default:
        return {
          ...head,
          ok: false,
          error: {
            file: name,
            reason: 'not a FinishLynx file (lynx.evt, lynx.sch, lynx.ppl, .lif or .lff)',
          },
        };
    }
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'the file could not be read';
    return { ...head, ok: false, error: { file: name, reason } };
  }
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
    if (job.target === 'lynx_batch') {
      return {
        ok: true,
        target: 'lynx_batch',
        format: first.format,
        files: job.files.map(parseBatchFile),
      };
    }
    if (job.target === 'timetable') {
      const r =
        first.format === 'xml'
          ? parseTimetableXml(first.bytes, first.name)
          : parseTimetableXlsx(first.bytes, first.name);
      const refusal = r.ok ? timetableCapRefusal(r.value.length) : null;
      if (refusal !== null) {
        return { ok: false, format: first.format, error: { file: first.name, reason: refusal } };
      }
      return r.ok
        ? {
            ok: true,
            target: 'timetable',
            format: first.format,
            entries: r.value,
            warnings: r.warnings,
          }
        : { ok: false, format: first.format, error: r.error };
    }
    const r = parseEvents(job.target, job.eventType, first);
    return r.ok
      ? {
          ok: true,
          target: job.target,
          format: first.format,
          events: r.value,
          warnings: r.warnings,
        }
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

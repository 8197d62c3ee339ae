import type { FileType } from './domain.ts';
import type { UploadFileReport, UploadStatus } from './schemas/upload.ts';

/**
 * Which files each upload takes, the type locks of an event's files, and the words for
 * each outcome: one copy, which the admin's forms check a
 * file with before sending it and the server checks again, by name and by bytes.
 */
export type UploadTarget = 'results' | 'start_list' | 'timetable';
export type UploadFormat = 'xlsx' | 'xml' | 'lif' | 'lff' | 'evt' | 'sch' | 'ppl';
type ChosenType = Exclude<FileType, 'NONE'>;

const extensionOf = (fileName: string): string => {
  const name = fileName.trim().toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1);
};

export function formatOfName(fileName: string): UploadFormat | null {
  const ext = extensionOf(fileName);
  if (ext === 'xlsx' || ext === 'xml' || ext === 'lif' || ext === 'lff') return ext;
  if (ext === 'evt' || ext === 'sch' || ext === 'ppl') return ext;
  return null;
}

const accepted: Record<UploadTarget, Record<ChosenType, UploadFormat[]>> = {
  results: { MANUAL: ['xlsx'], LYNX_MEET_MANAGMENT: ['xlsx', 'xml', 'lif', 'lff'] },
  start_list: { MANUAL: ['xlsx'], LYNX_MEET_MANAGMENT: ['xlsx', 'xml', 'evt'] },
  timetable: { MANUAL: ['xlsx'], LYNX_MEET_MANAGMENT: ['xlsx', 'xml'] },
};

const refusal: Record<UploadTarget, Record<ChosenType, string>> = {
  results: {
    MANUAL: 'Unsupported file type. Please upload a .xml or .xlsx file.',
    LYNX_MEET_MANAGMENT: 'Unsupported file type. Please upload a .xml or .xlsx file.',
  },
  start_list: {
    MANUAL: 'Only .xlsx files are supported for manual start lists.',
    LYNX_MEET_MANAGMENT: 'Only .xlsx or .xml files are supported.',
  },
  timetable: {
    MANUAL: 'Only .xlsx files are supported for manual timetables.',
    LYNX_MEET_MANAGMENT: 'Only .xlsx or .xml files are supported.',
  },
};

/** Why the file may not be used here, in the words the admin sees, or null when it may. */
export function uploadRefusal(
  target: UploadTarget,
  type: ChosenType,
  fileName: string,
): string | null {
  const format = formatOfName(fileName);
  return format && accepted[target][type].includes(format) ? null : refusal[target][type];
}

/** The file picker's `accept` for an upload area: the same list the refusal checks. */
export function uploadAccept(target: UploadTarget, type: ChosenType): string {
  return accepted[target][type].map((format) => `.${format}`).join(',');
}

/** FinishLynx files a batch upload takes: the meet's files and each race's results. */
export const LYNX_BATCH_FORMATS: readonly UploadFormat[] = ['evt', 'sch', 'ppl', 'lif', 'lff'];
export const LYNX_BATCH_ACCEPT = LYNX_BATCH_FORMATS.map((format) => `.${format}`).join(',');
export const LYNX_BATCH_REFUSAL =
  'Only FinishLynx files are supported: lynx.evt, lynx.sch, lynx.ppl, .lif and .lff.';

/** Null when a batch may take the file, else why not. */
export function lynxBatchRefusal(fileName: string): string | null {
  const format = formatOfName(fileName);
  return format && LYNX_BATCH_FORMATS.includes(format) ? null : LYNX_BATCH_REFUSAL;
}

export const RESULTS_TYPE_LOCKED =
  'Delete the results file and save before changing the results file type.';
export const START_LIST_TYPE_LOCKED =
  'Delete the start list and save before changing the start list type.';

/**
 * Once an event has a saved results file or start list, its type stays until the file is
 * deleted and the event saved: the message when `wanted` would change it,
 * else null.
 */
export function typeLockRefusal(
  kind: 'results' | 'start_list',
  stored: { rows: number; type: FileType },
  wanted: FileType,
): string | null {
  if (!typeLocked(stored) || wanted === 'NONE' || wanted === stored.type) return null;
  return kind === 'results' ? RESULTS_TYPE_LOCKED : START_LIST_TYPE_LOCKED;
}

/** Whether a saved file holds its type: it has rows, of a type other than NONE. */
export function typeLocked(stored: { rows: number; type: FileType }): boolean {
  return stored.rows > 0 && stored.type !== 'NONE';
}

/** Deleting an event's results file puts it back to upcoming: it has no results to show. */
export const STATUS_WITHOUT_RESULTS = 'upcoming';

export function successMessage(target: UploadTarget, format: UploadFormat): string {
  if (target === 'start_list') {
    if (format === 'xlsx') return 'Start List XLSX parsed successfully!';
    if (format === 'xml') return 'Start List XML parsed successfully!';
    return 'Start List parsed successfully!';
  }
  if (target === 'timetable') return 'Timetable parsed successfully!';
  if (format === 'xlsx') return 'Results XLSX parsed successfully!';
  if (format === 'xml') return 'Results XML parsed successfully!';
  return 'Results parsed successfully!';
}

const contentWords = {
  start_list: 'Start List',
  results: 'Results',
  schedule: 'Schedule',
  people: 'Athletes',
  timetable: 'Timetable',
} as const;

/**
 * A batch's outcome, naming what it held: "Start List parsed successfully!", "Start List and
 * Results parsed successfully!", with how many files were refused when some were.
 */
export function batchMessage(
  applied: readonly (keyof typeof contentWords)[],
  refused: number,
  total: number,
): string {
  const order = Object.keys(contentWords) as (keyof typeof contentWords)[];
  const words = order.filter((kind) => applied.includes(kind)).map((kind) => contentWords[kind]);
  const what = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0];
  if (what === undefined) {
    return total === 1
      ? 'The file could not be used.'
      : `None of the ${total} files could be used.`;
  }
  const done = `${what} parsed successfully!`;
  if (refused === 0) return done;
  return `${done} ${refused} of ${total} files could not be used.`;
}

export function failureMessage(format: UploadFormat): string {
  if (format === 'xlsx') return 'Failed to parse XLSX file.';
  if (format === 'xml') return 'Failed to parse XML file.';
  return 'Failed to parse FinishLynx file.';
}

/** Why a file was not used when a newer upload of the same event was published before it. */
export const SUPERSEDED_REASON =
  'A newer file for the same event was already published, so this one was not used.';

/**
 * An upload none of whose files was used only because newer files for the same events were
 * published first. Nothing failed and nothing is to be fixed: the admin is shown it as
 * superseded. Its status stays `failed`, which every client (the timing room agent too)
 * takes as final.
 */
export function isSuperseded(
  status: UploadStatus,
  files: readonly Pick<UploadFileReport, 'outcome' | 'superseded'>[],
): boolean {
  const refused = files.filter((file) => file.outcome === 'refused');
  return status === 'failed' && refused.length > 0 && refused.every((file) => file.superseded);
}

import type { FileType } from '../../../shared/domain.ts';

/**
 * Which files the admin forms take (spec section 5). The pickers also say so in `accept`,
 * but a file can still be dropped or picked with "All files", so each choice is checked.
 */

export const IMAGE_ONLY_MESSAGE = 'Only image files are supported.';
export const PDF_ONLY_MESSAGE = 'Only PDF files are supported.';
export const TIMETABLE_MANUAL_MESSAGE = 'Only .xlsx files are supported for manual timetables.';
export const TIMETABLE_MESSAGE = 'Only .xlsx or .xml files are supported.';

export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

export function isSupportedImage(file: File): boolean {
  // Some systems report no type for a file; then its name decides.
  return file.type ? IMAGE_TYPES.has(file.type) : IMAGE_EXTENSIONS.test(file.name);
}

export function isPdf(file: File): boolean {
  return file.type === 'application/pdf';
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** A manual timetable is the .xlsx template; Lynx Meet Management exports .xlsx or .xml. */
export function timetableAccept(type: FileType): string {
  return type === 'MANUAL' ? '.xlsx' : '.xlsx,.xml';
}

/** Null when the file fits the timetable type, else the message to show. */
export function timetableFileError(file: File, type: FileType): string | null {
  const extension = extensionOf(file.name);
  if (type === 'MANUAL') return extension === 'xlsx' ? null : TIMETABLE_MANUAL_MESSAGE;
  return extension === 'xlsx' || extension === 'xml' ? null : TIMETABLE_MESSAGE;
}

/* Results, start lists and FinishLynx files (spec section 5). Checked before anything is
   sent, so a wrong file is refused at once instead of after an upload; the server applies
   the same rules again. Names are matched on their extension: a TIFF or PNG chosen as a
   spreadsheet is refused by it. */

export const RESULTS_FILE_MESSAGE = 'Unsupported file type. Please upload a .xml or .xlsx file.';
export const START_LIST_MANUAL_MESSAGE = 'Only .xlsx files are supported for manual start lists.';
export const START_LIST_MESSAGE = 'Only .xlsx or .xml files are supported.';
/** Not in the spec (it has no FinishLynx batch screen); worded like its other messages. */
export const LYNX_FILES_MESSAGE =
  'Only lynx.evt, lynx.sch, lynx.ppl, .lif or .lff files are supported.';

type UploadType = Exclude<FileType, 'NONE'>;

/** The FinishLynx meet files, which have fixed names. */
const LYNX_MEET_FILES = new Set(['lynx.evt', 'lynx.sch', 'lynx.ppl']);
/** FinishLynx result files: one per race (.lif) or per field event (.lff). */
const LYNX_RESULT_EXTENSIONS = new Set(['lif', 'lff']);

const baseName = (name: string) => name.split(/[\\/]/).pop()?.toLowerCase() ?? '';

/** A manual results file is the .xlsx template; Lynx also takes .xml and FinishLynx files. */
export function resultsAccept(type: UploadType): string {
  return type === 'MANUAL' ? '.xlsx' : '.xlsx,.xml,.lif,.lff';
}

export function resultsFileError(file: { name: string }, type: UploadType): string | null {
  const extension = extensionOf(file.name);
  if (extension === 'xlsx') return null;
  if (type !== 'MANUAL' && (extension === 'xml' || LYNX_RESULT_EXTENSIONS.has(extension))) {
    return null;
  }
  return RESULTS_FILE_MESSAGE;
}

/** Lynx start lists also come as the meet's lynx.evt. */
export function startListAccept(type: UploadType): string {
  return type === 'MANUAL' ? '.xlsx' : '.xlsx,.xml,.evt';
}

export function startListFileError(file: { name: string }, type: UploadType): string | null {
  const extension = extensionOf(file.name);
  if (type === 'MANUAL') return extension === 'xlsx' ? null : START_LIST_MANUAL_MESSAGE;
  if (extension === 'xlsx' || extension === 'xml' || baseName(file.name) === 'lynx.evt') {
    return null;
  }
  return START_LIST_MESSAGE;
}

export const LYNX_ACCEPT = '.evt,.sch,.ppl,.lif,.lff';

/** Null when every file of a FinishLynx batch is one the server reads, else the message. */
export function lynxFilesError(files: readonly { name: string }[]): string | null {
  const fits = (name: string) =>
    LYNX_MEET_FILES.has(baseName(name)) || LYNX_RESULT_EXTENSIONS.has(extensionOf(name));
  return files.length > 0 && files.every((file) => fits(file.name)) ? null : LYNX_FILES_MESSAGE;
}

/** The sample files of spec section 5, served from client/public/templates/. */
export const templates = {
  timetable: { href: '/templates/manualTimeTable.xlsx', label: 'Timetable template' },
  startList: { href: '/templates/manualStartList.xlsx', label: 'Start list template' },
  trackResults: {
    href: '/templates/manualTrackEventResults.xlsx',
    label: 'Track results template',
  },
  fieldResults: {
    href: '/templates/manualFieldEventResults.xlsx',
    label: 'Field results template',
  },
} as const;

/** Jump (field) events record attempts, so they get the field results template. */
export const resultsTemplate = (eventType: string | null | undefined) =>
  eventType === 'JUMP' ? templates.fieldResults : templates.trackResults;

/** What an event's upload area says it takes; a NONE type disables it (spec section 4). */
export function eventFileNote(kind: 'results' | 'start_list', type: FileType): string {
  const what = kind === 'results' ? 'results file' : 'start list';
  if (type === 'NONE') return `Choose a ${what} type first.`;
  if (type === 'MANUAL') return `Manual ${what}: .xlsx`;
  return kind === 'results'
    ? 'Lynx Meet Management: .xlsx, .xml, .lif or .lff'
    : 'Lynx Meet Management: .xlsx, .xml or lynx.evt';
}

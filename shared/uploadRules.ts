import type { FileType } from './domain.ts';

/**
 * Which files each upload takes (spec section 5) and the words for each outcome. The admin
 * checks a file with these before sending it; the server checks again, by name and by bytes.
 */
export type UploadTarget = 'results' | 'start_list' | 'timetable';
export type UploadFormat = 'xlsx' | 'xml' | 'lif' | 'lff' | 'evt' | 'sch' | 'ppl';

export function formatOfName(fileName: string): UploadFormat | null {
  const name = fileName.trim().toLowerCase();
  const ext = name.slice(name.lastIndexOf('.') + 1);
  if (ext === 'xlsx' || ext === 'xml' || ext === 'lif' || ext === 'lff') return ext;
  if (ext === 'evt' || ext === 'sch' || ext === 'ppl') return ext;
  return null;
}

const accepted: Record<UploadTarget, Record<Exclude<FileType, 'NONE'>, UploadFormat[]>> = {
  results: { MANUAL: ['xlsx'], LYNX_MEET_MANAGMENT: ['xlsx', 'xml', 'lif', 'lff'] },
  start_list: { MANUAL: ['xlsx'], LYNX_MEET_MANAGMENT: ['xlsx', 'xml', 'evt'] },
  timetable: { MANUAL: ['xlsx'], LYNX_MEET_MANAGMENT: ['xlsx', 'xml'] },
};

const refusal: Record<UploadTarget, Record<Exclude<FileType, 'NONE'>, string>> = {
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

/** The spec's message when the file may not be used here, or null when it may. */
export function uploadRefusal(
  target: UploadTarget,
  type: Exclude<FileType, 'NONE'>,
  fileName: string,
): string | null {
  const format = formatOfName(fileName);
  return format && accepted[target][type].includes(format) ? null : refusal[target][type];
}

/** FinishLynx files a batch upload takes. */
export const LYNX_BATCH_FORMATS: readonly UploadFormat[] = ['evt', 'sch', 'ppl', 'lif', 'lff'];

export function successMessage(target: UploadTarget | 'lynx_batch', format: UploadFormat): string {
  if (target === 'start_list') {
    if (format === 'xlsx') return 'Start List XLSX parsed successfully!';
    if (format === 'xml') return 'Start List XML parsed successfully!';
    return 'Start list parsed successfully!';
  }
  if (target === 'timetable') return 'Timetable parsed successfully!';
  if (target === 'results' && format === 'xlsx') return 'Results XLSX parsed successfully!';
  if (target === 'results' && format === 'xml') return 'Results XML parsed successfully!';
  return 'Results parsed successfully!';
}

export function failureMessage(format: UploadFormat): string {
  if (format === 'xlsx') return 'Failed to parse XLSX file.';
  if (format === 'xml') return 'Failed to parse XML file.';
  return 'Failed to parse FinishLynx file.';
}

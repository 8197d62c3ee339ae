import type { FileType } from '../../../shared/domain.ts';

/**
 * The admin forms' image and PDF checks and the template links. Which results, start-list,
 * timetable and FinishLynx files an upload takes is shared/uploadRules.ts, the server's own
 * rules: the pickers say so in `accept`, but a file can still be dropped or picked with "All
 * files", so each choice is checked with them before anything is sent.
 */

export const IMAGE_ONLY_MESSAGE = 'Only image files are supported.';
export const PDF_ONLY_MESSAGE = 'Only PDF files are supported.';

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

/** The sample files an admin can download, served from client/public/templates/. */
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

/** What an event's upload area says it takes; a NONE type disables it. */
export function eventFileNote(kind: 'results' | 'start_list', type: FileType): string {
  const what = kind === 'results' ? 'results file' : 'start list';
  if (type === 'NONE') return `Choose a ${what} type first.`;
  if (type === 'MANUAL') return `Manual ${what}: .xlsx`;
  return kind === 'results'
    ? 'Lynx Meet Management: .xlsx, .xml, .lif or .lff'
    : 'Lynx Meet Management: .xlsx, .xml or lynx.evt';
}

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

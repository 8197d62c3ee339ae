import { inflateRawSync } from 'node:zlib';
import { failed, parsed } from './types.ts';
import type { ParseResult } from './types.ts';

/**
 * A guard against zip bombs, run on an .xlsx (a zip file) before SheetJS sees it. First the
 * central directory and local headers alone: a bomb is refused in microseconds, before
 * anything is inflated. SheetJS inflates each entry into a buffer of the size the entry's
 * local header declares; checking those declarations (and filling them in where a streaming
 * writer left them zero) is what bounds its memory. Then every entry is inflated once by
 * zlib, capped at its declared size: SheetJS's own inflater can loop forever on a corrupt
 * stream, so it only ever sees streams known to end at the size they declare.
 * Node only (node:zlib): uploads are parsed on the server.
 */

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the declared uncompressed sizes of all entries. */
  maxUncompressedBytes: number;
  /** Uncompressed over compressed size, per entry and for the whole archive. */
  maxRatio: number;
}

export const defaultZipLimits: ZipLimits = {
  maxEntries: 200,
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxRatio: 200,
};

/**
 * Small entries may compress far better than the ratio (an empty sheet, a styles part full
 * of repeats) without being a threat: the total size limit covers them.
 */
const RATIO_FLOOR_BYTES = 1024 * 1024;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_MARKER = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_DATA_DESCRIPTOR = 0x0008;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** What the first bytes say a non-zip file is, so the message can name it. */
function notAZip(bytes: Uint8Array): string {
  const starts = (...magic: number[]) => magic.every((byte, index) => bytes[index] === byte);
  const what = starts(0x89, 0x50, 0x4e, 0x47)
    ? 'a PNG image'
    : starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)
      ? 'a TIFF image'
      : starts(0xff, 0xd8, 0xff)
        ? 'a JPEG image'
        : starts(0x25, 0x50, 0x44, 0x46)
          ? 'a PDF'
          : starts(0xd0, 0xcf, 0x11, 0xe0)
            ? 'an old .xls or a password-protected workbook; save it as .xlsx without a password'
            : null;
  return `not a spreadsheet (.xlsx is a zip file${what ? `; this is ${what}` : ''})`;
}

const u16 = (view: DataView, at: number) => view.getUint16(at, true);
const u32 = (view: DataView, at: number) => view.getUint32(at, true);

/** The end-of-central-directory record: the last one in the file, within the comment range. */
function findEndOfCentralDirectory(view: DataView): number | null {
  const last = view.byteLength - EOCD_SIZE;
  const first = Math.max(0, last - MAX_COMMENT);
  for (let at = last; at >= first; at--) {
    if (u32(view, at) === EOCD_SIGNATURE) return at;
  }
  return null;
}

type Check<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The central directory's entries, checked against the limits; local headers too. */
export function readZipEntries(
  bytes: Uint8Array,
  limits: ZipLimits = defaultZipLimits,
): Check<ZipEntry[]> {
  const refuse = (reason: string): Check<never> => ({ ok: false, reason });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < EOCD_SIZE || u32(view, 0) !== LOCAL_SIGNATURE) {
    return refuse(notAZip(bytes));
  }
  const eocd = findEndOfCentralDirectory(view);
  if (eocd === null) return refuse('not a spreadsheet (the zip file is incomplete)');

  const count = u16(view, eocd + 10);
  const directorySize = u32(view, eocd + 12);
  const directoryOffset = u32(view, eocd + 16);
  // ZIP64 is only needed past 65535 entries or 4 GB, far beyond any limit here.
  if (count === 0xffff || directoryOffset === ZIP64_MARKER || directorySize === ZIP64_MARKER) {
    return refuse('the spreadsheet is too large (ZIP64 archives are not accepted)');
  }
  if (count > limits.maxEntries) {
    return refuse(`the spreadsheet has too many parts (${count}; at most ${limits.maxEntries})`);
  }
  if (count === 0) return refuse('the spreadsheet is empty (the zip file has no entries)');
  if (directoryOffset + directorySize > eocd) {
    return refuse('the spreadsheet is damaged (bad zip central directory)');
  }

  const entries: ZipEntry[] = [];
  let totalUncompressed = 0;
  let totalCompressed = 0;
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > eocd || u32(view, at) !== CENTRAL_SIGNATURE) {
      return refuse('the spreadsheet is damaged (bad zip central directory)');
    }
    const flags = u16(view, at + 8);
    const method = u16(view, at + 10);
    const compressedSize = u32(view, at + 20);
    const uncompressedSize = u32(view, at + 24);
    const nameLength = u16(view, at + 28);
    const extraLength = u16(view, at + 30);
    const commentLength = u16(view, at + 32);
    const localHeaderOffset = u32(view, at + 42);
    const name = String.fromCharCode(...bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;

    if (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) {
      return refuse('the spreadsheet is encrypted; save it without a password');
    }
    if (method !== STORED && method !== DEFLATED) {
      return refuse(`the spreadsheet uses an unsupported zip compression (method ${method})`);
    }
    if (compressedSize === ZIP64_MARKER || uncompressedSize === ZIP64_MARKER) {
      return refuse('the spreadsheet is too large (ZIP64 archives are not accepted)');
    }
    totalUncompressed += uncompressedSize;
    totalCompressed += compressedSize;
    if (totalUncompressed > limits.maxUncompressedBytes) {
      return refuse(
        `the spreadsheet is too large when unpacked (more than ${limits.maxUncompressedBytes} bytes)`,
      );
    }
    if (
      uncompressedSize > RATIO_FLOOR_BYTES &&
      uncompressedSize > limits.maxRatio * Math.max(1, compressedSize)
    ) {
      return refuse(`the spreadsheet is suspiciously compressed (${name}); it may be a zip bomb`);
    }
    const local = checkLocalHeader(view, localHeaderOffset, directoryOffset, {
      method,
      compressedSize,
      uncompressedSize,
    });
    if (local) return refuse(local);
    entries.push({ name, method, flags, compressedSize, uncompressedSize, localHeaderOffset });
  }
  if (
    totalUncompressed > RATIO_FLOOR_BYTES &&
    totalUncompressed > limits.maxRatio * Math.max(1, totalCompressed)
  ) {
    return refuse('the spreadsheet is suspiciously compressed; it may be a zip bomb');
  }
  return { ok: true, value: entries };
}

/**
 * SheetJS sizes its inflate buffer from the local header, not the central directory, so the
 * two must agree; a local header may only leave them zero when a data descriptor follows.
 */
function checkLocalHeader(
  view: DataView,
  offset: number,
  directoryOffset: number,
  central: { method: number; compressedSize: number; uncompressedSize: number },
): string | null {
  const damaged = 'the spreadsheet is damaged (bad zip local header)';
  if (offset + 30 > directoryOffset || u32(view, offset) !== LOCAL_SIGNATURE) return damaged;
  const flags = u16(view, offset + 6);
  if (u16(view, offset + 8) !== central.method) return damaged;
  const compressedSize = u32(view, offset + 18);
  const uncompressedSize = u32(view, offset + 22);
  const deferred = (flags & FLAG_DATA_DESCRIPTOR) !== 0 && compressedSize === 0;
  if (!deferred && compressedSize !== central.compressedSize) return damaged;
  if (!deferred && uncompressedSize !== central.uncompressedSize) return damaged;
  if (offset + 30 + central.compressedSize > directoryOffset) return damaged;
  return null;
}

/**
 * Each entry's data inflates (or, stored, is) exactly to its declared size: zlib stops at
 * the declared size plus one byte, and on any corrupt or truncated stream.
 */
export function verifyEntryData(bytes: Uint8Array, entries: readonly ZipEntry[]): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    // Where SheetJS starts reading: after the local header's own name and extra field.
    const start = at + 30 + u16(view, at + 26) + u16(view, at + 28);
    const data = bytes.subarray(start, start + entry.compressedSize);
    if (data.byteLength !== entry.compressedSize) {
      return `the spreadsheet is damaged (${entry.name} is cut short)`;
    }
    if (entry.method === STORED) {
      if (entry.compressedSize !== entry.uncompressedSize) {
        return `the spreadsheet is damaged (${entry.name} has the wrong size)`;
      }
      continue;
    }
    let size: number;
    try {
      size = inflateRawSync(data, { maxOutputLength: entry.uncompressedSize + 1 }).byteLength;
    } catch {
      return `the spreadsheet is damaged or larger than it says (${entry.name})`;
    }
    if (size !== entry.uncompressedSize) {
      return `the spreadsheet is damaged (${entry.name} has the wrong size)`;
    }
  }
  return null;
}

/** Entries that passed both checks, or the reason to refuse the file. */
export function checkedZipEntries(
  bytes: Uint8Array,
  limits: ZipLimits = defaultZipLimits,
): Check<ZipEntry[]> {
  const entries = readZipEntries(bytes, limits);
  if (!entries.ok) return entries;
  const data = verifyEntryData(bytes, entries.value);
  return data === null ? entries : { ok: false, reason: data };
}

/** Refuses what is not a zip, or a zip that would unpack beyond the limits or is corrupt. */
export function checkZip(
  bytes: Uint8Array,
  limits: ZipLimits = defaultZipLimits,
  fileName = 'file',
): ParseResult<void> {
  try {
    const entries = checkedZipEntries(bytes, limits);
    return entries.ok ? parsed(undefined) : failed({ file: fileName, reason: entries.reason });
  } catch (error) {
    return failed({ file: fileName, reason: `not a readable zip file (${String(error)})` });
  }
}

/**
 * A copy in which every local header declares the sizes the central directory gave. Streaming
 * writers (Java's, .NET's) leave them zero and put them in a data descriptor after the data;
 * SheetJS would then grow its buffer with whatever the stream inflates to. Declared sizes
 * make it allocate exactly what was checked. Only call on entries readZipEntries accepted.
 */
export function withDeclaredSizes(bytes: Uint8Array, entries: readonly ZipEntry[]): Uint8Array {
  const deferred = entries.filter((entry) => entry.flags & FLAG_DATA_DESCRIPTOR);
  if (deferred.length === 0) return bytes;
  // new Uint8Array copies; a Node Buffer's slice() would share (and so change) the caller's bytes.
  const copy = new Uint8Array(bytes);
  const view = new DataView(copy.buffer, copy.byteOffset, copy.byteLength);
  for (const entry of deferred) {
    const at = entry.localHeaderOffset;
    // Cleared, so SheetJS compares with the central directory instead of the descriptor.
    view.setUint16(at + 6, u16(view, at + 6) & ~FLAG_DATA_DESCRIPTOR, true);
    view.setUint32(at + 18, entry.compressedSize, true);
    view.setUint32(at + 22, entry.uncompressedSize, true);
  }
  return copy;
}

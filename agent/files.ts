/** Which files the agent publishes, in which order, and reading one whole. */
import { contentHash } from '../shared/lynxFiles.ts';
import { readFile, stat } from 'node:fs/promises';
import { sleep } from './time.ts';

/** Meet files Rith needs before results: events and start lists, schedule, athletes. */
const MEET_FILES = ['lynx.evt', 'lynx.sch', 'lynx.ppl'];

/** FinishLynx's meet files and its results (.lif) and FieldLynx's (.lff), in any case. */
export function isLynxFile(name: string): boolean {
  const lower = name.toLowerCase();
  return MEET_FILES.includes(lower) || lower.endsWith('.lif') || lower.endsWith('.lff');
}

/**
 * Meet files go before results, so a results file never arrives for an event Rith has not
 * heard of yet: 0, 1, 2 for the meet files, 3 for results.
 */
export function sendRank(name: string): number {
  const index = MEET_FILES.indexOf(name.toLowerCase());
  return index === -1 ? MEET_FILES.length : index;
}

export interface FileContent {
  bytes: Buffer;
  hash: string;
  /** When the file was last written, as read with these bytes. */
  mtimeMs: number;
}

const RETRYABLE = new Set(['EBUSY', 'EPERM', 'EACCES', 'EAGAIN']);

/**
 * The file's bytes as one consistent version: size and modification time are the same
 * before and after the read, so a write that starts while the agent reads is never sent half
 * done (the watcher sees that write and the file is read again once it settles). Windows may
 * refuse a read while FinishLynx holds the file locked for writing; that is waited out.
 * Null when the file is gone (or is not a file).
 */
export async function readWhole(path: string): Promise<FileContent | null> {
  let last: Omit<FileContent, 'hash'> | null = null;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    try {
      const before = await stat(path);
      if (!before.isFile()) return null;
      const bytes = await readFile(path);
      const after = await stat(path);
      last = { bytes, mtimeMs: after.mtimeMs };
      if (
        before.size === after.size &&
        before.mtimeMs === after.mtimeMs &&
        bytes.length === after.size
      ) {
        return { ...last, hash: contentHash(bytes) };
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
      if (!RETRYABLE.has(code ?? '')) throw error;
    }
    await sleep(50);
  }
  // Still changing after two seconds of trying: this version goes, and the next one will
  // follow when the watcher sees it settle.
  if (last) return { ...last, hash: contentHash(last.bytes) };
  throw new Error(`${path} stayed locked by another program`);
}

/**
 * FinishLynx ends every file it writes with a line break (CRLF, in UTF-16 too): a file
 * without one is still being written, over a network share or while an antivirus scan
 * holds it.
 */
export function endsWithLineBreak(bytes: Uint8Array): boolean {
  const n = bytes.length;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return n >= 4 && bytes[n - 2] === 0x0a && bytes[n - 1] === 0x00;
  }
  return n > 0 && bytes[n - 1] === 0x0a;
}

/**
 * The file as `content` read it, or, while that does not end with a line break, as it grows:
 * looked at every `checkMs` for up to `boundMs`. Past that, what is there (`finished` false),
 * and the watcher reports the next version as usual. Null when the file is gone, or still
 * empty: an empty file is never sent.
 */
export async function whenFinished(
  path: string,
  content: FileContent,
  wait: { boundMs: number; checkMs: number; signal?: AbortSignal },
): Promise<{ content: FileContent; finished: boolean } | null> {
  const deadline = Date.now() + wait.boundMs;
  let current = content;
  while (!endsWithLineBreak(current.bytes) && Date.now() < deadline && !wait.signal?.aborted) {
    await sleep(Math.min(wait.checkMs, deadline - Date.now()), wait.signal);
    let info;
    try {
      info = await stat(path);
    } catch {
      return null;
    }
    // Read again only once it has changed: a large file is not read over and over.
    if (info.size === current.bytes.length && info.mtimeMs === current.mtimeMs) continue;
    const again = await readWhole(path);
    if (!again) return null;
    current = again;
  }
  if (current.bytes.length === 0) return null;
  return { content: current, finished: endsWithLineBreak(current.bytes) };
}

/**
 * Waits until a file's size and modification time have not changed for `stableMs`: for the
 * files already in the folder at start, which the watcher reports at once, one of which
 * FinishLynx may be writing right now.
 */
export async function waitUntilStable(
  path: string,
  stableMs: number,
  pollMs: number,
  signal?: AbortSignal,
): Promise<void> {
  let previous = '';
  let since = Date.now();
  for (;;) {
    let current: string;
    try {
      const info = await stat(path);
      current = `${info.size}/${info.mtimeMs}`;
      // Untouched for longer than the threshold already: no need to watch it.
      if (previous === '' && Date.now() - info.mtimeMs > stableMs) return;
    } catch {
      return;
    }
    if (current !== previous) {
      previous = current;
      since = Date.now();
    } else if (Date.now() - since >= stableMs) {
      return;
    }
    if (signal?.aborted) return;
    await sleep(pollMs, signal);
  }
}

/**
 * The watched folder, as the agent reads it: by file name, only the folder's own regular
 * files (agent/ownFile.ts), each read as one consistent version. A file refused is said once,
 * with why, however often the watcher or the sender comes back to it.
 */
import { lstat, realpath, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { contentHash, lynxFileKey } from '../shared/lynxFiles.ts';
import { NotOwnFile, openOwnFile } from './ownFile.ts';
import type { Reporter } from './report.ts';
import { sleep } from './time.ts';

export interface FileContent {
  bytes: Buffer;
  hash: string;
  /** When the file was last written, as read with these bytes. */
  mtimeMs: number;
}

/** A file's size and last write, as the waits for it to be written compare them. */
interface FileLook {
  size: number;
  mtimeMs: number;
}

/** One read of a file; `whole` when nothing changed it while it was read. */
interface Version {
  bytes: Buffer;
  mtimeMs: number;
  whole: boolean;
}

/**
 * At most this many files are read and hashed at once (a meet folder can hold hundreds).
 * Only the reads count: a file waited for while it is written takes no place.
 */
const READ_CONCURRENCY = 8;

const RETRYABLE = new Set(['EBUSY', 'EPERM', 'EACCES', 'EAGAIN']);

function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await work();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

/** Reads the file from its start, never more than `size` bytes, however much it grows. */
async function readUpTo(handle: FileHandle, size: number): Promise<Buffer> {
  const bytes = Buffer.alloc(size);
  let filled = 0;
  while (filled < size) {
    const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return bytes.subarray(0, filled);
}

export class LynxFolder {
  private readonly limit = limiter(READ_CONCURRENCY);
  /** Per file, why it was last refused: said once, and again only for another reason. */
  private readonly refusals = new Map<string, string>();

  private constructor(
    /** The folder's real path, fixed at start: a link swapped in for it later leads nowhere. */
    readonly root: string,
    private readonly reporter: Reporter,
  ) {}

  static async open(folder: string, reporter: Reporter): Promise<LynxFolder> {
    return new LynxFolder(await realpath(folder), reporter);
  }

  /** Whether the file was refused when last read. */
  refuses(name: string): boolean {
    return this.refusals.has(lynxFileKey(name));
  }

  /** The entry's size and last write, a link's own: null when it is gone. */
  async look(name: string): Promise<FileLook | null> {
    try {
      const { size, mtimeMs } = await lstat(join(this.root, name));
      return { size, mtimeMs };
    } catch {
      return null;
    }
  }

  /**
   * The file's bytes as one consistent version: size and modification time are the same
   * before and after the read, so a write that starts while the agent reads is never sent
   * half done (the watcher sees that write and the file is read again once it settles).
   * Windows may refuse a read while FinishLynx holds the file locked for writing; that is
   * waited out. Null when the file is gone, or refused (said once).
   */
  async read(name: string): Promise<FileContent | null> {
    let last: Version | null = null;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      try {
        const version = await this.limit(() => this.readOnce(name));
        if (!version) return null;
        this.refusals.delete(lynxFileKey(name));
        last = version;
        if (version.whole) break;
      } catch (error) {
        if (error instanceof NotOwnFile) {
          this.refuse(name, error.message);
          return null;
        }
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTDIR' || code === 'EISDIR') return null;
        if (!RETRYABLE.has(code ?? '')) throw error;
      }
      await sleep(50);
    }
    if (!last) throw new Error(`${name} stayed locked by another program`);
    // Whole, or still changing after two seconds of trying: then this version goes, and the
    // next one will follow when the watcher sees it settle.
    return { bytes: last.bytes, mtimeMs: last.mtimeMs, hash: contentHash(last.bytes) };
  }

  private async readOnce(name: string): Promise<Version | null> {
    const file = await openOwnFile(this.root, name);
    if (!file) return null;
    try {
      const before = file.stats;
      const bytes = await readUpTo(file.handle, before.size);
      const after = await file.handle.stat();
      const whole =
        before.size === after.size &&
        before.mtimeMs === after.mtimeMs &&
        bytes.length === after.size;
      return { bytes, mtimeMs: after.mtimeMs, whole };
    } finally {
      await file.handle.close();
    }
  }

  private refuse(name: string, reason: string): void {
    const key = lynxFileKey(name);
    if (this.refusals.get(key) === reason) return;
    this.refusals.set(key, reason);
    this.reporter.step('skipped', `${name}: ${reason}`);
  }
}

/**
 * Opening a file of the watched folder, and nothing else. Whatever the agent reads it
 * publishes with a token that posts results, so a name shaped like a Lynx file must not lead
 * it out of the folder: a symbolic link (or a Windows junction) to /etc/passwd or to another
 * meet's heat, a hard link to a file kept elsewhere, a pipe or a device, or a file too large
 * for Rith (reading a 400 MB one whole took the agent to 2 GB of memory).
 *
 * The checks are made again on the open handle, which is what is read: it is opened without
 * following a link where the platform can, and confirmed to be the folder's entry of that
 * name at that moment, so a file swapped for a link between the look and the read is caught.
 */
import { constants, type Stats } from 'node:fs';
import { lstat, open, realpath, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * The most Rith takes of any FinishLynx file (lynx.evt and lynx.ppl; .lif and .lff at most
 * 2 MB, lynx.sch 1 MB: MAX_BYTES in server/uploads/intake.ts). A file between its own kind's
 * limit and this one is read and sent, and Rith refuses it saying why.
 */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** The name is not the folder's own regular file: it is never read; the message says why. */
export class NotOwnFile extends Error {}

/**
 * O_NOFOLLOW refuses a link in the last step of the path; O_NONBLOCK keeps a pipe swapped in
 * after the look from holding the open. Neither exists on Windows, where lstat finds a link
 * (and a junction) and the handle is checked all the same.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

const LINK = 'a link to a file elsewhere; the agent sends only files saved in its folder';

const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;

function refusal(stats: Stats): string | null {
  if (stats.isSymbolicLink()) return LINK;
  if (!stats.isFile()) return 'not a file';
  // FinishLynx writes each file under one name. A second name may be a link made to a file
  // outside the folder, which the file's own checks cannot tell from one made inside.
  if (stats.nlink > 1) {
    return `a hard link (one file with ${stats.nlink} names), maybe to a file elsewhere; save or copy it into the folder instead`;
  }
  if (stats.size > MAX_FILE_BYTES) {
    return `${megabytes(stats.size)}, larger than Rith takes (${megabytes(MAX_FILE_BYTES)}); not read`;
  }
  return null;
}

function check(stats: Stats): void {
  const reason = refusal(stats);
  if (reason) throw new NotOwnFile(reason);
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

interface OwnFile {
  handle: FileHandle;
  /** The open file's, as checked: its size is the most that is read. */
  stats: Stats;
}

/**
 * The folder's own regular file `name`, open for reading; null when there is none. `root` is
 * the folder's real path, taken when the agent started. Throws NotOwnFile when the name is
 * anything else, and an EAGAIN error when the entry was replaced while it was being opened
 * (read again like a file busy for a moment).
 */
export async function openOwnFile(root: string, name: string): Promise<OwnFile | null> {
  if (basename(name) !== name || name === '..') {
    throw new NotOwnFile('not the name of a file in the folder');
  }
  const path = join(root, name);
  let handle: FileHandle;
  try {
    // A look first: a link, a pipe or a file too large is not even opened.
    check(await lstat(path));
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    if (code(error) === 'ENOENT') return null;
    if (code(error) === 'ELOOP') throw new NotOwnFile(LINK);
    throw error;
  }
  try {
    const stats = await handle.stat();
    check(stats);
    // The folder itself, or a folder above it, swapped for a link since the agent started.
    const real = await realpath(path);
    if (dirname(real) !== root) throw new NotOwnFile('reached through a link to another folder');
    const entry = await lstat(real);
    if (entry.dev !== stats.dev || entry.ino !== stats.ino) {
      throw Object.assign(new Error(`${name} was replaced while it was being opened`), {
        code: 'EAGAIN',
      });
    }
    return { handle, stats };
  } catch (error) {
    await handle.close();
    if (code(error) === 'ENOENT') return null;
    throw error;
  }
}

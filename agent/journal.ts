/**
 * The agent's memory across crashes and restarts: per file, the content Rith last accepted
 * (its sha256) and what became of it, and the queue of files still to send. The journal is
 * always on disk whole, old or new, never half-written: it is written to a temporary file,
 * flushed to the disk, then renamed over the old one, which every file system does
 * atomically.
 *
 * Nothing is lost if the agent dies at any moment: at start every file whose content differs
 * from what Rith accepted is queued again (unless saved before today: agent/held.ts), and a
 * file that was queued or being sent is sent again (Rith answers "unchanged" if the first
 * send got through, so nothing is published twice).
 *
 * One journal per site and competition: pointed at another site or another competition's
 * token, the agent starts afresh.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { sleep } from './time.ts';

/** What became of the content Rith accepted: `sent` until the upload's outcome is known. */
export const FileOutcome = z.enum(['sent', 'published', 'unchanged', 'refused', 'failed']);
export type FileOutcome = z.infer<typeof FileOutcome>;

const AcceptedFile = z.object({
  /** The name as it is on disk (the key is the name in lower case). */
  name: z.string(),
  hash: z.string(),
  uploadId: z.string().nullable(),
  outcome: FileOutcome,
  /** "100m Men, heat 1: 8 results", or the reason Rith refused it. */
  detail: z.string().nullable(),
  at: z.string(),
});
export type AcceptedFile = z.infer<typeof AcceptedFile>;

const PendingFile = z.object({
  key: z.string(),
  name: z.string(),
  /** The content last seen on disk; the bytes sent are read (and hashed) again at send time. */
  hash: z.string(),
  state: z.enum(['queued', 'sending']),
  /** While sending: the hash of the bytes in the request. */
  sendingHash: z.string().nullable().default(null),
  /** Order in which files settled: results go to Rith in that order. */
  seq: z.number(),
  /** Send in a request of its own: its batch was refused, so the culprit is found alone. */
  alone: z.boolean().default(false),
});
export type PendingFile = z.infer<typeof PendingFile>;

const JournalData = z.object({
  version: z.literal(1),
  site: z.string(),
  competitionUic: z.number(),
  files: z.record(z.string(), AcceptedFile),
  pending: z.array(PendingFile),
  today: z.object({ day: z.string(), published: z.number() }),
});
export type JournalData = z.infer<typeof JournalData>;

/** The journal's file name: a hash of site and competition, so each pair has its own. */
export function journalFileName(site: string, competitionUic: number): string {
  const key = createHash('sha256').update(`${site.toLowerCase()}\n${competitionUic}`).digest('hex');
  return `journal-${key.slice(0, 16)}.json`;
}

/**
 * Writes `text` to `path` so that a crash at any moment leaves either the old file or the
 * new one. Windows refuses a rename over a file another program (an antivirus scan, a
 * backup) holds open for a moment, so the rename is retried briefly.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temporary = `${path}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      await rename(temporary, path);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 20 || (code !== 'EPERM' && code !== 'EACCES' && code !== 'EBUSY')) throw error;
      await sleep(25 * (attempt + 1));
    }
  }
  // The rename itself is durable once the directory is flushed; Windows cannot open a
  // directory for that (and its rename is durable on its own), so a failure here is fine.
  try {
    const directory = await open(join(path, '..'), 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
  } catch {
    // Not supported on this platform.
  }
}

export interface OpenedJournal {
  journal: Journal;
  /** Set when the journal on disk could not be read and was put aside under this name. */
  setAside: string | null;
}

export class Journal {
  private writing: Promise<void> | null = null;
  private dirty = false;

  private constructor(
    readonly path: string,
    readonly data: JournalData,
  ) {}

  /** Opens (or starts) the journal of this site and competition in `stateDir`. */
  static async open(
    stateDir: string,
    site: string,
    competitionUic: number,
  ): Promise<OpenedJournal> {
    await mkdir(stateDir, { recursive: true });
    const path = join(stateDir, journalFileName(site, competitionUic));
    // A temporary file left by a crash mid-write: the journal itself is intact.
    await rm(`${path}.tmp`, { force: true });
    const fresh: JournalData = {
      version: 1,
      site,
      competitionUic,
      files: {},
      pending: [],
      today: { day: '', published: 0 },
    };
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return { journal: new Journal(path, fresh), setAside: null };
      }
      throw error;
    }
    let parsed: ReturnType<typeof JournalData.safeParse>;
    try {
      parsed = JournalData.safeParse(JSON.parse(text));
    } catch {
      parsed = { success: false } as ReturnType<typeof JournalData.safeParse>;
    }
    if (parsed.success) {
      const data = parsed.data;
      // Renumbered so the files left over keep their order ahead of anything new.
      data.pending.sort((a, b) => a.seq - b.seq).forEach((item, index) => (item.seq = index));
      return { journal: new Journal(path, data), setAside: null };
    }
    // Only another program (or a person) can have damaged it: it is kept for a look, and the
    // agent starts afresh. Every file is then offered again and Rith answers "unchanged" for
    // what it already has, so nothing is published twice.
    const setAside = `${path}.unreadable-${Date.now()}`;
    await rename(path, setAside);
    return { journal: new Journal(path, fresh), setAside };
  }

  accepted(key: string): AcceptedFile | undefined {
    return this.data.files[key];
  }

  pendingItem(key: string): PendingFile | undefined {
    return this.data.pending.find((item) => item.key === key);
  }

  /** The most recent outcome of any file, for the status report after a restart. */
  lastAccepted(): AcceptedFile | null {
    let last: AcceptedFile | null = null;
    for (const file of Object.values(this.data.files)) if (!last || file.at > last.at) last = file;
    return last;
  }

  /** Files published today (the agent's local day). */
  publishedToday(day: string): number {
    return this.data.today.day === day ? this.data.today.published : 0;
  }

  countPublished(day: string): void {
    if (this.data.today.day !== day) this.data.today = { day, published: 0 };
    this.data.today.published += 1;
  }

  /**
   * Saves the journal as it is now. Writes never overlap, and calls made while one is under
   * way share the next write: the promise resolves once this call's state is on disk.
   */
  save(): Promise<void> {
    this.dirty = true;
    this.writing ??= this.drain();
    return this.writing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.dirty) {
        this.dirty = false;
        await writeFileAtomic(this.path, JSON.stringify(this.data));
      }
    } finally {
      this.writing = null;
    }
  }
}

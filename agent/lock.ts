/**
 * One agent per folder. Two agents on one folder (a second one started and forgotten, or one
 * on each of two PCs sharing the folder) would each send every file: the lock file lives in
 * the watched folder itself, so agents with different --state folders, or on different PCs,
 * still meet it. It is created atomically (only one `wx` open of a name succeeds), holds who
 * holds it, and is touched every `refreshMs` while its agent runs.
 *
 * A lock is abandoned, and taken over, when its agent is gone: on this PC, when its process
 * is no longer running; on any PC, when it has not been touched for `staleMs` (a crash, a
 * power cut, a PC that went away).
 */
import { open, readFile, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { clockTime, localDay } from './time.ts';

/** Not a Lynx file, so the watcher never reports it (agent/files.ts isLynxFile). */
export const LOCK_FILE = '.rith-agent.lock';

export interface LockTuning {
  refreshMs: number;
  staleMs: number;
}

export const DEFAULT_LOCK_TUNING: LockTuning = { refreshMs: 30_000, staleMs: 120_000 };

interface Holder {
  host: string;
  pid: number;
  startedAt: string;
}

/** Another agent holds the folder: the agent must not start. */
export class FolderLockedError extends Error {}

/** The lock could not be written (a read-only share): the agent runs without one. */
const READ_ONLY = new Set(['EACCES', 'EPERM', 'EROFS']);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return typeof value.host === 'string' &&
      typeof value.pid === 'number' &&
      typeof value.startedAt === 'string'
      ? { host: value.host, pid: value.pid, startedAt: value.startedAt }
      : null;
  } catch {
    return null;
  }
}

function refusal(folder: string, path: string, holder: Holder | null, now: Date): string {
  const after = 'Stop it first, or give this one another --folder.';
  if (!holder) {
    return `Another Rith agent is already watching ${folder} (its lock file ${path} is being written). ${after} If no other agent runs, delete that file.`;
  }
  const started = new Date(holder.startedAt);
  const time = clockTime(started).slice(0, 5);
  const since = localDay(started) === localDay(now) ? time : `${localDay(started)} ${time}`;
  return `Another Rith agent is already watching ${folder} (host ${holder.host}, PID ${holder.pid}, since ${since}). ${after}`;
}

export class FolderLock {
  private readonly timer: ReturnType<typeof setInterval>;

  private constructor(
    readonly path: string,
    private readonly mine: string,
    refreshMs: number,
  ) {
    // Touched, not rewritten: a rewrite could be read half done by an agent starting.
    this.timer = setInterval(() => {
      const now = new Date();
      utimes(this.path, now, now).catch(() => undefined);
    }, refreshMs);
    this.timer.unref();
  }

  /**
   * Takes the folder's lock; null when the folder cannot be written to (the agent then runs
   * without one). `tookOver` is told of an abandoned lock it replaces. Throws
   * FolderLockedError while another agent holds it.
   */
  static async acquire(
    folder: string,
    now: Date,
    tuning: LockTuning,
    tookOver: (message: string) => void,
  ): Promise<FolderLock | null> {
    const path = join(folder, LOCK_FILE);
    const mine = JSON.stringify({
      host: hostname(),
      pid: process.pid,
      startedAt: now.toISOString(),
    });
    // A few rounds: another agent may take or let go of the lock between two steps.
    for (let round = 0; round < 3; round += 1) {
      try {
        const handle = await open(path, 'wx');
        try {
          await handle.writeFile(mine, 'utf8');
        } finally {
          await handle.close();
        }
        return new FolderLock(path, mine, tuning.refreshMs);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (READ_ONLY.has(code)) return null;
        if (code !== 'EEXIST') throw error;
      }
      let text: string;
      let touchedMs: number;
      try {
        text = await readFile(path, 'utf8');
        touchedMs = (await stat(path)).mtimeMs;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const holder = readHolder(text);
      const stale = now.getTime() - touchedMs > tuning.staleMs;
      const gone = holder !== null && holder.host === hostname() && !isRunning(holder.pid);
      if (!stale && !gone) throw new FolderLockedError(refusal(folder, path, holder, now));
      const whose = holder ? ` (host ${holder.host}, PID ${holder.pid})` : '';
      tookOver(`${folder} was locked by an agent that is gone${whose}; taking the lock over.`);
      await rm(path, { force: true });
    }
    throw new FolderLockedError(refusal(folder, path, null, now));
  }

  /** Lets go of the folder, unless another agent has taken the lock over meanwhile. */
  async release(): Promise<void> {
    clearInterval(this.timer);
    try {
      if ((await readFile(this.path, 'utf8')) === this.mine) await rm(this.path, { force: true });
    } catch {
      // Already gone.
    }
  }
}

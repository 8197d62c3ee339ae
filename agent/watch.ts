/**
 * Watches the FinishLynx folder (its top level only) and reports each Lynx file once it is
 * completely written. FinishLynx writes a .lif in several pieces, so a file counts as written
 * when its size has not changed for `stabilityMs` (chokidar's awaitWriteFinish); a file
 * renamed into place is complete at once and settles as fast. The threshold is short because
 * the whole path from FinishLynx's last write to spectators must stay within a second.
 *
 * Links are reported as what they are, not followed (the agent refuses them when it reads,
 * agent/ownFile.ts): a link named like a Lynx file must not have its target watched.
 */
import { basename, resolve } from 'node:path';
import type { Stats } from 'node:fs';
import { watch } from 'chokidar';
import { isLynxFile } from './files.ts';

export interface WatchTuning {
  /** How long a file's size must stay the same before it counts as written. */
  stabilityMs: number;
  /** How often a file being written is checked. */
  checkMs: number;
  /** How often a polled folder (--poll) is listed. */
  pollMs: number;
  /**
   * How long a file without its closing line break is waited for (agent/settle.ts
   * whenFinished) before what is there is sent.
   */
  unfinishedMs: number;
}

export const DEFAULT_WATCH_TUNING: WatchTuning = {
  stabilityMs: 200,
  checkMs: 50,
  pollMs: 250,
  unfinishedMs: 3000,
};

export interface WatchEvents {
  /**
   * A Lynx file is written. `initial`: it was there when watching started; those are
   * reported at once, before `ready`, without waiting for their writes to finish.
   */
  file: (name: string, initial: boolean) => void;
  /** Every file already in the folder has been reported. */
  ready: () => void;
  error: (message: string) => void;
}

export interface FolderWatch {
  close(): Promise<void>;
}

export function watchFolder(
  folder: string,
  options: { poll: boolean; tuning: WatchTuning },
  on: WatchEvents,
): FolderWatch {
  const root = resolve(folder);
  let ready = false;
  const watcher = watch(root, {
    depth: 0,
    ignoreInitial: false,
    persistent: true,
    followSymlinks: false,
    usePolling: options.poll,
    interval: options.tuning.pollMs,
    binaryInterval: options.tuning.pollMs,
    awaitWriteFinish: {
      stabilityThreshold: options.tuning.stabilityMs,
      pollInterval: options.tuning.checkMs,
    },
    // Everything but Lynx files at the top level: the agent's own journal and lock file,
    // FinishLynx's images and backups, subfolders. The folder itself must not be ignored.
    ignored: (path: string, stats?: Stats) => {
      if (resolve(path) === root) return false;
      if (stats?.isDirectory()) return true;
      return !isLynxFile(basename(path));
    },
  });
  const report = (path: string) => {
    const name = basename(path);
    if (isLynxFile(name)) on.file(name, !ready);
  };
  watcher.on('add', report);
  watcher.on('change', report);
  watcher.on('ready', () => {
    ready = true;
    on.ready();
  });
  watcher.on('error', (error) => {
    on.error(error instanceof Error ? error.message : String(error));
  });
  return { close: () => watcher.close() };
}

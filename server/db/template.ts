import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ownModule, TEMPLATE_URL, threadStart } from '../ownFiles.ts';

/**
 * The build's migrated empty database, a data directory as PGlite leaves it; without it
 * (running from the sources), a new data directory is made anew by PostgreSQL's initdb.
 */
export const TEMPLATE_DIR = fileURLToPath(TEMPLATE_URL);

/** Copies a folder; a thread's entry, loaded by its path. */
const COPY_THREAD = ownModule('server/db/copyThread');

/** The data directories being prepared now: a second call waits for the first's copy. */
const preparing = new Map<string, Promise<void>>();

/**
 * Makes sure `dataDir` exists, a copy of the template when it holds no database yet.
 * Migrations still run after it, so a template older than the code only leaves them more
 * to do. main.ts calls it early, so the copy runs while the server's modules load;
 * connectDatabase calls it again and waits for that copy.
 */
export function prepareDataDir(dataDir: string, template = TEMPLATE_DIR): Promise<void> {
  let prepared = preparing.get(dataDir);
  if (!prepared) {
    prepared = copyTemplateIfNew(dataDir, template).finally(() => preparing.delete(dataDir));
    preparing.set(dataDir, prepared);
  }
  return prepared;
}

/**
 * Synchronous until the copy's thread is started: main.ts then goes on to load the server's
 * modules, which would hold up each step of an asynchronous check until they are all loaded.
 */
async function copyTemplateIfNew(dataDir: string, template: string): Promise<void> {
  if (fsSync.existsSync(path.join(dataDir, 'PG_VERSION')) || !fsSync.existsSync(template)) {
    fsSync.mkdirSync(dataDir, { recursive: true });
    return;
  }
  // An empty directory gives way to the copy; files without a database are not overwritten.
  if (fsSync.existsSync(dataDir) && fsSync.readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} holds files but no database: move it away to start anew.`);
  }
  // Copied beside it and renamed into place: a start that dies mid-copy leaves no
  // directory that looks like a database, only this one, which the next start replaces.
  const staging = `${dataDir}.new`;
  fsSync.rmSync(staging, { recursive: true, force: true });
  await copyTree(template, staging);
  await fs.rmdir(dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  await fs.rename(staging, dataDir);
}

/** Copies `from` into a new folder `to` in a thread of its own (copyThread.ts). */
function copyTree(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(threadStart(COPY_THREAD), {
      workerData: { entry: COPY_THREAD.href, from, to },
    });
    thread.once('error', reject);
    thread.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`Copying the database template failed (thread exit code ${code}).`));
    });
  });
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The build's migrated empty database (scripts/pglite-template.ts): beside the compiled
 * server in dist/, absent when running from source, where a new data directory is made anew.
 */
export const TEMPLATE_FILE = fileURLToPath(
  new URL('../../pglite-template.tar.gz', import.meta.url),
);

/**
 * What a new embedded data directory starts from: the build's template, when there is one
 * and the directory holds no database yet. Migrations still run after it, so a template
 * older than the code only leaves them more to do.
 */
export async function templateForNewDataDir(dataDir: string): Promise<Blob | undefined> {
  const exists = await fs.stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (exists) return undefined;
  const bytes = await fs.readFile(TEMPLATE_FILE).catch(() => undefined);
  return bytes ? new Blob([bytes]) : undefined;
}

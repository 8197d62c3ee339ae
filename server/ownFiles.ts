import fs from 'node:fs';

/**
 * Where Rith's own files are. The same code runs from its TypeScript sources (tsx, vitest)
 * and compiled into dist/ by `npm run build` (plain node), where each entry point is one
 * bundled file at its own depth (dist/server/main.js, dist/server/db/copyThread.js).
 */
const compiled = import.meta.url.endsWith('.js');

/** The nearest folder up from this code that holds package.json: the root, at any depth. */
function rootOf(from: URL): URL {
  for (let dir = new URL('./', from); ; dir = new URL('../', dir)) {
    if (fs.existsSync(new URL('package.json', dir))) return dir;
    if (new URL('../', dir).href === dir.href)
      throw new Error(`no package.json above ${from.href}`);
  }
}

/** The checkout's (or the image's) root: client/dist and agent/rith.lss are under it. */
export const rootUrl = rootOf(new URL(import.meta.url));

/**
 * One of our modules loaded by its path rather than imported (a thread's entry, the agent
 * that is bundled for download), named from the root without extension, e.g.
 * `worker/parseThread`: its source, or its compiled file when running compiled.
 */
export function ownModule(name: string): URL {
  return new URL(compiled ? `dist/${name}.js` : `${name}.ts`, rootUrl);
}

/** Registers tsx, then loads the module named in workerData (worker/threadBoot.mjs). */
const THREAD_BOOT = new URL('worker/threadBoot.mjs', rootUrl);

/**
 * Where a worker thread that runs `module` starts. Compiled (npm start, the image), the
 * module is JavaScript and runs as it is; from the sources, the thread starts at a boot file
 * that registers tsx first. Either way the thread's workerData names `entry: module.href`.
 */
export function threadStart(module: URL): URL {
  return module.pathname.endsWith('.ts') ? THREAD_BOOT : module;
}

/**
 * The build's migrated empty database (scripts/pglite-template.ts), beside the compiled
 * server; absent when running from the sources.
 */
export const TEMPLATE_URL = new URL(compiled ? 'dist/pglite-template' : 'pglite-template', rootUrl);

/**
 * Where Rith's own files are. The same code runs from its TypeScript sources (tsx, vitest)
 * and compiled into dist/ by `npm run build` (plain node), where this module sits one folder
 * deeper: dist/server/ownFiles.js.
 */
const compiled = import.meta.url.endsWith('.js');

/** The checkout's (or the image's) root: client/dist and agent/rith.lss are under it. */
export const rootUrl = new URL(compiled ? '../../' : '../', import.meta.url);

/**
 * One of our modules loaded by its path rather than imported (a thread's entry, the agent
 * that is bundled for download), named from the root without extension, e.g.
 * `worker/parseThread`: its source, or its compiled file when running compiled.
 */
export function ownModule(name: string): URL {
  return new URL(compiled ? `dist/${name}.js` : `${name}.ts`, rootUrl);
}

/**
 * Where a worker thread whose entry is TypeScript starts (running from the sources): it
 * registers tsx, then loads the entry named in workerData. Compiled, a thread starts at its
 * .js entry.
 */
export const THREAD_BOOT = new URL('worker/threadBoot.mjs', rootUrl);

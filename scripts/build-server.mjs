// Compiles what production runs (the server, the worker and its parse thread, the timing room
// agent, admin:create) from TypeScript into dist/: one bundled .js file and its source map per
// entry point, at the entry's path, with the code they share in dist/chunks/, so plain `node`
// runs it. With --if-stale it builds only when a file it bundled last time (or the lockfile,
// tsconfig.json, this script) is newer than that build.
// Last, it leaves a migrated embedded database in dist/pglite-template/, which a new
// data directory starts from (server/db/template.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');
/** Written last: the sources the build compiled, which --if-stale compares against. */
const manifest = path.join(outdir, 'sources.json');

/**
 * The entry points: the commands, and the modules loaded by their path rather than imported
 * (the parse thread, the template's copy thread, the live fan-out process; the agent, which
 * server/timingRoom/agentBundle.ts bundles for download, see server/ownFiles.ts). Every
 * module they import, dynamically or not, is bundled into them.
 */
const ENTRIES = [
  'server/main.ts',
  'worker/main.ts',
  'worker/parseThread.ts',
  'server/db/copyThread.ts',
  'server/live/fanout/child.ts',
  'agent/main.ts',
  'scripts/admin-create.ts',
  'scripts/pglite-template.ts',
];
const ALSO_WATCHED = ['package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];

function isStale() {
  if (!fs.existsSync(manifest)) return true;
  const builtAt = fs.statSync(manifest).mtimeMs;
  const { sources } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  return [...sources, ...ALSO_WATCHED].some((file) => {
    const full = path.join(root, file);
    return !fs.existsSync(full) || fs.statSync(full).mtimeMs > builtAt;
  });
}

/**
 * Each entry point becomes one file with our modules inside (packages stay imports of
 * node_modules): a start-up loads a few files, not three hundred, which took Node's module
 * loader a quarter of a second. Code that finds files does so from the root
 * (server/ownFiles.ts), whatever the depth of the file it was bundled into.
 */
async function compile() {
  fs.rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    entryPoints: ENTRIES.map((file) => path.join(root, file)),
    outbase: root,
    outdir,
    bundle: true,
    // A dynamic import stays one: main.ts starts a new data directory's copy before it loads
    // the server (and its packages). Code that entries share goes in chunks of its own.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  // Relative to the working directory, which npm runs this from: the root.
  return Object.keys(metafile.inputs)
    .map((input) => path.relative(root, path.resolve(input)))
    .filter((file) => !file.startsWith('node_modules'))
    .sort();
}

if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
const started = performance.now();
const sources = await compile();
// A new embedded data directory starts from this migrated database (server/db/template.ts).
execFileSync(process.execPath, [path.join(outdir, 'scripts/pglite-template.js')], {
  stdio: 'inherit',
});
fs.writeFileSync(manifest, `${JSON.stringify({ sources }, null, 2)}\n`);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Bundled ${sources.length} modules into dist/ in ${seconds} s.`);

// Compiles what production runs (the server, the worker and its parse thread, the timing room
// agent, admin:create) from TypeScript into dist/: one .js file and its source map per source
// file, folders kept, so plain `node` runs it. With --if-stale it builds only when a file it
// compiled last time (or the lockfile, tsconfig.json, this script) is newer than that build.
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
 * Where compiling starts: the entry points, and the modules loaded by their path rather than
 * imported (the parse thread, the template's copy thread, the live fan-out process; the
 * agent, which server/timingRoom/agentBundle.ts bundles for download, see
 * server/ownFiles.ts). Every module they import, dynamically or not, is compiled with them.
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
 * esbuild compiles each file on its own (bundling would move the code whose paths are
 * resolved from import.meta.url): an import of one of our modules stays an import, its
 * specifier turned from .ts to .js, and the module is noted to be compiled in turn.
 */
function ownModulesApart(found) {
  return {
    name: 'own-modules-apart',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (!args.path.endsWith('.ts')) {
          return { errors: [{ text: `${args.path}: only .ts modules are compiled` }] };
        }
        found.add(path.relative(root, path.resolve(args.resolveDir, args.path)));
        return { path: args.path.replace(/\.ts$/, '.js'), external: true };
      });
    },
  };
}

async function compile() {
  fs.rmSync(outdir, { recursive: true, force: true });
  const compiled = new Set();
  let next = ENTRIES;
  while (next.length > 0) {
    const found = new Set();
    await build({
      entryPoints: next.map((file) => path.join(root, file)),
      outbase: root,
      outdir,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      sourcesContent: false,
      logLevel: 'warning',
      plugins: [ownModulesApart(found)],
    });
    for (const file of next) compiled.add(file);
    next = [...found].filter((file) => !compiled.has(file));
  }
  return [...compiled].sort();
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
console.log(`Compiled ${sources.length} modules into dist/ in ${seconds} s.`);

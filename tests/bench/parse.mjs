// npm run bench:parse -- [--runs 3]
//
// How long an upload's first parse takes in a fresh process, the parse thread's start
// included: compiled (what `npm start`, the worker and the image run) and from the sources
// under tsx (what the production process ran before the build, issue 14), the median of
// --runs each; and the next parse, once the thread runs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const FIXTURE = 'tests/fixtures/finishlynx/001-1-01.lif';
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, child: { type: 'string' } },
});

if (values.child) {
  // One fresh process: a new sandbox, its first parse, then a second one.
  const { ParseSandbox } = await import(new URL(`../../${values.child}`, import.meta.url).href);
  const bytes = new Uint8Array(fs.readFileSync(FIXTURE));
  const job = {
    target: 'results',
    eventType: null,
    files: [{ name: '001-1-01.lif', format: 'lif', bytes }],
  };
  const sandbox = new ParseSandbox();
  let started = performance.now();
  await sandbox.parse(job);
  const first = performance.now() - started;
  started = performance.now();
  await sandbox.parse(job);
  console.log(JSON.stringify({ first, next: performance.now() - started }));
  process.exit(0);
}

const runs = Number(values.runs);
execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { stdio: 'inherit' });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const modes = [
  { name: 'compiled (node dist/...)', execArgv: [], module: 'dist/worker/parseSandbox.js' },
  { name: 'sources under tsx', execArgv: ['--import', 'tsx'], module: 'worker/parseSandbox.ts' },
];
for (const mode of modes) {
  const results = Array.from({ length: runs }, () =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [...mode.execArgv, 'tests/bench/parse.mjs', '--child', mode.module],
        {
          encoding: 'utf8',
        },
      ),
    ),
  );
  console.log(
    `bench:parse | ${mode.name.padEnd(26)} | first parse ${median(results.map((r) => r.first)).toFixed(0)} ms ` +
      `(thread start included) | next ${median(results.map((r) => r.next)).toFixed(0)} ms | median of ${runs}`,
  );
}

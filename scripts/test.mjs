// `npm test`: makes sure Chromium is there for the browser tests (installing Debian's
// package when running as root), builds the client if stale, then runs every vitest project.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM}. Install it once with:\n\n  sudo apt-get install -y chromium\n`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
}

ensureChromium();
execFileSync(process.execPath, ['scripts/build-client.mjs', '--if-stale'], { stdio: 'inherit' });
fs.mkdirSync('tests/output', { recursive: true });
const report = 'tests/output/vitest-report.json';
// Written by tests/support/projectsReporter.ts (PROJECTS_REPORT there).
const projectsReport = 'tests/output/vitest-projects.json';
fs.rmSync(report, { force: true });
fs.rmSync(projectsReport, { force: true });
const startedAt = performance.now();
const result = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    '--reporter=./tests/support/projectsReporter.ts',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: CHROMIUM } },
);

// The closing lines. First which projects ran, and which were left out and why: a run
// without PostgreSQL or Redis must not read as the whole suite having passed.
const closing = [];
if (fs.existsSync(projectsReport)) {
  const { ran, notRun, times } = JSON.parse(fs.readFileSync(projectsReport, 'utf8'));
  const left = notRun.map(({ name, reason }) => `${name} (${reason})`);
  closing.push(
    `Projects: ${ran.join(', ') || 'none'} ran${left.length ? `; not run: ${left.join(', ')}` : ''}`,
  );
  // Where the minutes go: each project's wall time (they overlap on two workers) and its
  // files' time added up.
  for (const t of times) {
    closing.push(
      `  ${t.name.padEnd(22)} ${t.wallSeconds.toFixed(0).padStart(5)} s wall, ` +
        `${t.fileSeconds.toFixed(0).padStart(5)} s in ${t.files} files`,
    );
  }
}
// Then one plain line that any CI can read, whatever the reporter prints above it.
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  closing.push(
    `Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped ` +
      `in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
  );
}
if (closing.length) console.log(`\n${closing.join('\n')}`);
process.exit(result.status ?? 1);

// Prints how long `npm start`'s server takes to serve its first page on a new data dir
// (migrations + demo seed) and on a warm one, and the gzipped size of the client's JS.
//   npm run bench:startup
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const PORT = 3900 + Math.floor(Math.random() * 90);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-bench-'));

async function timeToFirstPage() {
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - started > 120_000) throw new Error('no page within 120 s');
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/`);
        if (res.ok && (await res.text()).includes('<div id="root"')) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return (performance.now() - started) / 1000;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

if (!fs.existsSync('client/dist/index.html')) {
  console.error('Build the client first: npm run build');
  process.exit(1);
}
execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { stdio: 'inherit' });
const cold = await timeToFirstPage();
const warm = await timeToFirstPage();
fs.rmSync(dataDir, { recursive: true, force: true });

const assets = 'client/dist/assets';
const html = fs.readFileSync('client/dist/index.html', 'utf8');
const sizes = fs
  .readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({
    file: f,
    entry: html.includes(f),
    gzip: zlib.gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length,
  }));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const entry = sizes.filter((s) => s.entry).reduce((n, s) => n + s.gzip, 0);
const all = sizes.reduce((n, s) => n + s.gzip, 0);

console.log(`first page, new data dir (migrate + seed): ${cold.toFixed(2)} s`);
console.log(`first page, warm data dir:                 ${warm.toFixed(2)} s`);
console.log(`gzipped JS loaded by every public page:    ${kb(entry)}`);
console.log(`gzipped JS of all public pages together:   ${kb(all)}`);
for (const s of sizes) console.log(`  ${s.entry ? '*' : ' '} ${s.file}  ${kb(s.gzip)}`);

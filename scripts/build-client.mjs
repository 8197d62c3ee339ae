// Builds the client into client/dist. With --if-stale it builds only when a source file is
// newer than the last build, so `npm start` stays fast after the first run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'client/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['dist', 'dist-ssr', 'node_modules'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function isStale() {
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  // client/ holds the service worker's sources too (client/sw/, bundled into sw.js by the
  // plugin in client/vite.config.ts). A change to this script rebuilds as well.
  const sources = [path.join(root, 'client'), path.join(root, 'shared')];
  return (
    sources.some((dir) => newestMtime(dir) > builtAt) ||
    fs.statSync(fileURLToPath(import.meta.url)).mtimeMs > builtAt ||
    fs.statSync(path.join(root, 'package-lock.json')).mtimeMs > builtAt
  );
}

if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);

let vite;
try {
  vite = await import('vite');
} catch {
  console.error('Vite is not installed: run "npm install" (with dev dependencies) first.');
  process.exit(1);
}
console.log('Building the Rith client…');
const configFile = path.join(root, 'client/vite.config.ts');
// The server's renderer first: index.html, written last, is what says the build is whole.
await vite.build({ configFile, logLevel: 'warn', build: { ssr: 'ssr/render.tsx' } });
await vite.build({ configFile, logLevel: 'warn' });
console.log('Client built into client/dist.');

/**
 * Builds the agent as one file, rith-agent.mjs, that runs with a plain `node rith-agent.mjs`
 * on Windows, macOS and Linux with nothing installed: its dependencies (chokidar, zod) and
 * the shared code are inside. The server serves it at GET /agent/rith-agent.mjs.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ownModule } from '../ownFiles.ts';

/** agent/main.ts, or its compiled main.js when the server runs compiled: no TypeScript there. */
const ENTRY = fileURLToPath(ownModule('agent/main'));

const BANNER = '// Rith timing room agent — run: node rith-agent.mjs --help';

/**
 * A dependency written as CommonJS calls require(), which an ES module does not have; the
 * bundle then defines it. esbuild's stand-in for it throws this message when it is missing.
 */
const REQUIRE_BANNER = [
  "import { createRequire } from 'node:module';",
  'const require = createRequire(import.meta.url);',
].join('\n');
const NEEDS_REQUIRE = 'Dynamic require of ';

async function bundle(banner: string): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node18',
    write: false,
    minify: false,
    banner: { js: banner },
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no output for the agent');
  return output.text;
}

export async function buildAgentBundle(): Promise<string> {
  const text = await bundle(BANNER);
  return text.includes(NEEDS_REQUIRE) ? bundle(`${BANNER}\n${REQUIRE_BANNER}`) : text;
}

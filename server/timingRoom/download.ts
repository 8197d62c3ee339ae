import fs from 'node:fs/promises';
import { rootUrl } from '../ownFiles.ts';

let bundle: Promise<string> | null = null;

/**
 * The agent as one file, built once per process from agent/ (so the download is always the
 * agent of this very server) and kept in memory. The bundler loads only when someone first
 * asks for it, not at every start.
 */
export function agentBundle(): Promise<string> {
  const building =
    bundle ??
    import('./agentBundle.ts')
      .then(({ buildAgentBundle }) => buildAgentBundle())
      .catch((err: unknown) => {
        bundle = null;
        throw err;
      });
  bundle = building;
  return building;
}

/** The scoreboard script FinishLynx loads, as the agent's folder holds it. */
export function lssScript(): Promise<Buffer> {
  return fs.readFile(new URL('agent/rith.lss', rootUrl));
}

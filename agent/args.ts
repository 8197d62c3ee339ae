/** The command line: flags only, so the line the admin console shows can be pasted as it is. */
import { parseArgs } from 'node:util';
import { readToken, TOKEN_ENV, TokenError } from './token.ts';

export const USAGE = `Rith timing room agent: publishes what FinishLynx saves, as soon as it is saved.

Usage:
  node rith-agent.mjs --url <site> --token-file <file> --folder <dir> [options]
  node rith-agent.mjs --url <site> --token <token> --folder <dir> [options]

Required:
  --url <site>             The Rith site, e.g. https://rith.ie
  --folder <dir>           The folder FinishLynx saves to (lynx.evt, lynx.sch, lynx.ppl,
                           .lif and .lff files)
  The competition's agent token (admin console, Timing room), one of:
  --token-file <file>      A file holding the token (best: the token stays out of sight)
  ${TOKEN_ENV}               The environment variable
  --token <token>          On the command line, where every user of this PC can see it
                           in the list of running programs

Options:
  --state <dir>            Where the agent keeps its journal (default <folder>/.rith-agent)
  --scoreboard-port <port> Also listen for FinishLynx's scoreboard (TCP and UDP) on this port
                           and publish the running clock and results live (script rith.lss)
  --scoreboard-host <addr> The address to listen on (default 127.0.0.1: FinishLynx on this
                           PC). Give this PC's network address, or 0.0.0.0, only when
                           FinishLynx runs on another PC: anyone who can reach the port can
                           post unofficial results
  --poll                   Check the folder by polling: for network shares, where change
                           notifications do not arrive
  --send-existing          Also send the files saved before today that are in the folder at
                           start (held back otherwise: they are usually the last meet's)
  --help                   Show this help
  --version                Show the agent's version

Stop it with Ctrl-C: it finishes the file it is sending and remembers the rest.`;

export interface AgentOptions {
  /** The site's address, without a trailing slash. */
  url: string;
  token: string;
  folder: string;
  stateDir?: string | undefined;
  /** TCP and UDP port for FinishLynx's scoreboard output; 0 picks a free one (tests). */
  scoreboardPort?: number | null | undefined;
  /** Where the scoreboard port listens: this PC only unless told otherwise. */
  scoreboardHost?: string | undefined;
  poll?: boolean | undefined;
  /** Send the files saved before today found at start, instead of holding them back. */
  sendExisting?: boolean | undefined;
}

export type ParsedArgs =
  | { kind: 'run'; options: AgentOptions }
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'error'; message: string };

/** `env`: the agent's environment, read here once (for RITH_TOKEN). */
export function parseAgentArgs(argv: string[], env: NodeJS.ProcessEnv): ParsedArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        'token-file': { type: 'string' },
        folder: { type: 'string' },
        state: { type: 'string' },
        'scoreboard-port': { type: 'string' },
        'scoreboard-host': { type: 'string' },
        poll: { type: 'boolean' },
        'send-existing': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    }));
  } catch (error) {
    // parseArgs explains itself ("Unknown option '--fodler'"), without the error's stack.
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  let token;
  try {
    token = readToken({ flag: values.token, file: values['token-file'], env: env[TOKEN_ENV] });
  } catch (error) {
    if (error instanceof TokenError) return { kind: 'error', message: error.message };
    throw error;
  }
  const given = { url: values.url?.trim(), token, folder: values.folder };
  if (!given.url || !given.token || !given.folder?.trim()) {
    const missing = (['url', 'token', 'folder'] as const).filter((name) => !given[name]?.trim());
    const where = given.token
      ? ''
      : ` The token may also come from --token-file <file> or the ${TOKEN_ENV} environment variable.`;
    return {
      kind: 'error',
      message: `Missing ${missing.map((name) => `--${name}`).join(', ')}.${where}`,
    };
  }
  const url = checkUrl(given.url);
  if (typeof url !== 'string') return url;

  let scoreboardPort: number | null = null;
  const port = values['scoreboard-port'];
  if (port !== undefined) {
    scoreboardPort = Number(port);
    if (!/^\d+$/.test(port) || scoreboardPort < 1 || scoreboardPort > 65_535) {
      return { kind: 'error', message: `--scoreboard-port must be a port number (1-65535).` };
    }
  }
  return {
    kind: 'run',
    options: {
      url,
      token: given.token,
      folder: given.folder,
      stateDir: values.state,
      scoreboardPort,
      scoreboardHost: values['scoreboard-host']?.trim() || undefined,
      poll: values.poll ?? false,
      sendExisting: values['send-existing'] ?? false,
    },
  };
}

function checkUrl(text: string): string | { kind: 'error'; message: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'error', message: `--url must be the site's address, e.g. https://rith.ie` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { kind: 'error', message: `--url must start with https:// (or http://).` };
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

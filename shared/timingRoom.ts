import type { AgentStatus } from './schemas/timingRoom.ts';

/** How often a running agent reports; the console counts it gone after three missed reports. */
export const AGENT_HEARTBEAT_MS = 15_000;
const GONE_AFTER_MS = 3 * AGENT_HEARTBEAT_MS;

/** Whether the agent is running and was heard from lately. */
export function agentConnected(agent: AgentStatus | null, now: number): boolean {
  if (agent === null || agent.state !== 'running') return false;
  return now - Date.parse(agent.seenAt) < GONE_AFTER_MS;
}

/** Where every Rith server serves the agent as one file. */
export const AGENT_DOWNLOAD_PATH = '/agent/rith-agent.mjs';
/** Rith's FinishLynx scoreboard script, for the agent's --scoreboard-port. */
export const LSS_DOWNLOAD_PATH = '/agent/rith.lss';

/** A shell word: quoted when it holds anything a shell (cmd, PowerShell, sh) would split. */
function word(text: string): string {
  return /^[\w@%+=:,./\\-]+$/.test(text) ? text : `"${text.replace(/"/g, '\\"')}"`;
}

/**
 * Where the panel has the operator save the token, beside the agent: a token on the command
 * line would show to everyone on the timing PC in its list of running programs.
 */
export const AGENT_TOKEN_FILE = 'rith-token.txt';

/** The one line that starts the agent, as the timing room panel shows it. */
export function agentCommand(options: {
  siteUrl: string;
  folder: string;
  scoreboardPort?: number | null;
}): string {
  const parts = [
    'node rith-agent.mjs',
    `--url ${word(options.siteUrl)}`,
    `--token-file ${AGENT_TOKEN_FILE}`,
    `--folder ${word(options.folder)}`,
  ];
  if (options.scoreboardPort) parts.push(`--scoreboard-port ${options.scoreboardPort}`);
  return parts.join(' ');
}

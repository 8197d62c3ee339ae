/**
 * The scoreboard port under a flood of connections (a program reconnecting in a loop, or
 * anything else on the PC knocking): the operator's window gets a line a minute, and the
 * agent keeps nothing of the connections gone. In-process, with real sockets, against the
 * stand-in for Rith's API.
 */
import { connect } from 'node:net';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startAgent, type AgentHandle } from '../../../agent/agent.ts';
import type { FakeRith } from './fakeRith.ts';
import { agentFolder, waiter } from './agentFolder.ts';

let folder: string;
let rith: FakeRith;
let lines: string[];
const agents: AgentHandle[] = [];
agentFolder(agents, (room) => ({ folder, rith, lines } = room));
const waitFor = waiter(() => lines);

const count = (pattern: RegExp) => lines.filter((text) => pattern.test(text)).length;
const CONNECTED = /FinishLynx connected to the scoreboard port/;
const DISCONNECTED = /FinishLynx disconnected from the scoreboard port/;
const NOT_LSS = /lines that are not in rith\.lss format arrive/;

/** The process's open sockets and servers, by kind: what a connection kept would add to. */
const sockets = () =>
  process.getActiveResourcesInfo().filter((kind) => /TCP|Pipe/.test(kind)).length;
/** Every listener on the process: what a connection that leaked one would add to. */
const processListeners = () =>
  process.eventNames().reduce((sum, name) => sum + process.listenerCount(name), 0);

/** A connection that sends a line of something else and goes. */
async function knock(port: number): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.end('not a scoreboard line\r\n');
  await once(socket, 'close');
}

describe('the scoreboard port', { timeout: 30_000 }, () => {
  it('says connections at most once a minute and keeps nothing of those gone', async () => {
    let clock = Date.now();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const handle = await startAgent(
        { url: rith.url, token: rith.token, folder, scoreboardPort: 0 },
        { out: (text) => lines.push(text), now: () => new Date(clock) },
      );
      agents.push(handle);
      await handle.ready;
      const port = handle.scoreboardPort!;
      await knock(port);
      await waitFor(() => count(DISCONNECTED) === 1, 'the first to go');
      const before = { sockets: sockets(), listeners: processListeners(), lines: lines.length };

      for (let i = 0; i < 60; i += 1) await knock(port);
      // The agent has closed its side of each too: it holds no socket more than before.
      await waitFor(() => sockets() <= before.sockets, 'every connection closed on its side');
      expect(processListeners()).toBe(before.listeners);
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
      // Not a line more: no connection, no status line, no warning about what they sent.
      expect(lines.slice(before.lines)).toEqual([]);
      expect(count(CONNECTED)).toBe(1);
      expect(count(NOT_LSS)).toBe(1);

      // A minute on, the next is said, with how many were not.
      clock += 61_000;
      await knock(port);
      await waitFor(() => count(DISCONNECTED) === 2, 'the next minute’s');
      expect(lines.filter((text) => CONNECTED.test(text)).at(-1)).toMatch(
        /from 127\.0\.0\.1 \(60 more since \d\d:\d\d:\d\d\)\.$/,
      );
      expect(lines.filter((text) => DISCONNECTED.test(text)).at(-1)).toMatch(
        /\(127\.0\.0\.1\) \(60 more since \d\d:\d\d:\d\d\)\.$/,
      );
    } finally {
      process.off('warning', onWarning);
    }
  });
});

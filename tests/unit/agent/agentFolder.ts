import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { AgentHandle } from '../../../agent/agent.ts';
import { FakeRith } from './fakeRith.ts';

/** What each test of the agent starts with: a folder to watch and a stand-in for Rith. */
export interface AgentFolder {
  dir: string;
  folder: string;
  rith: FakeRith;
  /** What the agents started in the test printed. */
  lines: string[];
}

/**
 * A fresh folder (`<dir>/Lynx`) and a fake Rith for every test, handed over by `use`; the
 * agents the test pushes to `agents` are stopped after it and everything is removed.
 */
export function agentFolder(agents: AgentHandle[], use: (room: AgentFolder) => void): void {
  let room: AgentFolder;
  beforeEach(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rith-agent-'));
    const folder = join(dir, 'Lynx');
    await mkdir(folder);
    room = { dir, folder, rith: await FakeRith.start(), lines: [] };
    use(room);
  });
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((agent) => agent.stop()));
    await room.rith.close();
    await rm(room.dir, { recursive: true, force: true });
  });
}

/** Waits until `check` holds, or fails with what the agent printed. */
export function waiter(lines: () => readonly string[]) {
  return async function waitFor<T>(
    check: () => T | undefined | false | null,
    what: string,
    ms = 10_000,
  ): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value;
      if (Date.now() > deadline) {
        throw new Error(
          `timed out waiting for ${what}\n--- agent output ---\n${lines().join('\n')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { compiled, PLAIN_NODE } from './rithProcess.ts';

export interface AgentOptions {
  url: string;
  token: string;
  folder: string;
  state?: string;
  scoreboardPort?: number;
  /** Run this single-file agent instead of the compiled agent/main.ts. */
  bundle?: string;
}

/**
 * The timing room agent in a process of its own, as an operator starts it: its output is
 * kept line by line so a test can wait for what the operator would read.
 */
export class AgentProcess {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly child: ChildProcess) {
    let partial = '';
    const read = (chunk: Buffer) => {
      partial += chunk.toString('utf8');
      const parts = partial.split(/\r?\n/);
      partial = parts.pop() ?? '';
      this.lines.push(...parts);
      for (const wake of this.waiters) wake();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        for (const wake of this.waiters) wake();
        resolve(code);
      }),
    );
  }

  static start(options: AgentOptions): AgentProcess {
    const args = ['--url', options.url, '--token', options.token, '--folder', options.folder];
    if (options.state) args.push('--state', options.state);
    if (options.scoreboardPort) args.push('--scoreboard-port', String(options.scoreboardPort));
    const argv = options.bundle
      ? [options.bundle, ...args]
      : [...PLAIN_NODE, compiled('agent/main.ts'), ...args];
    const child = spawn(process.execPath, argv, {
      env: { PATH: process.env.PATH ?? '', TZ: 'UTC' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new AgentProcess(child);
  }

  get output(): string {
    return this.lines.join('\n');
  }

  /** Waits until a line matches (or the process exits without one). */
  async waitFor(pattern: RegExp, ms = 20_000): Promise<string> {
    const until = Date.now() + ms;
    for (;;) {
      const found = this.lines.find((line) => pattern.test(line));
      if (found !== undefined) return found;
      if (this.child.exitCode !== null) {
        throw new Error(`agent exited (${this.child.exitCode}) before ${pattern}:\n${this.output}`);
      }
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no line ${pattern} within ${ms} ms:\n${this.output}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  /** Every line matching, for counting what the agent did. */
  matching(pattern: RegExp): string[] {
    return this.lines.filter((line) => pattern.test(line));
  }

  async stop(signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
    if (this.child.exitCode === null) this.child.kill(signal);
    return this.exited;
  }
}

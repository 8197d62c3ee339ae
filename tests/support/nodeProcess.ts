import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { NodeMessage, NodeRequest } from './apiNode.ts';

const entry = fileURLToPath(new URL('./apiNode.ts', import.meta.url));

/** An API node started in a child process (see apiNode.ts), driven over IPC. */
export class NodeProcess {
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (reply: { value: unknown; at: number }) => void; reject: (err: Error) => void }
  >();

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.on('message', (message: NodeMessage) => {
      if (message.type !== 'reply') return;
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.ok) waiter?.resolve({ value: message.value, at: message.at });
      else waiter?.reject(new Error(message.error));
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts a node with this environment on top of a quiet test configuration. */
  static start(env: Record<string, string>): Promise<NodeProcess> {
    const child = fork(entry, [], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        PORT: '0',
        LIVE_PROCESSES: '1',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('exit', (code) =>
        reject(new Error(`API node exited (${code}) before it was ready`)),
      );
      child.on('message', (message: NodeMessage) => {
        if (message.type === 'ready') resolve(new NodeProcess(child, message.port));
      });
    });
  }

  /** Runs a request in the node; `at` is when the node finished it (after commit). */
  request<T>(request: NodeRequest): Promise<{ value: T; at: number }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, {
        resolve: resolve as (reply: { value: unknown; at: number }) => void,
        reject,
      });
      this.child.send({ id, ...request });
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.disconnect();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

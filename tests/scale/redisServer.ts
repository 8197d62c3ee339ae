import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../support/ports.ts';

/**
 * A real Redis of the test's own, on a port of its own, that the test may kill and start
 * again (without persistence, as the scaled deployment's Redis may lose its memory) without
 * disturbing the Redis other tests share.
 */
export class RedisServer {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.restart();
    return server;
  }

  /** Starts it (again) on the same port and waits until it answers. */
  async restart(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      child.once('error', (err) =>
        reject(new Error(`redis-server could not start (is it installed?): ${err.message}`)),
      );
      child.once('spawn', resolve);
    });
    const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    for (let i = 0; ; i += 1) {
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch (err) {
        if (i > 100) throw err;
        probe.disconnect();
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    probe.disconnect();
  }

  /** Kills it outright: whatever it held in memory is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  /** Drops every client connection; the data stays. */
  async dropConnections(): Promise<void> {
    const admin = new Redis(this.url);
    admin.on('error', () => {});
    await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    admin.disconnect();
  }
}

import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind, testDatabaseUrl } from '../support/app.ts';
import { freePort } from '../support/ports.ts';
import { compiled, exited, PLAIN_NODE, untilUp } from '../support/rithProcess.ts';
import { ApiError } from '../../shared/schemas/error.ts';

// Issue 14, point 5: SIGTERM stops a server gracefully, within a deadline. Rith as deployed,
// in a process of its own (`server/main.ts`), its JSON log read from its stdout.

interface LogLine {
  msg: string;
  requestId?: string;
}

const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

/** server/main.ts on a port of its own, with its log lines as they come. */
async function startServer(env: Record<string, string>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-shutdown-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const child = fork(compiled('server/main.ts'), [], {
    execArgv: PLAIN_NODE,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      // debug: a request's arrival is a line the test waits for.
      LOG_LEVEL: 'debug',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      ...(testDbKind() === 'postgres' ? { DATABASE_URL: testDatabaseUrl() } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  children.push(child);
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  // The start-up banner is for people; every other line is JSON.
  createInterface({ input: child.stdout! }).on('line', (text) => {
    if (!text.startsWith('{')) return;
    lines.push(JSON.parse(text) as LogLine);
    for (const wake of waiters) wake();
  });
  const url = `http://127.0.0.1:${port}`;
  await untilUp(url);
  return {
    child,
    port,
    /** The first log line (already written or still to come) that `match` accepts. */
    line(match: (line: LogLine) => boolean): Promise<LogLine> {
      return new Promise((resolve) => {
        const check = () => {
          const found = lines.find(match);
          if (found) {
            waiters.delete(check);
            resolve(found);
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** A request whose body is sent in part: it stays in flight until the rest is written. */
function heldRequest(port: number, requestId: string) {
  const body = JSON.stringify({ email: `${requestId}-${Date.now()}@example.ie` });
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  socket.on('error', () => {});
  socket.write(
    `POST /api/waitinglist HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nX-Request-Id: ${requestId}\r\n\r\n${body.slice(0, 5)}`,
  );
  return { rest: body.slice(5), socket, closed };
}

/** Resolves once the port refuses connections: the server has stopped accepting. */
async function untilRefused(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('stopping the server (SIGTERM)', () => {
  it('finishes the request in flight, answers anything after it 503, and exits 0', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '20000' });
    const held = heldRequest(server.port, 'held-1');
    await server.line((l) => l.requestId === 'held-1' && l.msg === 'incoming request');

    const exit = exited(server.child);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await untilRefused(server.port);
    // The rest of the body, and a readiness probe behind it on the same connection.
    held.socket.write(
      `${held.rest}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: probe-1\r\n\r\n`,
    );
    const answers = (await held.closed).split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[0]!.endsWith('{"ok":true}')).toBe(true);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    const probe = ApiError.parse(
      JSON.parse(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4)),
    );
    expect(probe).toMatchObject({ code: 'unavailable', requestId: 'probe-1' });

    expect(await exit).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(20_000);
    await server.line((l) => l.msg === 'stopped');
  });

  it('exits 1 at the deadline when a request never finishes, and says so', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '1500' });
    const held = heldRequest(server.port, 'stuck-1');
    await server.line((l) => l.requestId === 'stuck-1' && l.msg === 'incoming request');

    const exit = exited(server.child);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await exit).toBe(1);
    const took = Date.now() - signalledAt;
    expect(took).toBeGreaterThanOrEqual(1_500);
    expect(took).toBeLessThan(10_000);
    await server.line((l) => l.msg.includes('deadline'));
    // The stuck request got no answer: its connection just closed.
    expect(await held.closed).toBe('');
  });
});

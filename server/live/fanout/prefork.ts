import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ownModule } from '../../ownFiles.ts';

const CHILD = ownModule('server/live/fanout/child');

/**
 * A fan-out process's young generation (each of V8's two semi-spaces, in MB; V8's default
 * here is 16). A broadcast allocates a few hundred bytes per socket, and with thousands of
 * sockets the default filled mid-broadcast: a collection in the middle of writing a
 * publication. Doubled, bench:live's p99 at 10,000 spectators fell by some 20-40 ms. It is
 * the most the process may take, not what it reserves.
 */
const SEMI_SPACE_MB = 32;

/** Started by main.ts before the server's modules load, not yet taken by the pool. */
const early: ChildProcess[] = [];

/** Starts a fan-out process (child.ts); it waits for its configuration (member.ts sends it). */
function forkFanout(): ChildProcess {
  const typescript = CHILD.pathname.endsWith('.ts');
  return fork(fileURLToPath(CHILD), [], {
    // From sources (tests, tsx) the child loads TypeScript as this process does.
    execArgv: [
      ...(typescript ? ['--import', 'tsx'] : ['--enable-source-maps']),
      ...process.execArgv.filter((flag) => flag === '--expose-gc'),
      `--max-semi-space-size=${SEMI_SPACE_MB}`,
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/**
 * Starts the fan-out processes at once (main.ts): their modules load while this process's
 * own load and a new database is copied. Started when the pool is made, the server waited
 * for them before it listened: 0.3-0.45 s of a new install's start on two cores.
 */
export function preforkFanout(count: number): void {
  for (let i = 0; i < count; i += 1) {
    const child = forkFanout();
    // Until the pool takes it, a failure to start is seen as its exit there.
    child.on('error', () => undefined);
    early.push(child);
  }
}

/** A fan-out process for the pool: one started early and still running, or a new one. */
export function fanoutProcess(): ChildProcess {
  for (let child = early.shift(); child; child = early.shift()) {
    if (child.exitCode === null && child.signalCode === null && child.connected) return child;
    child.kill();
  }
  return forkFanout();
}

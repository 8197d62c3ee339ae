/**
 * The agent, wired together: find out which competition the token publishes to, open that
 * competition's journal, watch the folder and send what settles, forward the scoreboard,
 * and report status. `startAgent` runs in-process (tests) as well as from the command line
 * (main.ts); it returns at once, and keeps trying while Rith is unreachable.
 */
import { mkdir, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { AgentIdentity, AgentStatusReport } from '../shared/schemas/timingRoom.ts';
import { RithApi, type Problem } from './api.ts';
import type { AgentOptions } from './args.ts';
import { Connection } from './connection.ts';
import { isMeetFile } from './files.ts';
import { LynxFolder } from './folder.ts';
import { HeldFiles, holdsBack } from './held.ts';
import { Journal } from './journal.ts';
import { DEFAULT_LOCK_TUNING, FolderLock, FolderLockedError, type LockTuning } from './lock.ts';
import { lynxFileKey } from '../shared/lynxFiles.ts';
import { Reporter, type Out } from './report.ts';
import { Scoreboard, ScoreboardPortError } from './scoreboard.ts';
import { DEFAULT_SENDER_TUNING, Sender, type SenderTuning } from './sender.ts';
import { endsWithLineBreak, waitUntilStable, whenFinished } from './settle.ts';
import { DEFAULT_STATUS_TUNING, StatusReporter, type StatusTuning } from './status.ts';
import { backoffMs, localDay, sleep } from './time.ts';
import { AGENT_VERSION } from './version.ts';
import { DEFAULT_WATCH_TUNING, watchFolder, type FolderWatch, type WatchTuning } from './watch.ts';

export interface AgentTuning {
  watch: WatchTuning;
  sender: SenderTuning;
  status: StatusTuning;
  lock: LockTuning;
  /** How often the status line is printed. */
  statusLineMs: number;
  /** How long a stop waits for the request under way. */
  stopGraceMs: number;
}

export const DEFAULT_TUNING: AgentTuning = {
  watch: DEFAULT_WATCH_TUNING,
  sender: DEFAULT_SENDER_TUNING,
  status: DEFAULT_STATUS_TUNING,
  lock: DEFAULT_LOCK_TUNING,
  statusLineMs: 60_000,
  stopGraceMs: 5_000,
};

export interface StartAgentOptions extends AgentOptions {
  tuning?: {
    watch?: Partial<WatchTuning>;
    sender?: Partial<SenderTuning>;
    status?: Partial<StatusTuning>;
    lock?: Partial<LockTuning>;
    statusLineMs?: number;
    stopGraceMs?: number;
  };
}

export interface AgentIO {
  /** Where the agent's lines go (the console by default). */
  out?: Out;
  now?: () => Date;
}

/** The agent cannot start as asked (no such folder, port taken): say why, exit with the code. */
export class AgentStartError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export interface AgentSnapshot {
  identity: AgentIdentity | null;
  queue: number;
  reachable: boolean;
  journalPath: string | null;
}

export interface AgentHandle {
  /**
   * Resolves once the agent knows its competition, has looked at every file already in the
   * folder and has started sending; rejects if it stops first.
   */
  ready: Promise<void>;
  /** The exit code once the agent has stopped: 0 after stop(), 2 when the token is refused. */
  exited: Promise<number>;
  /** The scoreboard port actually listened on (useful when 0 asked for a free one). */
  scoreboardPort: number | null;
  /** Stops cleanly: watching ends, the request under way finishes, the journal is saved. */
  stop(): Promise<number>;
  snapshot(): AgentSnapshot;
}

export const TOKEN_REFUSED =
  'Rith refused the token: it was revoked or is wrong. Create a new token in the admin console (Timing room) and start the agent again.';

const clip = (text: string, max: number) =>
  text.length <= max ? text : `…${text.slice(text.length - max + 1)}`;

async function checkFolder(folder: string): Promise<void> {
  try {
    const info = await stat(folder);
    if (!info.isDirectory()) throw new AgentStartError(`${folder} is a file, not a folder.`);
  } catch (error) {
    if (error instanceof AgentStartError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new AgentStartError(
      code === 'ENOENT'
        ? `The folder ${folder} does not exist. Give --folder the folder FinishLynx saves to.`
        : `Cannot open the folder ${folder}: ${(error as Error).message}`,
    );
  }
}

export async function startAgent(
  options: StartAgentOptions,
  io: AgentIO = {},
): Promise<AgentHandle> {
  const now = io.now ?? (() => new Date());
  const reporter = new Reporter(io.out ?? ((line) => console.log(line)), now);
  const tuning: AgentTuning = {
    watch: { ...DEFAULT_TUNING.watch, ...options.tuning?.watch },
    sender: { ...DEFAULT_TUNING.sender, ...options.tuning?.sender },
    status: { ...DEFAULT_TUNING.status, ...options.tuning?.status },
    lock: { ...DEFAULT_TUNING.lock, ...options.tuning?.lock },
    statusLineMs: options.tuning?.statusLineMs ?? DEFAULT_TUNING.statusLineMs,
    stopGraceMs: options.tuning?.stopGraceMs ?? DEFAULT_TUNING.stopGraceMs,
  };
  const folder = resolve(options.folder);
  await checkFolder(folder);
  const lynx = await LynxFolder.open(folder, reporter);
  let lock: FolderLock | null;
  try {
    lock = await FolderLock.acquire(folder, now(), tuning.lock, (text) => reporter.note(text));
  } catch (error) {
    if (error instanceof FolderLockedError) throw new AgentStartError(error.message);
    throw error;
  }
  if (!lock) {
    reporter.note(
      `cannot write a lock file in ${folder}: make sure no other Rith agent watches this folder.`,
    );
  }
  const stateDir = resolve(options.stateDir ?? join(folder, '.rith-agent'));
  try {
    await mkdir(stateDir, { recursive: true });
  } catch (error) {
    await lock?.release();
    throw new AgentStartError(
      `Cannot create the agent's state folder ${stateDir}: ${(error as Error).message}. Choose another with --state.`,
    );
  }

  const api = new RithApi(options.url, options.token);
  const site = api.site;
  const stopping = new AbortController();
  let identity: AgentIdentity | null = null;
  let journal: Journal | null = null;
  let sender: Sender | null = null;
  let status: StatusReporter | null = null;
  let watcher: FolderWatch | null = null;
  let scoreboard: Scoreboard | null = null;
  const held = new HeldFiles();
  let statusLineTimer: ReturnType<typeof setInterval> | null = null;
  let printedState = '';
  let exitCode: number | null = null;
  let resolveExited!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (resolveExited = resolve));

  const statusLine = (): string => {
    const parts: string[] = [];
    if (!identity) parts.push(`connecting to Rith at ${site}`);
    else {
      const where = `"${identity.competitionName}" (${identity.clubName}) at ${site}`;
      parts.push(connection.reachable ? `publishing to ${where}` : `waiting to reach ${where}`);
    }
    parts.push(`watching ${folder}${options.poll ? ' (polling)' : ''}`);
    const today = journal?.publishedToday(localDay(now())) ?? 0;
    parts.push(`${today} ${today === 1 ? 'file' : 'files'} today`);
    parts.push(`queue ${sender?.queueLength ?? 0}`);
    if (held.size > 0) parts.push(`${held.size} held back`);
    if (scoreboard) {
      const { port, connected } = scoreboard.info;
      parts.push(
        `scoreboard on port ${port}, ${connected ? 'FinishLynx connected' : 'waiting for FinishLynx'}`,
      );
    }
    return `status: ${parts.join(' · ')}`;
  };
  const printStatus = () => {
    printedState = stateKey();
    reporter.note(statusLine());
  };
  const stateKey = () =>
    `${identity !== null}/${connection.reachable}/${scoreboard?.info.connected ?? ''}`;
  const changed = () => {
    status?.changed();
    if (identity && printedState !== '' && stateKey() !== printedState) printStatus();
  };
  const connection = new Connection(site, reporter, changed, now);

  const snapshot = (state: 'running' | 'stopped'): AgentStatusReport => {
    const last = sender?.lastFile ?? null;
    const board = scoreboard?.info ?? null;
    return {
      state,
      version: AGENT_VERSION,
      host: clip(hostname(), 200),
      platform: clip(`${process.platform}-${process.arch} node ${process.versions.node}`, 40),
      folder: clip(folder, 500),
      queue: Math.min(sender?.queueLength ?? 0, 100_000),
      filesToday: Math.min(journal?.publishedToday(localDay(now())) ?? 0, 1_000_000),
      held: Math.min(held.size, 100_000),
      lastFile: last && {
        name: clip(last.name, 200),
        outcome: last.outcome,
        detail: last.detail === null ? null : last.detail.slice(0, 500),
        at: last.at.toISOString(),
      },
      lastError: connection.lastError && {
        message: connection.lastError.message.slice(0, 500),
        at: connection.lastError.at.toISOString(),
      },
      scoreboard: board && {
        port: board.port,
        connected: board.connected,
        lastLineAt: board.lastLineAt?.toISOString() ?? null,
      },
    };
  };

  const shutdown = async (code: number): Promise<number> => {
    if (exitCode !== null) return exited;
    exitCode = code;
    stopping.abort();
    if (statusLineTimer) clearInterval(statusLineTimer);
    await watcher?.close();
    await sender?.stop(tuning.stopGraceMs);
    await scoreboard?.close(1000);
    // A refused token cannot report; after a clean stop the console shows "stopped".
    await status?.stop(code === 0, 3000);
    await lock?.release();
    reporter.note(code === 0 ? 'stopped; the journal is saved.' : 'stopped.');
    resolveExited(code);
    return code;
  };
  const unauthorized = (problem: Problem) => {
    if (exitCode !== null) return;
    reporter.note(
      problem.kind === 'unauthorized' && problem.status === 403
        ? `Rith refused the agent: ${problem.message}. Create a new token in the admin console (Timing room) and start the agent again.`
        : TOKEN_REFUSED,
    );
    void shutdown(2);
  };

  if (options.scoreboardPort !== null && options.scoreboardPort !== undefined) {
    try {
      scoreboard = await Scoreboard.start({
        port: options.scoreboardPort,
        host: options.scoreboardHost,
        api,
        reporter,
        connection,
        onUnauthorized: unauthorized,
        onChange: changed,
        now,
      });
    } catch (error) {
      await lock?.release();
      if (error instanceof ScoreboardPortError) throw new AgentStartError(error.message);
      throw error;
    }
  }

  reporter.note(`Rith timing room agent ${AGENT_VERSION}: connecting to ${site}…`);

  /** GET /api/agent until it answers: Rith may be down when the agent starts. */
  const fetchIdentity = async (): Promise<AgentIdentity | null> => {
    for (let attempt = 0; ; attempt += 1) {
      const result = await api.identity(stopping.signal);
      if (stopping.signal.aborted) return null;
      if (result.ok) {
        connection.succeeded();
        return result.value;
      }
      const problem = result.problem;
      if (problem.kind === 'unauthorized') {
        unauthorized(problem);
        return null;
      }
      if (problem.kind === 'refused') {
        connection.failed(`${problem.message}; is ${site} the address of the Rith site?`, false);
      } else connection.failed(problem.message, problem.busy);
      await sleep(
        problem.kind === 'retry'
          ? (problem.retryAfterMs ?? backoffMs(attempt))
          : backoffMs(attempt),
        stopping.signal,
      );
    }
  };

  const run = async (): Promise<void> => {
    identity = await fetchIdentity();
    if (!identity) throw new AgentStartError('stopped before Rith answered');
    const opened = await Journal.open(stateDir, site, identity.competitionUic);
    journal = opened.journal;
    if (opened.setAside) {
      reporter.note(
        `The journal could not be read; kept as ${opened.setAside}. Every file is offered again.`,
      );
    }
    const leftOver = journal.data.pending.length;
    sender = new Sender({
      api,
      competitionUic: identity.competitionUic,
      journal,
      folder: lynx,
      reporter,
      connection,
      now,
      tuning: tuning.sender,
      onUnauthorized: unauthorized,
      onChange: changed,
    });
    if (stopping.signal.aborted) throw new AgentStartError('stopped');
    printStatus();

    const activeSender = sender;
    const activeJournal = journal;
    const today = localDay(now());
    const chains = new Map<string, Promise<void>>();
    const initialLooks: Promise<void>[] = [];
    let found = 0;
    /**
     * Reads a file and offers it to the sender. `initial`: there at start, and held back when
     * it is older than today; `saved`: the watcher saw it written; `held`: held back until now.
     * `looked` resolves once the file no longer holds back the start: offered, held, gone, or
     * a result found still being written, which then waits on its own.
     */
    const take = (name: string, why: 'initial' | 'saved' | 'held') => {
      const seq = activeSender.ticket();
      const key = lynxFileKey(name);
      let resolveLooked!: () => void;
      const looked = new Promise<void>((resolve) => (resolveLooked = resolve));
      // A meet file still being written at start holds the start: results need it first.
      const mayWaitAlone = why === 'initial' && !isMeetFile(name);
      let writing = false;
      const waitAlone = () => {
        writing = true;
        resolveLooked();
      };
      // One read at a time per file, so its versions are offered in the order written.
      const done = (chains.get(key) ?? Promise.resolve())
        .then(async () => {
          if (why === 'initial') {
            await waitUntilStable(lynx, name, {
              stableMs: tuning.watch.stabilityMs,
              checkMs: tuning.watch.checkMs,
              signal: stopping.signal,
              onChanging: mayWaitAlone ? waitAlone : undefined,
            });
          }
          if (stopping.signal.aborted) return;
          const content = await lynx.read(name);
          if (!content) return;
          if (why === 'initial' && !writing) {
            const file = { key, hash: content.hash, mtimeMs: content.mtimeMs };
            if (!options.sendExisting && holdsBack(file, activeJournal, today)) {
              held.hold({ key, name });
              return;
            }
            if (mayWaitAlone && !endsWithLineBreak(content.bytes)) waitAlone();
          }
          const read = await whenFinished(lynx, name, content, {
            boundMs: tuning.watch.unfinishedMs,
            checkMs: tuning.watch.checkMs,
            signal: stopping.signal,
          });
          if (!read || stopping.signal.aborted) return;
          if (!read.finished) {
            reporter.step(
              'warning',
              `${name}: no line break at its end after ${tuning.watch.unfinishedMs / 1000} s; sending it as it is`,
            );
          }
          // Done writing only now: it takes its place among the files settled by now.
          const place = writing ? activeSender.ticket() : seq;
          const queued = activeSender.offer(name, read.content.hash, place);
          if ((why === 'saved' || writing) && queued) reporter.step('saved', name);
        })
        .catch((error: unknown) => {
          reporter.step('waiting', `${name}: cannot read it (${(error as Error).message})`);
        })
        .finally(resolveLooked);
      chains.set(key, done);
      void done.finally(() => {
        if (chains.get(key) === done) chains.delete(key);
      });
      return { done, looked };
    };
    const onFile = (name: string, initial: boolean) => {
      // Saved again since the start: it is today's, no longer held back.
      if (!initial && held.release(lynxFileKey(name))) changed();
      const { looked } = take(name, initial ? 'initial' : 'saved');
      if (!initial) return;
      found += 1;
      initialLooks.push(looked);
    };

    let sendingHeld = false;
    /** The admin console's "Send held files" (Rith's answer to a status report says so). */
    const sendHeld = async () => {
      if (sendingHeld || held.size === 0) return;
      sendingHeld = true;
      const files = held.list();
      reporter.note(
        `sending the ${files.length} held back ${files.length === 1 ? 'file' : 'files'}: the admin console asked for them.`,
      );
      // One after another, meet files first: a heat's results never reach Rith before the
      // lynx.evt that names its heats (the sender is already running).
      for (const file of files) await take(file.name, 'held').done;
      // Rith forgets the request once a report says none are held: by then the files must be
      // queued in the journal on disk, where a crash cannot lose them. A failed write is
      // reported by the sender, whose queue sends them all the same.
      await activeJournal.save().catch(() => undefined);
      for (const file of files) held.release(file.key);
      sendingHeld = false;
      changed();
    };

    const watching = new Promise<void>((resolveReady) => {
      watcher = watchFolder(
        lynx.root,
        { poll: options.poll ?? false, tuning: tuning.watch },
        {
          file: onFile,
          ready: resolveReady,
          error: (message) => connection.error(`watching ${folder}: ${message}`),
        },
      );
    });
    await Promise.race([
      watching,
      new Promise((resolve) => stopping.signal.addEventListener('abort', resolve)),
    ]);
    await Promise.all(initialLooks);
    if (stopping.signal.aborted) throw new AgentStartError('stopped');
    const waiting = activeSender.queueLength;
    const sending =
      waiting > 0 ? `${waiting} to send` : held.size > 0 ? 'nothing to send' : 'Rith has them all';
    reporter.note(
      `found ${found} Lynx ${found === 1 ? 'file' : 'files'} in the folder; ${sending}${leftOver > 0 ? ` (${leftOver} left from the last run)` : ''}${held.size > 0 ? `, ${held.size} held back` : ''}.`,
    );
    if (held.size > 0) reporter.note(held.describe());
    // Reports start once the folder has been looked at: an earlier "none held back" would
    // make Rith forget a "Send held files" meant for this start.
    status = new StatusReporter(api, connection, snapshot, tuning.status, unauthorized, () => {
      void sendHeld();
    });
    status.start();
    activeSender.start();
    statusLineTimer = setInterval(printStatus, tuning.statusLineMs);
  };

  const ready = run();
  ready.catch((error: unknown) => {
    if (exitCode !== null) return;
    // Anything unexpected before the agent runs is a fault worth its message, then a stop.
    reporter.note(`cannot start: ${(error as Error).message}`);
    void shutdown(1);
  });

  return {
    ready,
    exited,
    scoreboardPort: scoreboard?.port ?? null,
    stop: () => shutdown(0),
    snapshot: () => ({
      identity,
      queue: sender?.queueLength ?? 0,
      reachable: connection.reachable,
      journalPath: journal?.path ?? null,
    }),
  };
}

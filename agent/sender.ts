/**
 * Sends queued files to Rith, one request at a time so they arrive in order: meet files
 * (lynx.evt, lynx.sch, lynx.ppl) first, then results in the order they settled. Whatever is
 * queued when a request can go leaves in it (up to 20 files, 8 MB), so a backlog goes in one
 * request and a single new file goes at once, alone.
 *
 * The queue lives in the journal, and each file's state is on disk before its request
 * leaves: a crash at any point sends it again at the next start, and Rith answers
 * "unchanged" if it already had it. Failures that pass (site down, busy) are retried with
 * backoff; a refusal of one file is recorded with its content, so that content is not sent
 * again; a refused token stops the agent.
 */
import type { FileReport, Problem, RithApi, UploadAnswer, UploadView } from './api.ts';
import type { Connection } from './connection.ts';
import { sendRank } from './files.ts';
import type { FileContent, LynxFolder } from './folder.ts';
import { type FileOutcome, type Journal, type PendingFile } from './journal.ts';
import { lynxFileKey } from '../shared/lynxFiles.ts';
import { describeReport, type Reporter } from './report.ts';
import { backoffMs, localDay, sleep } from './time.ts';
import { present } from '../shared/present.ts';

export const MAX_BATCH_FILES = 20;
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;

export interface SenderTuning {
  /** How often an accepted upload's outcome is asked for. */
  outcomePollMs: number;
  /** How long it is asked for before the agent stops waiting for it. */
  outcomeWaitMs: number;
}

export const DEFAULT_SENDER_TUNING: SenderTuning = { outcomePollMs: 250, outcomeWaitMs: 60_000 };
/** The slowest an upload's outcome is asked for. */
const MAX_OUTCOME_POLL_MS = 2_000;
/** How long after Rith failed to process an upload its files are sent again. */
const FAILED_RETRY_MS = 30_000;

/** The last file Rith decided about, for the status report. */
export interface LastFile {
  name: string;
  outcome: Exclude<FileOutcome, 'sent'>;
  detail: string | null;
  at: Date;
}

export interface SenderDeps {
  api: RithApi;
  competitionUic: number;
  journal: Journal;
  folder: LynxFolder;
  reporter: Reporter;
  connection: Connection;
  now: () => Date;
  tuning: SenderTuning;
  /** The token was refused: the agent must stop. */
  onUnauthorized: (problem: Problem) => void;
  /** The queue or a file's outcome changed: worth a status report. */
  onChange: () => void;
}

interface Outgoing {
  item: PendingFile;
  content: FileContent;
}

export class Sender {
  lastFile: LastFile | null = null;
  private nextSeq: number;
  private open = false;
  private stopping = false;
  private readonly stopped = new AbortController();
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private inFlight: AbortController | null = null;
  private readonly followers = new Set<Promise<void>>();
  /** Files whose read failed, so the failure is printed once, not every retry. */
  private readonly unreadable = new Set<string>();
  private saveError: string | null = null;

  constructor(private readonly deps: SenderDeps) {
    const { journal } = deps;
    this.nextSeq = journal.data.pending.reduce((max, item) => Math.max(max, item.seq + 1), 0);
    const last = journal.lastAccepted();
    if (last && last.outcome !== 'sent') {
      this.lastFile = {
        name: last.name,
        outcome: last.outcome,
        detail: last.detail,
        at: new Date(last.at),
      };
    }
  }

  get queueLength(): number {
    return this.deps.journal.data.pending.length;
  }

  /** A place in the send order, taken when a file settles, before its content is read. */
  ticket(): number {
    return this.nextSeq++;
  }

  /**
   * A file settled with this content. Queues it unless Rith already accepted exactly this
   * content, or it is already queued with it. True when it was queued (new content).
   */
  offer(name: string, hash: string, seq: number): boolean {
    const { journal } = this.deps;
    const key = lynxFileKey(name);
    const accepted = journal.accepted(key);
    const item = journal.pendingItem(key);
    if (item) {
      const changed = item.hash !== hash;
      item.hash = hash;
      item.name = name;
      // Put back as it was when Rith last accepted it, and not being sent: nothing to send.
      if (item.state === 'queued' && accepted?.hash === hash) this.remove(item);
      // persist() never rejects: a failed save is reported and sending goes on.
      if (changed) void this.persist();
      return changed && accepted?.hash !== hash;
    }
    if (accepted?.hash === hash) return false;
    journal.data.pending.push({
      key,
      name,
      hash,
      state: 'queued',
      sendingHash: null,
      seq,
      alone: false,
    });
    void this.persist();
    this.kick();
    this.deps.onChange();
    return true;
  }

  /**
   * Starts sending: called once every file already in the folder has been offered, but for
   * results still being written, which follow when they are done.
   */
  start(): void {
    this.open = true;
    this.loop ??= this.run();
    this.kick();
  }

  /**
   * Stops sending. A request under way may finish within `graceMs`, then it is cut off (its
   * files stay "sending" in the journal and go again at the next start). The journal is
   * saved before this resolves.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.stopped.abort();
    this.kick();
    const inFlight = this.inFlight;
    const cutOff = setTimeout(() => inFlight?.abort(), graceMs);
    await this.loop;
    clearTimeout(cutOff);
    await Promise.allSettled([...this.followers]);
    await this.persist();
  }

  private kick(): void {
    const wake = this.wakeUp;
    this.wakeUp = null;
    wake?.();
  }

  private persist(): Promise<void> {
    return this.deps.journal.save().then(
      () => {
        this.saveError = null;
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (this.saveError !== message) {
          this.saveError = message;
          this.deps.connection.error(`cannot save the journal (${message}); still sending.`);
        }
      },
    );
  }

  private remove(item: PendingFile): void {
    const pending = this.deps.journal.data.pending;
    const index = pending.indexOf(item);
    if (index !== -1) pending.splice(index, 1);
  }

  private async run(): Promise<void> {
    let attempt = 0;
    while (!this.stopping) {
      if (!this.open || this.queueLength === 0) {
        await new Promise<void>((resolve) => (this.wakeUp = resolve));
        continue;
      }
      let batch: Outgoing[];
      try {
        batch = await this.pick();
      } catch (error) {
        this.deps.reporter.note(`could not prepare files: ${(error as Error).message}`);
        await sleep(1000, this.stopped.signal);
        continue;
      }
      if (batch.length === 0) {
        // Everything queued could not be read: wait for a change or a second, then retry.
        if (this.queueLength > 0) await sleep(1000, this.stopped.signal);
        continue;
      }
      if (this.stopping) break;
      for (const { item, content } of batch) {
        item.state = 'sending';
        item.sendingHash = content.hash;
      }
      await this.persist();
      if (this.stopping) break;

      const request = new AbortController();
      this.inFlight = request;
      const result = await this.deps.api.upload(
        this.deps.competitionUic,
        batch.map(({ item, content }) => ({ name: item.name, bytes: content.bytes })),
        request.signal,
      );
      this.inFlight = null;
      // Cut off by a stop: what happened is unknown, so the files go again next time.
      if (request.signal.aborted) break;

      if (result.ok) {
        this.deps.connection.succeeded();
        attempt = 0;
        await this.accepted(batch, result.value);
        continue;
      }
      const problem = result.problem;
      if (problem.kind === 'unauthorized') {
        this.deps.onUnauthorized(problem);
        break;
      }
      if (problem.kind === 'refused') {
        this.deps.connection.succeeded();
        attempt = 0;
        if (batch.length > 1) {
          // One of them is the cause: each goes alone, so only that one is refused.
          for (const { item } of batch) item.alone = true;
        } else {
          const { item, content } = present(batch[0], "the batch's one file");
          this.record(item, content.hash, null, 'refused', problem.message);
          this.deps.reporter.step('refused', `${item.name}: ${problem.message}`);
          this.settle(item, content.hash);
        }
        await this.persist();
        this.deps.onChange();
        continue;
      }
      this.deps.connection.failed(problem.message, problem.busy);
      await sleep(problem.retryAfterMs ?? backoffMs(attempt), this.stopped.signal);
      attempt += 1;
    }
  }

  /** The next request's files, read now: their hash is of exactly the bytes sent. */
  private async pick(): Promise<Outgoing[]> {
    const { journal, folder } = this.deps;
    const queue = [...journal.data.pending].sort(
      (a, b) => sendRank(a.name) - sendRank(b.name) || a.seq - b.seq,
    );
    const batch: Outgoing[] = [];
    let bytes = 0;
    for (const item of queue) {
      if (batch.length >= MAX_BATCH_FILES) break;
      if (item.alone && batch.length > 0) break;
      let content: FileContent | null;
      try {
        content = await folder.read(item.name);
        this.unreadable.delete(item.key);
      } catch (error) {
        if (!this.unreadable.has(item.key)) {
          this.unreadable.add(item.key);
          this.deps.reporter.step(
            'waiting',
            `${item.name}: cannot read it (${(error as Error).message})`,
          );
        }
        continue;
      }
      if (content === null) {
        this.remove(item);
        // A file refused (replaced by a link, grown too large) has had its line from the folder.
        if (!folder.refuses(item.name)) {
          this.deps.reporter.step('skipped', `${item.name}: deleted before it could be sent`);
        }
        this.deps.onChange();
        continue;
      }
      // Not what settled: written again since (or being written). Sent once two reads a
      // moment apart agree, so a file caught half-written never goes out.
      if (content.hash !== item.hash) {
        item.hash = content.hash;
        continue;
      }
      // Saved again with the content Rith already has: nothing to send.
      if (journal.accepted(item.key)?.hash === content.hash) {
        this.remove(item);
        this.deps.onChange();
        continue;
      }
      if (batch.length > 0 && bytes + content.bytes.length > MAX_BATCH_BYTES) break;
      batch.push({ item, content });
      bytes += content.bytes.length;
      if (item.alone) break;
    }
    return batch;
  }

  /** Rith stored the request's files (202), or had every one of them already (200). */
  private async accepted(batch: Outgoing[], answer: UploadAnswer): Promise<void> {
    const follow: string[] = [];
    for (const { item, content } of batch) {
      const report = answer.files.find((file) => lynxFileKey(file.fileName) === item.key);
      if (report?.outcome === 'refused') {
        const reason = report.reason ?? 'refused';
        this.record(item, content.hash, answer.uploadId, 'refused', reason);
        this.deps.reporter.step('refused', `${item.name}: ${reason}`);
      } else if (report?.outcome === 'unchanged') {
        this.record(item, content.hash, answer.uploadId, 'unchanged', null);
        this.deps.reporter.step('unchanged', `${item.name} (Rith already has this version)`);
        // Sent before a crash and still on its way there: its outcome is still to be told.
        if (answer.status === 'queued' || answer.status === 'parsing') follow.push(item.name);
      } else {
        this.record(item, content.hash, answer.uploadId, 'sent', null);
        this.deps.reporter.step('sent', item.name);
        follow.push(item.name);
      }
      this.settle(item, content.hash);
    }
    await this.persist();
    this.deps.onChange();
    if (follow.length > 0) {
      const follower = this.follow(answer.uploadId, follow).finally(() =>
        this.followers.delete(follower),
      );
      this.followers.add(follower);
    }
  }

  /** Done with this send: off the queue, unless the file changed again meanwhile. */
  private settle(item: PendingFile, sentHash: string): void {
    if (item.hash === sentHash) {
      this.remove(item);
      return;
    }
    item.state = 'queued';
    item.sendingHash = null;
    item.alone = false;
    item.seq = this.nextSeq++;
  }

  private record(
    item: PendingFile,
    hash: string,
    uploadId: string | null,
    outcome: FileOutcome,
    detail: string | null,
  ): void {
    const at = this.deps.now();
    this.deps.journal.data.files[item.key] = {
      name: item.name,
      hash,
      uploadId,
      outcome,
      detail: detail === null ? null : detail.slice(0, 500),
      at: at.toISOString(),
    };
    if (outcome !== 'sent') this.lastFile = { name: item.name, outcome, detail, at };
  }

  /** Asks for an accepted upload's outcome until it is known, and prints it per file. */
  private async follow(uploadId: string, names: string[]): Promise<void> {
    const deadline = Date.now() + this.deps.tuning.outcomeWaitMs;
    const signal = this.stopped.signal;
    // Quick at first (most uploads publish within a second), then sparing of the token's
    // request budget while Rith works on a long one.
    let wait = this.deps.tuning.outcomePollMs;
    while (!signal.aborted && Date.now() < deadline) {
      await sleep(wait, signal);
      wait = Math.min(wait * 1.5, MAX_OUTCOME_POLL_MS);
      if (signal.aborted) return;
      const result = await this.deps.api.uploadView(uploadId, signal);
      if (signal.aborted) return;
      if (!result.ok) {
        if (result.problem.kind === 'unauthorized') return this.deps.onUnauthorized(result.problem);
        if (result.problem.kind === 'refused') {
          this.deps.reporter.note(`cannot follow upload ${uploadId}: ${result.problem.message}`);
          return;
        }
        continue;
      }
      const view = result.value;
      if (view.status === 'published' || view.status === 'failed') {
        await this.outcome(uploadId, view, names);
        return;
      }
    }
    if (signal.aborted) return;
    for (const name of names) {
      this.deps.reporter.step('sent', `${name}: Rith is still working on it (upload ${uploadId})`);
    }
  }

  /**
   * Rith could not process the upload (not the file's fault: a refused file is reported as
   * refused): the content is no longer counted as accepted, and is sent again a little later,
   * so nothing is lost to an outage on Rith's side.
   */
  private retryFailed(key: string, name: string, hash: string): void {
    delete this.deps.journal.data.files[key];
    this.deps.reporter.note(`${name}: sending it again in ${FAILED_RETRY_MS / 1000} s`);
    void sleep(FAILED_RETRY_MS, this.stopped.signal).then(() => {
      if (!this.stopped.signal.aborted) this.offer(name, hash, this.ticket());
    });
  }

  private async outcome(uploadId: string, view: UploadView, names: string[]): Promise<void> {
    const { journal, reporter } = this.deps;
    for (const name of names) {
      const key = lynxFileKey(name);
      const report: FileReport | undefined = view.files.find(
        (file) => lynxFileKey(file.fileName) === key,
      );
      let outcome: Exclude<FileOutcome, 'sent'>;
      let detail: string | null;
      if (report?.outcome === 'refused') {
        outcome = 'refused';
        detail = report.reason ?? view.message ?? 'refused';
        reporter.step('refused', `${name}: ${detail}`);
      } else if (report?.outcome === 'unchanged') {
        outcome = 'unchanged';
        detail = null;
        reporter.step('unchanged', `${name} (Rith already has this version)`);
      } else if (view.status === 'failed' && report?.outcome !== 'applied') {
        outcome = 'failed';
        detail = report?.reason ?? view.message ?? 'the upload failed';
        reporter.step('failed', `${name}: ${detail}`);
      } else {
        outcome = 'published';
        detail = report ? describeReport(report) : (view.message ?? null);
        reporter.step('published', detail ? `${name} → ${detail}` : name);
        for (const warning of report?.warnings ?? [])
          reporter.step('warning', `${name}: ${warning}`);
        journal.countPublished(localDay(this.deps.now()));
      }
      const entry = journal.accepted(key);
      // Only if no later content of the file has been accepted since.
      if (entry && entry.uploadId === uploadId) {
        entry.outcome = outcome;
        entry.detail = detail === null ? null : detail.slice(0, 500);
        if (outcome === 'failed') this.retryFailed(key, name, entry.hash);
      }
      this.lastFile = { name, outcome, detail, at: this.deps.now() };
    }
    await this.persist();
    this.deps.onChange();
  }
}

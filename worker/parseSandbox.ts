import { Worker } from 'node:worker_threads';
import type { ParseJob, ParseOutput } from '../server/parsers/upload.ts';
import type { ExchangeJob, ExchangeOutput } from '../server/parsers/exchange/job.ts';
import type { ResultsPdf } from '../server/exchange/pdfDocument.ts';
import { ownModule, threadStart } from '../server/ownFiles.ts';

export interface SandboxLimits {
  /** A parse running longer is stopped and its upload fails. */
  timeoutMs: number;
  /** Heap of the parsing thread; a file that needs more fails its own job only. */
  maxMemoryMb: number;
}

const STARTUP_LIMIT_MS = 30_000;

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { timeoutMs: 10_000, maxMemoryMb: 256 };

/**
 * What the thread does: parse an upload's files or an import's exchange file, or render a
 * results PDF (seconds of CPU for a big meet, never on the thread that serves spectators).
 */
export type SandboxJob =
  | { kind: 'upload'; job: ParseJob }
  | { kind: 'exchange'; job: ExchangeJob }
  | { kind: 'pdf'; job: ResultsPdf };
export type PdfOutput = { ok: true; bytes: Uint8Array } | { ok: false; error: { reason: string } };
type SandboxOutput = ParseOutput | ExchangeOutput | PdfOutput;

interface Task {
  id: number;
  job: SandboxJob;
  resolve(output: SandboxOutput): void;
  reject(err: Error): void;
}

/** The module the thread runs: it parses each job it is sent (see parseThread.ts). */
const PARSE_THREAD = ownModule('worker/parseThread');

/**
 * Parses uploads in a worker thread with its own heap limit and a time limit: a file built
 * to hang or to balloon kills that thread (a new one takes the next job), never the process
 * that serves spectators. Jobs run one at a time, in order.
 */
export class ParseSandbox {
  private thread: Worker | null = null;
  private ready: Promise<void> = Promise.resolve();
  private readonly tasks: Task[] = [];
  private current: { task: Task; timer: NodeJS.Timeout | undefined } | null = null;
  private nextId = 1;
  private closed = false;

  /** `entry` is another thread module speaking parseThread.ts's messages (tests: one that hangs). */
  constructor(
    private readonly limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS,
    private readonly entry: URL = PARSE_THREAD,
  ) {}

  parse(job: ParseJob): Promise<ParseOutput> {
    return this.run({ kind: 'upload', job }) as Promise<ParseOutput>;
  }

  /** An import's file (server/parsers/exchange/), under the same limits as an upload's. */
  parseExchange(job: ExchangeJob): Promise<ExchangeOutput> {
    return this.run({ kind: 'exchange', job }) as Promise<ExchangeOutput>;
  }

  /** A results PDF (server/exchange/pdf.ts); rejected when it could not be made. */
  async renderPdf(pdf: ResultsPdf): Promise<Buffer> {
    const output = (await this.run({ kind: 'pdf', job: pdf })) as PdfOutput;
    if (!output.ok) throw new Error(`the results PDF could not be made: ${output.error.reason}`);
    return Buffer.from(output.bytes.buffer, output.bytes.byteOffset, output.bytes.byteLength);
  }

  private run(job: SandboxJob): Promise<SandboxOutput> {
    if (this.closed) return Promise.reject(new Error('parse sandbox closed'));
    return new Promise((resolve, reject) => {
      this.tasks.push({ id: this.nextId++, job, resolve, reject });
      this.pump();
    });
  }

  private spawn(): Worker {
    const thread = new Worker(threadStart(this.entry), {
      workerData: { entry: this.entry.href },
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.maxMemoryMb,
        maxYoungGenerationSizeMb: 32,
      },
    });
    let loaded!: () => void;
    this.ready = new Promise((resolve) => (loaded = resolve));
    thread.on('message', (message: { ready: true } | { id: number; output: SandboxOutput }) => {
      if ('ready' in message) return loaded();
      if (this.current?.task.id !== message.id) return;
      this.finish(message.output);
    });
    thread.on('error', (err) => this.lose(thread, err));
    thread.on('exit', () => this.lose(thread, null));
    thread.unref();
    return thread;
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const task = this.tasks.shift();
    if (!task) return;
    const thread = (this.thread ??= this.spawn());
    // A thread that never finishes loading must not hold every later job.
    this.current = {
      task,
      timer: setTimeout(() => {
        if (this.current?.task !== task) return;
        this.thread = null;
        this.current = null;
        task.reject(new Error('the parse thread did not start'));
        void thread.terminate();
        this.pump();
      }, STARTUP_LIMIT_MS),
    };
    void this.ready.then(() => {
      if (this.current?.task === task) clearTimeout(this.current.timer);
      if (this.current?.task !== task || this.thread !== thread) return;
      this.current.timer = setTimeout(() => {
        this.thread = null;
        this.finish(
          this.failure(task, `parsing took longer than ${this.limits.timeoutMs / 1000} s`),
        );
        void thread.terminate();
      }, this.limits.timeoutMs);
      thread.postMessage({ id: task.id, job: task.job });
    });
  }

  private finish(output: SandboxOutput): void {
    const current = this.current;
    if (!current) return;
    clearTimeout(current.timer);
    this.current = null;
    current.task.resolve(output);
    this.pump();
  }

  /**
   * The thread died. Out of memory is the file's fault: its upload fails. Anything else is
   * not: the job is rejected, so the queue tries it again. The next job gets a new thread.
   */
  private lose(thread: Worker, err: Error | null): void {
    if (this.thread !== thread) return;
    this.thread = null;
    const current = this.current;
    if (!current) return;
    if ((err as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      this.finish(
        this.failure(
          current.task,
          `the file needs more than ${this.limits.maxMemoryMb} MB to parse`,
        ),
      );
      return;
    }
    clearTimeout(current.timer);
    this.current = null;
    current.task.reject(err ?? new Error('the parse thread stopped unexpectedly'));
    this.pump();
  }

  private failure({ job }: Task, reason: string): SandboxOutput {
    if (job.kind === 'exchange') return { ok: false, error: { file: job.job.name, reason } };
    if (job.kind === 'pdf') return { ok: false, error: { reason } };
    const file = job.job.files[0];
    return {
      ok: false,
      format: file?.format ?? 'xlsx',
      error: { file: job.job.files.map((f) => f.name).join(', ') || '(none)', reason },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.tasks.splice(0))
      task.resolve(this.failure(task, 'the server is stopping'));
    const thread = this.thread;
    this.thread = null;
    if (this.current) this.finish(this.failure(this.current.task, 'the server is stopping'));
    await thread?.terminate();
  }
}

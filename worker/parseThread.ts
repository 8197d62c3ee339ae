import { parentPort } from 'node:worker_threads';
import { parseUpload } from '../server/parsers/upload.ts';
import { parseExchangeJob } from '../server/parsers/exchange/job.ts';
import type { SandboxJob } from './parseSandbox.ts';

// The sandboxed side: parse what the parent sends, one job at a time, and send back plain data.
parentPort?.on('message', ({ id, job }: { id: number; job: SandboxJob }) => {
  const output = job.kind === 'exchange' ? parseExchangeJob(job.job) : parseUpload(job.job);
  parentPort?.postMessage({ id, output });
});

// Loaded: the parent starts a job's clock only now, so start-up never counts against a file.
parentPort?.postMessage({ ready: true });

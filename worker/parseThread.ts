import { parentPort } from 'node:worker_threads';
import { parseUpload } from '../server/parsers/upload.ts';
import { parseExchangeJob } from '../server/parsers/exchange/job.ts';
import { renderResultsPdf } from '../server/exchange/pdf.ts';
import type { PdfOutput, SandboxJob } from './parseSandbox.ts';

// The sandboxed side: parse what the parent sends, one job at a time, and send back plain data.
parentPort?.on('message', ({ id, job }: { id: number; job: SandboxJob }) => {
  if (job.kind === 'pdf') {
    void render(job.job).then((output) => parentPort?.postMessage({ id, output }));
    return;
  }
  const output = job.kind === 'exchange' ? parseExchangeJob(job.job) : parseUpload(job.job);
  parentPort?.postMessage({ id, output });
});

async function render(pdf: Extract<SandboxJob, { kind: 'pdf' }>['job']): Promise<PdfOutput> {
  try {
    return { ok: true, bytes: await renderResultsPdf(pdf) };
  } catch (err) {
    return { ok: false, error: { reason: err instanceof Error ? err.message : String(err) } };
  }
}

// Loaded: the parent starts a job's clock only now, so start-up never counts against a file.
parentPort?.postMessage({ ready: true });

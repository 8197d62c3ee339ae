import { parentPort } from 'node:worker_threads';
import { parseUpload, type ParseJob } from '../../server/parsers/upload.ts';
import type { SandboxJob } from '../../worker/parseSandbox.ts';

// worker/parseThread.ts, for ParseSandbox tests, except that a job with a file named
// hang.lif blocks the thread for good, as a parser stuck in a loop would: the sandbox's
// time limit must stop it, however fast or slow the machine is.
parentPort?.on('message', (message: { id: number; job: SandboxJob }) => {
  const job = message.job.job as ParseJob;
  if (job.files.some((f) => f.name === 'hang.lif')) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  }
  parentPort?.postMessage({ id: message.id, output: parseUpload(job) });
});

parentPort?.postMessage({ ready: true });

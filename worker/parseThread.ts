import { parentPort } from 'node:worker_threads';
import { parseUpload, type ParseJob } from '../server/parsers/upload.ts';

// The sandboxed side: parse what the parent sends, one job at a time, and send back plain data.
parentPort?.on('message', (message: { id: number; job: ParseJob }) => {
  parentPort?.postMessage({ id: message.id, output: parseUpload(message.job) });
});

// Loaded: the parent starts a job's clock only now, so start-up never counts against a file.
parentPort?.postMessage({ ready: true });

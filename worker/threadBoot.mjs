// Worker threads start from plain JavaScript: this registers tsx in the thread, then loads
// the TypeScript entry named in workerData.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);

// Worker threads start from plain JavaScript: this registers tsx in the thread, then loads
// the TypeScript entry named in workerData. Only when running from the sources (npm run dev,
// the tests); compiled, the thread runs its .js entry directly.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);

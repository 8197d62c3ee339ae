// Node only (the agent and the server): the client never imports this module.
import { createHash } from 'node:crypto';

/**
 * What tells two saves of a FinishLynx file apart: the SHA-256 of its bytes. The agent skips
 * content Rith accepted and the server acknowledges content it has, by the same hash.
 */
export const contentHash = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

/** FinishLynx names files in any case; Windows does not tell 001-1-01.LIF from 001-1-01.lif. */
export const lynxFileKey = (name: string): string => name.toLowerCase();

/**
 * Files older than today. A timing PC's folder often still holds the last meet's files when
 * the agent starts for a new one, and sending them would publish last week's heats into
 * today's competition. So a file found at start that was saved before today (the agent's
 * local day) and whose content Rith has not accepted is held back, lynx.evt, .sch and .ppl
 * included: they belong to the old meet too. It goes once it is saved again (FinishLynx
 * writes it for today's meet), or when the operator says so (--send-existing, or the
 * console's "Send held files").
 *
 * Nothing about holding is written down: the same rule finds the same files at the next
 * start, so a held file stays held across restarts, and one sent is in the journal.
 */
import type { Journal } from './journal.ts';
import { sendRank } from './files.ts';
import { localDay } from './time.ts';

/** Whether a file found at start (with this content, written at `mtimeMs`) is held back. */
export function holdsBack(
  file: { key: string; hash: string; mtimeMs: number },
  journal: Journal,
  today: string,
): boolean {
  if (localDay(new Date(file.mtimeMs)) >= today) return false;
  // Queued by the last run, which had decided to send it.
  if (journal.pendingItem(file.key)) return false;
  return journal.accepted(file.key)?.hash !== file.hash;
}

export interface HeldFile {
  key: string;
  name: string;
}

/** How many file names the start line shows before "…". */
const NAMES_SHOWN = 3;

export class HeldFiles {
  private readonly files = new Map<string, HeldFile>();

  get size(): number {
    return this.files.size;
  }

  hold(file: HeldFile): void {
    this.files.set(file.key, file);
  }

  /** No longer held (saved again, or queued to send); true when it was. */
  release(key: string): boolean {
    return this.files.delete(key);
  }

  /** Meet files first, then by name: the order they are listed and sent in. */
  list(): HeldFile[] {
    return [...this.files.values()].sort(
      (a, b) => sendRank(a.name) - sendRank(b.name) || a.name.localeCompare(b.name),
    );
  }

  /** The line the operator reads at start. */
  describe(): string {
    const files = this.list();
    const names = files.slice(0, NAMES_SHOWN).map((file) => file.name);
    if (files.length > NAMES_SHOWN) names.push('…');
    const count = files.length === 1 ? '1 file' : `${files.length} files`;
    return `held back: ${count} saved before today (${names.join(', ')}); start with --send-existing, or press 'Send held files' in the admin console's Timing room, to send ${files.length === 1 ? 'it' : 'them'}`;
  }
}

/**
 * When a file is completely written. Each file is waited for on its own: one FinishLynx (or
 * a slow copy) is still writing never holds back the files that are done.
 */
import type { FileContent, LynxFolder } from './folder.ts';
import { sleep } from './time.ts';

/**
 * FinishLynx ends every file it writes with a line break (CRLF, in UTF-16 too): a file
 * without one is still being written, over a network share or while an antivirus scan
 * holds it.
 */
export function endsWithLineBreak(bytes: Uint8Array): boolean {
  const n = bytes.length;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return n >= 4 && bytes[n - 2] === 0x0a && bytes[n - 1] === 0x00;
  }
  return n > 0 && bytes[n - 1] === 0x0a;
}

/**
 * The file as `content` read it, or, while that does not end with a line break, as it grows:
 * looked at every `checkMs` for up to `boundMs`. Past that, what is there (`finished` false),
 * and the watcher reports the next version as usual. Null when the file is gone, or still
 * empty: an empty file is never sent.
 */
export async function whenFinished(
  folder: LynxFolder,
  name: string,
  content: FileContent,
  wait: { boundMs: number; checkMs: number; signal?: AbortSignal },
): Promise<{ content: FileContent; finished: boolean } | null> {
  const deadline = Date.now() + wait.boundMs;
  let current = content;
  while (!endsWithLineBreak(current.bytes) && Date.now() < deadline && !wait.signal?.aborted) {
    await sleep(Math.min(wait.checkMs, deadline - Date.now()), wait.signal);
    const look = await folder.look(name);
    if (!look) return null;
    // Read again only once it has changed: a large file is not read over and over.
    if (look.size === current.bytes.length && look.mtimeMs === current.mtimeMs) continue;
    const again = await folder.read(name);
    if (!again) return null;
    current = again;
  }
  if (current.bytes.length === 0) return null;
  return { content: current, finished: endsWithLineBreak(current.bytes) };
}

/**
 * Waits until a file's size and modification time have not changed for `stableMs`: for the
 * files already in the folder at start, which the watcher reports at once, one of which
 * FinishLynx may be writing right now. `onChanging` is called once, when the file is first
 * seen changing.
 */
export async function waitUntilStable(
  folder: LynxFolder,
  name: string,
  wait: { stableMs: number; checkMs: number; signal?: AbortSignal; onChanging?: () => void },
): Promise<void> {
  let previous = '';
  let since = Date.now();
  let changing = false;
  for (;;) {
    const look = await folder.look(name);
    if (!look) return;
    // Untouched for longer than the threshold already: no need to watch it.
    if (previous === '' && Date.now() - look.mtimeMs > wait.stableMs) return;
    const current = `${look.size}/${look.mtimeMs}`;
    if (current !== previous) {
      if (previous !== '' && !changing) {
        changing = true;
        wait.onChanging?.();
      }
      previous = current;
      since = Date.now();
    } else if (Date.now() - since >= wait.stableMs) {
      return;
    }
    if (wait.signal?.aborted) return;
    await sleep(wait.checkMs, wait.signal);
  }
}

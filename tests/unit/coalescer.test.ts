import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from '../../server/live/coalescer.ts';

const WINDOW_MS = 250;

interface Change {
  key: string;
  label: string;
}

function setup() {
  const sent: string[] = [];
  const coalescer = new Coalescer<Change>(WINDOW_MS, (change) =>
    sent.push(`${change.key}:${change.label}`),
  );
  const push = (key: string, label: string, version?: number) =>
    coalescer.push(key, { key, label }, version);
  return { coalescer, sent, push };
}

/** Runs what setImmediate queued, without letting any window (setTimeout) run. */
const nextTick = () => vi.advanceTimersByTime(0);

describe('Coalescer (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
  });

  it('sends the first item for a key on the next turn of the event loop, not synchronously', () => {
    const { sent, push } = setup();
    push('event:a', 'v1', 1);
    expect(sent).toEqual([]);
    vi.runAllTicks(); // process.nextTick and microtasks are not the next turn
    expect(sent).toEqual([]);
    nextTick();
    expect(sent).toEqual(['event:a:v1']);
  });

  it('coalesces items pushed for one key in the same tick into one send of the newest', () => {
    const { sent, push } = setup();
    push('event:a', 'v1', 1);
    push('event:a', 'v2', 2);
    push('event:a', 'v3', 3);
    nextTick();
    expect(sent).toEqual(['event:a:v3']);
    vi.advanceTimersByTime(WINDOW_MS * 4);
    expect(sent).toEqual(['event:a:v3']);
  });

  it('without versions, the later arrival of the same tick wins', () => {
    const { sent, push } = setup();
    push('event:a', 'first');
    push('event:a', 'second');
    nextTick();
    expect(sent).toEqual(['event:a:second']);
  });

  it('ignores an item with a lower version than the one held', () => {
    const { sent, push } = setup();
    push('event:a', 'v5', 5);
    push('event:a', 'v3', 3);
    nextTick();
    expect(sent).toEqual(['event:a:v5']);
  });

  it('accepts an item with the same version as the one held (the later arrival)', () => {
    const { sent, push } = setup();
    push('event:a', 'v4-first', 4);
    push('event:a', 'v4-second', 4);
    nextTick();
    expect(sent).toEqual(['event:a:v4-second']);
  });

  it('holds items arriving within the window after a send and sends only the highest version when it ends', () => {
    const { sent, push } = setup();
    push('event:a', 'v1', 1);
    nextTick();
    expect(sent).toEqual(['event:a:v1']);

    push('event:a', 'v2', 2);
    push('event:a', 'v4', 4);
    push('event:a', 'v3', 3); // arrives last but is older: ignored
    nextTick();
    vi.advanceTimersByTime(WINDOW_MS - 1);
    expect(sent).toEqual(['event:a:v1']);

    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['event:a:v1', 'event:a:v4']);
  });

  it('without versions, the last item held during the window is the one sent', () => {
    const { sent, push } = setup();
    push('competition:1', 'first');
    nextTick();
    push('competition:1', 'second');
    push('competition:1', 'third');
    vi.advanceTimersByTime(WINDOW_MS);
    expect(sent).toEqual(['competition:1:first', 'competition:1:third']);
  });

  it('sends at most one item per window while changes keep coming', () => {
    const { sent, push } = setup();
    push('event:a', 'v1', 1);
    nextTick();
    push('event:a', 'v2', 2);
    vi.advanceTimersByTime(WINDOW_MS);
    expect(sent).toEqual(['event:a:v1', 'event:a:v2']);

    // The send at the end of the window opened a new one.
    push('event:a', 'v3', 3);
    nextTick();
    vi.advanceTimersByTime(WINDOW_MS - 1);
    expect(sent).toEqual(['event:a:v1', 'event:a:v2']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['event:a:v1', 'event:a:v2', 'event:a:v3']);
  });

  it('keeps different keys independent', () => {
    const { sent, push } = setup();
    push('event:a', 'a1', 1);
    push('event:b', 'b1', 1);
    nextTick();
    expect(sent).toEqual(['event:a:a1', 'event:b:b1']);

    // event:a is inside its window; a new key is not held by it.
    push('event:a', 'a2', 2);
    push('event:c', 'c1', 1);
    nextTick();
    expect(sent).toEqual(['event:a:a1', 'event:b:b1', 'event:c:c1']);

    // The version held for one key does not gate another key.
    push('event:a', 'a9', 9);
    push('event:b', 'b2', 2);
    vi.advanceTimersByTime(WINDOW_MS);
    expect(sent).toEqual(['event:a:a1', 'event:b:b1', 'event:c:c1', 'event:a:a9', 'event:b:b2']);
  });

  it('after a quiet window, the next item goes out on the next tick again', () => {
    const { sent, push } = setup();
    push('event:a', 'v1', 1);
    nextTick();
    vi.advanceTimersByTime(WINDOW_MS); // the window ends with nothing held
    expect(sent).toEqual(['event:a:v1']);

    push('event:a', 'v2', 2);
    expect(sent).toEqual(['event:a:v1']);
    nextTick();
    expect(sent).toEqual(['event:a:v1', 'event:a:v2']);
  });

  it('drops an item no newer than the one just sent while its window lasts', () => {
    const { sent, push } = setup();
    push('event:a', 'v5', 5);
    nextTick();
    push('event:a', 'v5 again', 5);
    push('event:a', 'v3', 3);
    vi.advanceTimersByTime(WINDOW_MS * 2);
    expect(sent).toEqual(['event:a:v5']);
  });

  it('close() drops items waiting for the next tick', () => {
    const { coalescer, sent, push } = setup();
    push('event:a', 'v1', 1);
    push('event:b', 'v1', 1);
    coalescer.close();
    vi.advanceTimersByTime(WINDOW_MS * 2);
    expect(sent).toEqual([]);
  });

  it('close() drops items held for the end of a window', () => {
    const { coalescer, sent, push } = setup();
    push('event:a', 'v1', 1);
    nextTick();
    push('event:a', 'v2', 2);
    coalescer.close();
    vi.advanceTimersByTime(WINDOW_MS * 4);
    expect(sent).toEqual(['event:a:v1']);
  });
});

describe('Coalescer (real timers)', () => {
  // Runs after every immediate queued before it (immediates run in order).
  const afterImmediates = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('sends on the next turn with real timers too', async () => {
    const { coalescer, sent, push } = setup();
    push('event:a', 'v1', 1);
    expect(sent).toEqual([]);
    await afterImmediates();
    expect(sent).toEqual(['event:a:v1']);
    coalescer.close(); // clears the window timer
  });
});

describe('Coalescer with a merge', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
  });

  it('sends what the merge makes of an item waiting and a newer one, never of one sent', () => {
    const sent: string[] = [];
    const coalescer = new Coalescer<string>(
      WINDOW_MS,
      (item) => sent.push(item),
      (held, next) => `${held}+${next}`,
    );
    coalescer.push('event:a', 'v1', 1);
    nextTick();
    coalescer.push('event:a', 'v2', 2);
    coalescer.push('event:a', 'v3', 3);
    coalescer.push('event:a', 'v0', 0); // older than what waits: dropped, not merged
    vi.advanceTimersByTime(WINDOW_MS);
    expect(sent).toEqual(['v1', 'v2+v3']);
  });
});

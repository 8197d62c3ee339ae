import type { Qualifier } from './qualify.ts';

/**
 * The next round's line-up drawn from the qualifiers, as World Athletics seeds it (TR 20):
 * the ranked qualifiers are spread over the heats in a serpentine, then within each heat the
 * ranks are drawn into lane groups (8 lanes: ranks 1-4 into lanes 3-6, 5-6 into 7-8, 7-8 into
 * 1-2). The draw is seeded, so the same qualifiers and seed always give the same line-up:
 * sending a file again must not shuffle a start list spectators already read.
 */

export interface DrawnPlace {
  qualifier: Qualifier;
  /** Null for races run without lanes, or past the lanes a heat has. */
  lane: number | null;
}

/** Lane groups by how many lanes the track has: each group's lanes, for its ranks in turn. */
const laneGroups: Record<number, number[][]> = {
  8: [
    [3, 4, 5, 6],
    [7, 8],
    [1, 2],
  ],
  9: [
    [4, 5, 6],
    [3, 7],
    [8, 9],
    [1, 2],
  ],
};

/** FNV-1a: a stable 32-bit number from the seed text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and reproducible on every engine. */
function random(seed: string): () => number {
  let state = hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Ranked qualifiers over `heats` heats: 1 2 3 3 2 1 1 2 3… */
export function serpentine<T>(ranked: readonly T[], heats: number): T[][] {
  const out: T[][] = Array.from({ length: Math.max(1, heats) }, () => []);
  ranked.forEach((item, i) => {
    const pass = Math.floor(i / out.length);
    const at = i % out.length;
    out[pass % 2 === 0 ? at : out.length - 1 - at]?.push(item);
  });
  return out;
}

/** One heat's ranked athletes drawn into its lanes; the lanes in order. */
function drawLanes(ranked: readonly Qualifier[], lanes: number, next: () => number): DrawnPlace[] {
  const groups = laneGroups[lanes] ?? laneGroups[8] ?? [];
  const drawn: DrawnPlace[] = [];
  let rank = 0;
  for (const group of groups) {
    const members = ranked.slice(rank, rank + group.length);
    // The whole group is drawn: three athletes for lanes 3-6 may get any three of them.
    const order = shuffled(group, next);
    members.forEach((qualifier, i) => drawn.push({ qualifier, lane: order[i] ?? null }));
    rank += group.length;
  }
  // Ties the referee has yet to settle can leave more athletes than lanes.
  for (const qualifier of ranked.slice(rank)) drawn.push({ qualifier, lane: null });
  return drawn.sort((a, b) => (a.lane ?? Infinity) - (b.lane ?? Infinity));
}

export function drawLineUp(input: {
  ranked: readonly Qualifier[];
  heats: number;
  /** Races up to 800 m are run in lanes. */
  laned: boolean;
  lanes?: number;
  seed: string;
}): DrawnPlace[][] {
  const next = random(input.seed);
  return serpentine(input.ranked, input.heats).map((heat) =>
    input.laned
      ? drawLanes(heat, input.lanes ?? 8, next)
      : heat.map((qualifier) => ({ qualifier, lane: null })),
  );
}

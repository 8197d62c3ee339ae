import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Spectator } from '../support/spectator.ts';
import { prepareMeet, runMeet } from '../../scripts/simulator/meet.ts';
import { COALESCE_WINDOW_MS } from '../../server/live/hub.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the live-meet simulator (npm run demo:live)', () => {
  it('plays a meet that spectators watch: live, start lists, heats unofficial then official, a scratch, the final', async () => {
    const meet = await prepareMeet(t.runtime);
    expect(await prepareMeet(t.runtime)).toEqual(meet);
    const spectator = await Spectator.connect(t.url);
    await spectator.subscribe({ competitionUic: meet.competitionUic });
    const lines: string[] = [];
    // Steps longer than the coalescing window, so every state a page passes through is pushed.
    const stepMs = COALESCE_WINDOW_MS + 30;
    await runMeet(t.runtime, meet, { stepMs, cycles: 1, log: (line) => lines.push(line) });
    await spectator.next((m) => m.name === 'competition.changed' && !m.payload.competition.liveNow);
    spectator.close();

    // What an open page went through, in order, per event.
    const story = new Map<string, string[]>();
    const live: boolean[] = [];
    for (const m of spectator.messages) {
      if (m.name === 'competition.changed') live.push(m.payload.competition.liveNow);
      if (m.name === 'event.changed') {
        const { event } = m.payload;
        // What its page shows, by the rule every screen follows.
        const step = `${event.status}:${event.shown}`;
        const steps = story.get(event.eventName) ?? [];
        if (steps.at(-1) !== step) steps.push(step);
        story.set(event.eventName, steps);
      }
      if (m.name === 'event.removed') {
        const name = [...story.keys()].find((n) => n.includes('800m'))!;
        story.get(name)!.push('removed');
      }
    }
    expect(live).toEqual([true, false]);
    expect(story.get("Men's 100m Heat 1")).toEqual([
      'upcoming:startList',
      'unofficial:live',
      'official:results',
    ]);
    expect(story.get("Men's 800m Final")).toEqual([
      'upcoming:startList',
      'scratched:none',
      'removed',
    ]);
    expect(story.get("Men's 100m Final")).toEqual([
      'upcoming:startList',
      'unofficial:live',
      'official:results',
    ]);
    expect(story.get("Women's Long Jump Final")).toEqual([
      'upcoming:startList',
      'official:results',
    ]);

    const events = await (
      await fetch(`${t.url}/api/events?competitionUic=${meet.competitionUic}`)
    ).json();
    expect(events).toHaveLength(5);
    const final = (await (
      await fetch(
        `${t.url}/api/events/${events.find((e: { eventName: string }) => e.eventName === "Men's 100m Final").id}`,
      )
    ).json()) as { results: { rank: string | null }[]; startListFile: unknown[] };
    expect(final.startListFile).toHaveLength(8);
    expect(final.results[0]?.rank).toBe('1');
    expect(lines.at(-1)).toContain('off air');
  });
});

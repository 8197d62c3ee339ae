import { setTimeout as delay } from 'node:timers/promises';
import type { ChangeDeps } from '../../server/runtime.ts';
import { createCompetition, updateCompetition } from '../../server/competitions/service.ts';
import { createEvent, deleteEvent, updateEvent } from '../../server/events/service.ts';
import { localIsoDate } from '../../shared/competitionList.ts';
import { randomSequence } from '../seed/events.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { athletes, laneDraw, longJumpResults, raceResults, windReading } from './athletes.ts';

/**
 * The finish camera's lines of a heat, as its scoreboard sends them before the results file is
 * saved: unofficial, shown by every screen until the file's official results replace them.
 */
const finishCamera = (rows: AthleteRow[], wind: string) => ({
  live: { rows, wind, updatedAt: new Date().toISOString() },
  status: 'unofficial' as const,
});

/**
 * A meet played through the same service functions the admin console and the upload worker
 * use, so every step reaches spectators exactly as a real one would: the competition goes
 * live, start lists appear, results arrive heat by heat (the finish camera's unofficial
 * lines, then the file's official results), an
 * event is scratched and then withdrawn, the final's start list follows the heats, and the
 * competition goes off air before the next round of the loop.
 */

export interface SimulatedMeet {
  clubUrlName: string;
  competitionUrlName: string;
  competitionUic: number;
}

export interface SimulatorOptions {
  /** Pause between steps. */
  stepMs: number;
  /** Meets to play; endless when absent. */
  cycles?: number;
  signal?: AbortSignal;
  /** Told each step, for the terminal. */
  log?: (line: string) => void;
}

const DEMO_CLUB = { clubName: 'Rith Live Demo', urlName: 'rith-live-demo' } as const;
const DEMO_COMPETITION = 'live-demo-meet';

/**
 * The club and competition the simulator plays in: the demo data's Dublin club when it is
 * there, else a club of its own. Made once and reused by later runs.
 */
export async function prepareMeet(deps: ChangeDeps): Promise<SimulatedMeet> {
  const { db } = deps;
  let club = await db
    .selectFrom('clubs')
    .select(['uic', 'urlName'])
    .where('urlName', 'in', ['dublin-city-harriers', DEMO_CLUB.urlName])
    .orderBy('uic')
    .executeTakeFirst();
  club ??= await db
    .insertInto('clubs')
    .values({ ...DEMO_CLUB, email: null, imageLink: null })
    .returning(['uic', 'urlName'])
    .executeTakeFirstOrThrow();
  const existing = await db
    .selectFrom('competitions')
    .select('uic')
    .where('clubUic', '=', club.uic)
    .where('urlName', '=', DEMO_COMPETITION)
    .executeTakeFirst();
  const uic =
    existing?.uic ??
    (
      await createCompetition(deps, club.uic, {
        competitionName: 'Rith Live Demo Meet',
        urlName: DEMO_COMPETITION,
        location: 'Morton Stadium, Santry',
        date: localIsoDate(new Date()),
        // Earliest today, so the home page opens on it while it is live.
        startTime: '08:00',
        description:
          'A meet played by the Rith simulator: watch start lists and results arrive without refreshing.',
        timedBy: 'Rith simulator',
        imageLink: null,
        closeTime: null,
        mapLink: null,
        facebook: null,
        timedByLink: null,
        timeTableFileName: null,
      })
    ).uic;
  return {
    clubUrlName: club.urlName ?? DEMO_CLUB.urlName,
    competitionUrlName: DEMO_COMPETITION,
    competitionUic: uic,
  };
}

const lynxStartList = (fileName: string, rows: AthleteRow[]) => ({
  startListFile: rows,
  startListFileName: fileName,
  startListType: 'LYNX_MEET_MANAGMENT' as const,
});
const lynxResults = (fileName: string, rows: AthleteRow[]) => ({
  results: rows,
  resultsFileName: fileName,
  resultsFileType: 'LYNX_MEET_MANAGMENT' as const,
});

/** Plays `options.cycles` meets (or until aborted). */
export async function runMeet(
  deps: ChangeDeps,
  meet: SimulatedMeet,
  options: SimulatorOptions,
): Promise<void> {
  const { signal } = options;
  const say = options.log ?? (() => {});
  const step = () => delay(options.stepMs, undefined, { signal });
  const uic = meet.competitionUic;

  for (let cycle = 0; options.cycles === undefined || cycle < options.cycles; cycle += 1) {
    const random = randomSequence(2026 + cycle);
    const field = athletes(random, 32);

    const old = await deps.db
      .selectFrom('events')
      .select('id')
      .where('competitionUic', '=', uic)
      .execute();
    for (const { id } of old) await deleteEvent(deps, id);
    await updateCompetition(deps, uic, { liveNow: true, date: localIsoDate(new Date()) });
    say('The competition is live; start lists are going up.');

    const heats: { id: string; name: string; startList: AthleteRow[] }[] = [];
    for (let n = 1; n <= 3; n += 1) {
      const name = `Men's 100m Heat ${n}`;
      const startList = laneDraw(field.slice((n - 1) * 8, n * 8), name);
      const { id } = await createEvent(deps, uic, {
        eventName: name,
        eventType: 'ATHLETICS',
        trackDiscipline: 'ONE_HUNDRED_METER',
        time: `10:${String((n - 1) * 10).padStart(2, '0')}`,
        round: 'heats',
        ...lynxStartList('lynx.evt', startList),
      });
      heats.push({ id, name, startList });
      await step();
    }
    const longJumpEntries = laneDraw(field.slice(24, 32), "Women's Long Jump Final");
    const longJump = await createEvent(deps, uic, {
      eventName: "Women's Long Jump Final",
      eventType: 'JUMP',
      fieldDiscipline: 'LONG_JUMP',
      time: '10:15',
      round: 'finals',
      ...lynxStartList('lynx.evt', longJumpEntries),
    });
    const eightHundred = await createEvent(deps, uic, {
      eventName: "Men's 800m Final",
      eventType: 'ATHLETICS',
      trackDiscipline: 'EIGHT_HUNDRED_METER',
      time: '10:45',
      round: 'finals',
      ...lynxStartList('lynx.evt', laneDraw(field.slice(8, 16), "Men's 800m Final")),
    });
    const final = await createEvent(deps, uic, {
      eventName: "Men's 100m Final",
      eventType: 'ATHLETICS',
      trackDiscipline: 'ONE_HUNDRED_METER',
      time: '11:30',
      round: 'finals',
    });
    await step();

    const finishers: AthleteRow[] = [];
    for (const [index, heat] of heats.entries()) {
      const results = raceResults(random, heat.startList, 10.45, 0.9);
      finishers.push(...results.filter((row) => row.performance !== null));
      const file = `001-${index + 1}-01.lif`;
      const wind = windReading(random);
      await updateEvent(deps, heat.id, finishCamera(results, wind));
      say(`${heat.name}: results in from the finish camera, unofficial.`);
      await step();
      await updateEvent(deps, heat.id, {
        ...lynxResults(file, results),
        windSpeed: wind,
        status: 'official',
      });
      say(`${heat.name}: official.`);
      await step();
    }

    await updateEvent(deps, eightHundred.id, { status: 'scratched' });
    say("Men's 800m Final: scratched.");
    await step();
    await updateEvent(deps, longJump.id, {
      ...lynxResults('LJ-W-F.lff', longJumpResults(random, longJumpEntries)),
      status: 'official',
    });
    say("Women's Long Jump Final: official.");
    await step();
    await updateEvent(deps, eightHundred.id, { visible: false });
    say("Men's 800m Final: withdrawn from the timetable.");
    await step();

    const fastest = [...finishers]
      .sort((a, b) => Number(a.performance) - Number(b.performance))
      .slice(0, 8);
    const finalStartList = laneDraw(fastest, "Men's 100m Final");
    await updateEvent(deps, final.id, lynxStartList('lynx.evt', finalStartList));
    say("Men's 100m Final: start list up.");
    await step();
    const finalResults = raceResults(random, finalStartList, 10.3, 0.6);
    const finalWind = windReading(random);
    await updateEvent(deps, final.id, finishCamera(finalResults, finalWind));
    say("Men's 100m Final: results in from the finish camera, unofficial.");
    await step();
    await updateEvent(deps, final.id, {
      ...lynxResults('001-1-02.lif', finalResults),
      windSpeed: finalWind,
      status: 'official',
    });
    say("Men's 100m Final: official.");
    await step();

    await updateCompetition(deps, uic, { liveNow: false });
    say('The competition is off air; the next meet starts shortly.');
    await step();
  }
}

// npm run bench:exchange -- [--events 120] [--athletes 24]
//
// What meets in and out cost on the product as users run it (the compiled entry point,
// NODE_ENV=production, PostgreSQL and Redis as deployed; a fresh database of its own, dropped
// afterwards). A big meet as OpenTrack would export it: N races (default 120: track heats of
// 8, field pools of 12 with six trials each, a quarter of them split in heats), built here and
// written with Rith's OpenTrack writer, so every run sends the same file. Through the HTTP API:
//  1. The import's preview (?dryRun=1), the import, the same file again (nothing written) and
//     a file with one mark changed (one race written): the wall time of each request.
//  2. The exports (OpenTrack, Hy-Tek, CSV): the first (made) and the second (from the cache),
//     and the competition's results PDF and one event's, the same way.
//  3. Checks: every race made, the same file again changes none, the changed file one, and the
//     OpenTrack export imported into a new competition makes the same races with the same rows.
//     Any miss fails the bench (exit code 1).
import { parseArgs } from 'node:util';
import type { AdminCompetition } from '../../shared/schemas/admin.ts';
import type { ImportAnswer } from '../../shared/schemas/exchange.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { ExchangeEvent, ExchangeMeet } from '../../server/parsers/exchange/model.ts';
import { writeOpenTrack } from '../../server/parsers/exchange/opentrack.ts';
import { disciplineOfCode } from '../../server/parsers/exchange/codes.ts';
import { athlete } from '../support/factory.ts';
import { competitionBody } from '../support/admin.ts';
import { productWithAdmin } from './product.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '120' },
    athletes: { type: 'string', default: '24' },
  },
});
const raceCount = Number(values.events);
const ms = (n: number) => `${n.toFixed(0)} ms`;

// ---- The meet ---------------------------------------------------------------------------

const CODES = ['100', '200', '400', '800', '1500', '110H', 'LJ', 'TJ', 'HJ', 'SP', 'DT', 'JT'];
const CLUBS = ['Tuam AC', 'Galway City Harriers', 'Leevale AC', 'Dundrum South Dublin', 'DSD'];

/** One race or pool, with its rows: deterministic, so every run sends the same file. */
function race(n: number): ExchangeEvent[] {
  const code = CODES[n % CODES.length]!;
  const discipline = disciplineOfCode(code)!;
  const field = discipline.eventType === 'JUMP';
  const vertical = code === 'HJ';
  const heats = n % 4 === 0 && !field ? 3 : 1;
  const size = field ? 12 : 8;
  return Array.from({ length: heats }, (_, h) => {
    const rows: AthleteRow[] = Array.from({ length: size }, (_, i) => {
      const bib = String(1000 + n * 40 + h * size + i);
      const mark = field
        ? (vertical ? 1.5 + (size - i) * 0.03 : 5 + (size - i) * 0.31).toFixed(2)
        : (10.2 + n * 0.01 + i * 0.17).toFixed(2);
      const trials = vertical
        ? { heights: ['1.50', '1.55', '1.60'], attempts: ['O', 'XO', i % 3 === 0 ? 'XXX' : 'O'] }
        : field
          ? { attempts: [mark, 'X', mark, '-', mark, mark] }
          : {};
      return {
        ...athlete({
          name: `Athlete ${bib} Ó Súilleabháin`,
          bib,
          club: CLUBS[(n + i) % CLUBS.length]!,
          rank: String(i + 1),
          performance: mark,
          lane: field ? null : String(i + 1),
        }),
        id: bib,
        gender: n % 2 === 0 ? 'F' : 'M',
        ...trials,
      };
    });
    return {
      key: `bench|${n}|${h}`,
      eventRef: `E${n}`,
      code,
      eventName: `${n % 2 === 0 ? 'Women' : 'Men'} ${discipline.english} ${n}`,
      eventType: discipline.eventType,
      trackDiscipline: discipline.trackDiscipline,
      fieldDiscipline: discipline.fieldDiscipline,
      category: null,
      gender: n % 2 === 0 ? 'F' : 'M',
      round: heats > 1 ? 'heats' : 'finals',
      heat: heats > 1 ? h + 1 : null,
      time: `${String(9 + Math.floor(n / 12)).padStart(2, '0')}:${String((n * 5) % 60).padStart(2, '0')}`,
      wind: null,
      startList: rows.map(({ rank: _rank, performance: _mark, ...row }) => ({
        ...row,
        rank: null,
        performance: null,
      })),
      results: rows,
      official: true,
    } satisfies ExchangeEvent;
  });
}

const meet: ExchangeMeet = {
  source: 'opentrack',
  name: 'Bench Open',
  date: '2026-08-15',
  finishDate: null,
  venue: 'Morton Stadium',
  events: Array.from({ length: raceCount }, (_, n) => race(n)).flat(),
};
const file = new TextEncoder().encode(writeOpenTrack(meet));
const changed = (() => {
  const json = JSON.parse(new TextDecoder().decode(file)) as {
    events: { units: { results: { performance: string }[] }[] }[];
  };
  json.events[1]!.units[0]!.results[0]!.performance = '9.99';
  return new TextEncoder().encode(JSON.stringify(json));
})();

// ---- The product --------------------------------------------------------------------------

const { url, admin, clubUic, close } = await productWithAdmin('exchange');
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
};

try {
  const newCompetition = async (name: string) =>
    (
      await admin.json<AdminCompetition>('/api/admin/competitions', {
        method: 'POST',
        json: competitionBody(clubUic, { competitionName: name, date: '2026-08-15' }),
      })
    ).body.uic;

  const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const start = performance.now();
    const value = await work();
    return [value, performance.now() - start];
  };
  const importInto = (uic: number, bytes: Uint8Array, dryRun = false) =>
    timed(async () => {
      const res = await admin.upload(
        `/api/admin/competitions/${uic}/import${dryRun ? '?dryRun=1' : ''}`,
        bytes,
        'bench.json',
        'application/json',
      );
      if (res.status !== 200) throw new Error(`import: ${res.status} ${await res.text()}`);
      return (await res.json()) as ImportAnswer;
    });
  const changes = (answer: ImportAnswer, change: string) =>
    answer.outcomes.filter((o) => o.change === change).length;

  const uic = await newCompetition('Bench Open');
  const races = meet.events.length;
  const rows = meet.events.reduce((n, e) => n + (e.results?.length ?? 0), 0);
  console.log(
    `A meet of ${races} races (${rows} results, ${rows} entries), ${(file.length / 1024).toFixed(0)} KB of OpenTrack JSON`,
  );
  const [preview, previewMs] = await importInto(uic, file, true);
  check(changes(preview, 'created') === races, 'the preview makes every race');
  const [first, firstMs] = await importInto(uic, file);
  check(changes(first, 'created') === races, 'the import makes every race');
  const [again, againMs] = await importInto(uic, file);
  check(changes(again, 'unchanged') === races, 'the same file again changes nothing');
  const [edit, editMs] = await importInto(uic, changed);
  check(changes(edit, 'updated') === 1, 'a changed mark writes one race');
  console.log(`import: preview ${ms(previewMs)}, import ${ms(firstMs)}`);
  console.log(`import: the same file again ${ms(againMs)}, one mark changed ${ms(editMs)}`);

  const fetched = async (path: string) =>
    timed(async () => {
      const res = await fetch(`${url}${path}`);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    });
  let opentrack: Buffer | undefined;
  for (const format of ['opentrack', 'hytek', 'csv']) {
    const [bytes, made] = await fetched(`/api/competitions/${uic}/export?format=${format}`);
    const [, cached] = await fetched(`/api/competitions/${uic}/export?format=${format}`);
    if (format === 'opentrack') opentrack = bytes;
    console.log(
      `export ${format}: ${(bytes.length / 1024).toFixed(0)} KB, made ${ms(made)}, cached ${ms(cached)}`,
    );
  }
  const [pdf, pdfMade] = await fetched(`/api/competitions/${uic}/results.pdf`);
  const [, pdfCached] = await fetched(`/api/competitions/${uic}/results.pdf`);
  console.log(
    `results PDF of the meet: ${(pdf.length / 1024).toFixed(0)} KB, made ${ms(pdfMade)}, cached ${ms(pdfCached)}`,
  );
  const events = (await (await fetch(`${url}/api/events?competitionUic=${uic}`)).json()) as {
    id: string;
  }[];
  const [, eventMade] = await fetched(`/api/events/${events[0]!.id}/results.pdf`);
  const [, eventCached] = await fetched(`/api/events/${events[0]!.id}/results.pdf`);
  console.log(`results PDF of one event: made ${ms(eventMade)}, cached ${ms(eventCached)}`);

  const copy = await newCompetition('Bench Open copy');
  const [back] = await importInto(copy, new Uint8Array(opentrack!));
  check(changes(back, 'created') === races, 'the export read back makes every race');
  check(back.results === rows, 'the export read back has every result');
} finally {
  await close();
}
if (failures.length > 0) {
  console.error(`FAILED: ${failures.join('; ')}`);
  process.exitCode = 1;
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseResultsXml,
  parseStartListXml,
  parseTimetableXml,
} from '../../../server/parsers/xml/index.ts';
import { AthleteRows } from '../../../shared/schemas/athlete.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const ok = <T>(result: { ok: true; value: T } | { ok: false; error: { reason: string } }): T => {
  if (!result.ok) throw new Error(result.error.reason);
  return result.value;
};

/** The examples of the README's "Import formats: XML" section, in order. */
function readmeExamples(): string[] {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Import formats: XML'));
  return [...section.matchAll(/```xml\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

describe('the README example', () => {
  it('parses as documented: two events, names, codes and the series', () => {
    const [results] = readmeExamples();
    const events = ok(parseResultsXml(encode(results ?? ''), 'meet.xml'));
    expect(
      events.map((event) => [event.eventName, event.eventType, event.round, event.wind]),
    ).toEqual([
      ['Women 100m Heat 1', 'ATHLETICS', 'heats', '+1.3'],
      ['Women Long Jump', 'JUMP', 'finals', null],
    ]);
    const [race, jump] = events;
    expect(race?.trackDiscipline).toBe('ONE_HUNDRED_METER');
    expect(
      race?.rows.map((row) => [row.rank, row.bib, row.lane, row.name, row.club, row.performance]),
    ).toEqual([
      ['1', '101', '4', 'Aoife Murphy', 'Dublin City Harriers', '11.87'],
      ['2', '236', '5', 'Emma Ní Chonaill', 'Galway City Harriers', '12.04'],
      [null, '331', '3', 'Leah Moran', 'DSD AC', 'DNS'],
    ]);
    expect(race?.rows[0]?.reactionTime).toBe('0.152');
    expect(jump?.fieldDiscipline).toBe('LONG_JUMP');
    expect(jump?.rows[0]).toMatchObject({
      name: 'Niamh Kelly',
      lane: '3',
      attempts: ['5.98', 'X', '6.12', '6.05', '-', '6.10'],
      best: '6.12',
      performance: '6.12',
    });
    expect(AthleteRows.safeParse(events.flatMap((event) => event.rows)).success).toBe(true);
  });

  it('reads as start lists without places or times', () => {
    const [results] = readmeExamples();
    const events = ok(parseStartListXml(encode(results ?? ''), 'meet.xml'));
    expect(events[0]?.rows.every((row) => row.rank === null && row.performance === null)).toBe(
      true,
    );
    expect(events[0]?.wind).toBeNull();
    expect(events[0]?.rows.map((row) => row.bib)).toEqual(['101', '236', '331']);
  });

  it('timetable example', () => {
    const [, timetable] = readmeExamples();
    expect(ok(parseTimetableXml(encode(timetable ?? ''), 'tt.xml'))).toEqual([
      {
        time: '14:30',
        eventName: 'Women 100m',
        round: 'heats',
        eventType: 'ATHLETICS',
        trackDiscipline: 'ONE_HUNDRED_METER',
        fieldDiscipline: null,
      },
      {
        time: '15:10',
        eventName: 'Women Long Jump',
        round: 'finals',
        eventType: 'JUMP',
        trackDiscipline: null,
        fieldDiscipline: 'LONG_JUMP',
      },
    ]);
  });
});

describe('synonyms and shapes', () => {
  it('matches names case-insensitively, with namespaces, underscores and nested athletes', () => {
    const xml = `<?xml version="1.0"?>
      <mm:Results xmlns:mm="urn:meet">
        <mm:RACE Title="Men 800m" ROUND="Final" Wind_Speed="">
          <mm:Result Position="1"><mm:Athlete Number="12" First_Name="Cian" SURNAME="Brady" Affiliation="Clonliffe &amp; District"/><mm:Mark>1:52.34</mm:Mark></mm:Result>
          <mm:Result Position="2" Reaction="0.2"><mm:Athlete ID="13" Name="Nolan, Adam" Team="DCH"/><mm:Performance>1:53.01</mm:Performance></mm:Result>
          <mm:Entry Rank="" Bib="14" Name="Ryan Flanagan" Club="RSAC" Status="DSQ">1:54.00</mm:Entry>
        </mm:RACE>
      </mm:Results>`;
    const [event] = ok(parseResultsXml(encode(xml), 'x.xml'));
    expect(event).toMatchObject({ eventName: 'Men 800m', round: 'finals', wind: null });
    expect(event?.trackDiscipline).toBe('EIGHT_HUNDRED_METER');
    expect(
      event?.rows.map((row) => [row.rank, row.bib, row.name, row.club, row.performance]),
    ).toEqual([
      ['1', '12', 'Cian Brady', 'Clonliffe & District', '1:52.34'],
      ['2', '13', 'Adam Nolan', 'DCH', '1:53.01'],
      [null, '14', 'Ryan Flanagan', 'RSAC', 'DSQ'],
    ]);
    expect(event?.rows[1]?.reactionTime).toBe('0.2');
  });

  it('one event per element holding competitors, values inherited from ancestors', () => {
    const xml = `<Meet><Event name="Girls 60m" round="Heats">
        <Heat heat="1"><Athlete bib="1" name="A" time="8.1"/></Heat>
        <Heat heat="2"><Athlete bib="2" name="B" time="8.2"/></Heat>
      </Event></Meet>`;
    const events = ok(parseResultsXml(encode(xml), 'h.xml'));
    expect(events.map((event) => event.eventName)).toEqual([
      'Girls 60m Heat 1',
      'Girls 60m Heat 2',
    ]);
    expect(events.map((event) => event.trackDiscipline)).toEqual(['SIXTY_METER', 'SIXTY_METER']);
    expect(events[1]?.rows[0]?.id).toBe('h.xml:2:1');
  });

  it('fails when no competitors are found', () => {
    expect(parseResultsXml(encode('<Meet><Event name="x"/></Meet>'), 'e.xml')).toMatchObject({
      ok: false,
      error: { file: 'e.xml' },
    });
  });
});

describe('refusals', () => {
  it('refuses billion laughs before parsing', () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<Event name="&lol9;"><Competitor bib="1" name="&lol9;"/></Event>`;
    for (const parse of [parseResultsXml, parseStartListXml, parseTimetableXml]) {
      expect(parse(encode(lol), 'lol.xml')).toEqual({
        ok: false,
        error: { file: 'lol.xml', reason: 'XML with a DOCTYPE or entity declarations is refused' },
      });
    }
    // Lower case, and an entity declaration with no DOCTYPE around it.
    expect(parseResultsXml(encode('<!doctype x><x/>'), 'a.xml').ok).toBe(false);
    expect(parseResultsXml(encode('<x><!ENTITY e "e"></x>'), 'b.xml').ok).toBe(false);
  });

  it("answers 'Invalid XML' with the line for malformed XML", () => {
    const result = parseResultsXml(encode('<Event>\n<Competitor bib="1">\n</Event>'), 'bad.xml');
    expect(result).toMatchObject({ ok: false, error: { file: 'bad.xml', row: 3 } });
    expect(!result.ok && result.error.reason).toMatch(/^Invalid XML: /);
    for (const text of ['', 'not xml', '<a', '<a>&</a>', '<a></b>']) {
      const bad = parseTimetableXml(encode(text), 'bad.xml');
      expect(!bad.ok && bad.error.reason).toMatch(/^Invalid XML/);
    }
  });

  it('refuses nesting beyond the depth cap', () => {
    const deep = `${'<a>'.repeat(200)}${'</a>'.repeat(200)}`;
    const result = parseResultsXml(encode(deep), 'deep.xml');
    expect(result).toMatchObject({ ok: false, error: { file: 'deep.xml' } });
  });

  it('reads UTF-16 with a BOM and Windows-1252 without one', () => {
    const xml =
      '<Event name="Women 100m"><Competitor bib="1" name="Méabh Lynch" time="12.1"/></Event>';
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Buffer.from(xml, 'utf16le')]);
    const latin = Uint8Array.from(Buffer.from(xml, 'latin1'));
    for (const bytes of [utf16, latin]) {
      expect(ok(parseResultsXml(bytes, 'enc.xml'))[0]?.rows[0]?.name).toBe('Méabh Lynch');
    }
  });
});

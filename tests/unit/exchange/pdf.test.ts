import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderResultsPdf } from '../../../server/exchange/pdf.ts';
import { toWinAnsi } from '../../../server/exchange/pdf/fonts.ts';
import type {
  ResultsPdf,
  ResultsPdfEvent,
  ResultsPdfRow,
} from '../../../server/exchange/pdfDocument.ts';

const OUTPUT = path.resolve(import.meta.dirname, '../../output');
const CREATED = new Date('2026-11-28T14:32:00Z');

const row = (
  place: number | '',
  name: string,
  club: string,
  mark: string,
  more: Partial<ResultsPdfRow> = {},
): ResultsPdfRow => ({
  place: String(place),
  bib: String(100 + (place || 99)),
  name,
  club,
  mark,
  wind: '',
  codes: '',
  ...more,
});

const sprint: ResultsPdfEvent = {
  title: "Men's 100m",
  subtitle: 'Final · 14:30',
  status: 'Official',
  lastChange: 'Last change 14:32',
  wind: '+1.3 m/s',
  kind: 'track',
  rows: [
    row(1, 'Jürgen Müller', 'LG Nord Berlin', '10.53', { codes: 'MR PB' }),
    row(2, 'Łukasz Żak', 'AZS AWF Warszawa', '10.61', { codes: 'SB' }),
    row(3, 'Ørjan Ødegård', 'IL Gular', '10.64'),
    row(4, 'Søren Æbelø', 'Aarhus 1900', '10.70', { codes: 'PB' }),
    row(5, 'Åke Ångström', 'Hässelby SK', '10.75'),
    row(
      6,
      'Christopher-Alexander Montgomery-Fitzwilliam',
      'Dún Laoghaire-Rathdown Athletic Club Juniors Development Squad',
      '10.81',
    ),
    row(7, 'Seán Ó Súilleabháin', 'Clonliffe Harriers', '10.92'),
    row('', 'Dimitrios Παπαδόπουλος', 'Пётр Club', 'DNF', { codes: 'DQ' }),
  ],
  notes: [
    'MR: meeting record (previous 10.58, Aoife Murphy, 2019)',
    'Q: qualified by place, q: by time',
  ],
};

const timedFinal: ResultsPdfEvent = {
  title: "Women's 800m",
  subtitle: 'Timed final · 3 sections · 16:05',
  status: 'Official',
  lastChange: 'Last change 16:40',
  wind: null,
  kind: 'track',
  rows: Array.from({ length: 60 }, (_, i) =>
    row(
      i + 1,
      `Runner Number ${i + 1}`,
      `Club ${(i % 7) + 1} AC`,
      `2:${String(10 + i).padStart(2, '0')}.${String(i % 100).padStart(2, '0')}`,
    ),
  ),
  notes: [],
};

const longJump: ResultsPdfEvent = {
  title: "Women's Long Jump",
  subtitle: 'Final · 15:00',
  status: 'Official',
  lastChange: 'Last change 15:48',
  wind: null,
  kind: 'horizontal',
  rows: [
    row(1, 'Ingrid Åsen', 'Tjalve', '6.41', {
      wind: '+1.1',
      codes: 'PB',
      trials: ['6.12', 'X', '6.30', '-', '6.41', '6.20'],
    }),
    row(2, 'Maja Kovačević', 'AK Partizan', '6.30', {
      wind: '+0.4',
      trials: ['6.30', '6.01', 'X', '6.22', 'X', '6.15'],
    }),
    row(3, 'Zoë Brontë', 'Leeds City AC', '6.02', {
      wind: '-0.2',
      trials: ['X', '6.02', 'X', null, null, null],
    }),
    row('', 'Nina Nowak', 'Śląsk Wrocław', 'NM', { trials: ['X', 'X', 'X'] }),
  ],
  notes: ['Wind: the wind of the best jump.'],
};

const highJump: ResultsPdfEvent = {
  title: "Men's High Jump",
  subtitle: 'Final · 13:00',
  status: 'Provisional',
  lastChange: 'Last change 14:10',
  wind: null,
  kind: 'vertical',
  heights: ['1.80', '1.85', '1.90', '1.95', '2.00', '2.03', '2.06', '2.09', '2.12', '2.15', '2.18'],
  rows: [
    row(1, 'Gianmarco Bianchi', 'Fiamme Oro', '2.15', {
      codes: 'SB',
      trials: [null, null, 'O', 'O', 'XO', 'O', 'O', 'XXO', 'O', 'XO', 'XXX'],
    }),
    row(2, 'Andrii Kovalenko', 'Dnipro', '2.09', {
      trials: ['O', 'O', 'O', 'XO', 'O', 'O', 'XO', 'O', 'XXX'],
    }),
    row(3, 'Ryan Byrne', 'Leevale AC', '1.95', { trials: [null, 'O', 'XO', 'XO', 'XXX'] }),
  ],
  notes: [],
};

const results: ResultsPdf = {
  competition: {
    name: 'Irish Indoor Open — Łódź Edition',
    club: 'Clonliffe Harriers',
    date: 'Sat 28 November 2026',
    venue: 'Morton Stadium, Santry',
  },
  madeAt: '28 Nov 2026 14:32',
  events: [sprint, timedFinal, longJump, highJump],
};

/** Windows-1252's bytes 0x80 to 0x9F, where it differs from Latin-1. */
const CP1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const winAnsi = (bytes: Buffer): string =>
  [...bytes]
    .map((byte) => (byte >= 0x80 && byte < 0xa0 ? CP1252[byte - 0x80] : String.fromCharCode(byte)))
    .join('');

/**
 * The text the pages write: Helvetica's strings are WinAnsi bytes in hex, in TJ arrays (a font
 * embedded instead would write glyph ids, and this would have to read its ToUnicode map).
 */
function pageText(pdf: Buffer): string {
  const arrays = pdf.toString('latin1').match(/\[[^\]]*\] TJ/g) ?? [];
  return arrays
    .map((array) =>
      [...array.matchAll(/<([0-9a-f]*)>/g)]
        .map((match) => winAnsi(Buffer.from(match[1]!, 'hex')))
        .join(''),
    )
    .join('\n');
}

/** A string of the document's Info, an indirect literal string: PDFDocEncoding or UTF-16BE. */
function infoString(raw: string, key: string): string | undefined {
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(raw);
  if (!ref) return undefined;
  const literal =
    new RegExp(`\\n${ref[1]} 0 obj\\n\\(((?:\\\\.|[^\\\\)])*)\\)`, 's').exec(raw)?.[1] ?? '';
  const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  const bytes = Buffer.from(
    literal.replace(/\\([0-7]{1,3}|.)/gs, (_, c: string) =>
      /^[0-7]/.test(c) ? String.fromCharCode(parseInt(c, 8)) : (ESCAPES[c] ?? c),
    ),
    'latin1',
  );
  return bytes[0] === 0xfe && bytes[1] === 0xff
    ? Buffer.from(bytes.subarray(2)).swap16().toString('utf16le')
    : bytes.toString('latin1');
}

const pageCount = (pdf: Buffer): number =>
  (pdf.toString('latin1').match(/\/Type \/Page(?!s)/g) ?? []).length;

describe('renderResultsPdf', () => {
  it('renders a whole PDF with the events, their status and their marks', async () => {
    const pdf = await renderResultsPdf(results, { compress: false, createdAt: CREATED });
    mkdirSync(OUTPUT, { recursive: true });
    const file = path.join(OUTPUT, 'results-sample.pdf');
    writeFileSync(file, pdf);
    // A picture of the first pages for a person to look at, where poppler is installed.
    if (!spawnSync('pdftoppm', ['-v']).error) {
      spawnSync('pdftoppm', [
        '-png',
        '-r',
        '110',
        '-f',
        '1',
        '-l',
        '3',
        file,
        path.join(OUTPUT, 'results-sample'),
      ]);
    }

    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pageCount(pdf)).toBe(3);

    const text = pageText(pdf);
    expect(text).toContain('OFFICIAL');
    expect(text).toContain('PROVISIONAL');
    expect(text).toContain('Jürgen Müller');
    expect(text).toContain('Ørjan Ødegård');
    expect(text).toContain('Søren Æbelø');
    expect(text).toContain('Åke Ångström');
    expect(text).toContain('Lukasz Zak'); // Ł and Ż are outside Helvetica's WinAnsi
    expect(text).toContain('10.53');
    expect(text).toContain('2:69.59'); // the 60th runner, on a later page
    // Long names and clubs are cut short with an ellipsis, never wrapped.
    expect(text).toMatch(/Dún Laoghaire-Rathdown[^\n]*…/);
    expect(text).not.toContain('Juniors Development Squad');
    // The 800m goes on over a page break, under its title again.
    expect(text).toContain("Women's 800m (continued)");
    // Trials and heights.
    expect(text).toContain('6.12');
    expect(text).toContain('2.09 XXO');
    // Head and foot of every page.
    expect(text.match(/Page \d of 3/g)).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
    expect(text.match(/Made with Rith · 28 Nov 2026 14:32/g)).toHaveLength(3);
    expect(text.match(/Irish Indoor Open — Lódz Edition/g)).toHaveLength(3);
    expect(text).toContain(
      'Sat 28 November 2026  ·  Morton Stadium, Santry  ·  Clonliffe Harriers',
    );
    expect(text).toContain('MR: meeting record (previous 10.58, Aoife Murphy, 2019)');
  });

  it('writes the metadata and the same bytes for the same data', async () => {
    const pdf = await renderResultsPdf(results, { compress: false, createdAt: CREATED });
    const raw = pdf.toString('latin1');
    expect(infoString(raw, 'Title')).toBe('Irish Indoor Open — Łódź Edition — Results');
    expect(infoString(raw, 'Author')).toBe('Rith');
    expect(infoString(raw, 'Creator')).toBe('Rith');
    expect(infoString(raw, 'CreationDate')).toBe('D:20261128143200Z');

    const again = await renderResultsPdf(results, { compress: false, createdAt: CREATED });
    expect(again.equals(pdf)).toBe(true);
  });

  it('compresses by default', async () => {
    const plain = await renderResultsPdf(results, { createdAt: CREATED });
    const uncompressed = await renderResultsPdf(results, { compress: false, createdAt: CREATED });
    expect(plain.toString('latin1').startsWith('%PDF-')).toBe(true);
    expect(plain.length).toBeLessThan(uncompressed.length / 2);
    expect(pageCount(plain)).toBe(3);
  });

  it('starts an event on a new page only when little room is left', async () => {
    const one = await renderResultsPdf({ ...results, events: [sprint] }, { compress: false });
    expect(pageCount(one)).toBe(1);
    const empty = await renderResultsPdf({ ...results, events: [] }, { compress: false });
    expect(pageCount(empty)).toBe(1);
  });
});

describe('toWinAnsi', () => {
  it('keeps Latin-1 and brings other letters to ASCII', () => {
    expect(toWinAnsi('Ørjan Jürgen Æsa ß Šárka Œuvre')).toBe('Ørjan Jürgen Æsa ß Šárka Œuvre');
    expect(toWinAnsi('Łukasz Żak ł Đorđe ı')).toBe('Lukasz Zak l Dorde i');
    expect(toWinAnsi('Maja Kovačević Ștefan')).toBe('Maja Kovacevic Stefan');
    expect(toWinAnsi('e\u0301')).toBe('é');
    expect(toWinAnsi('Пётр Ω')).toBe('???? ?');
  });
});

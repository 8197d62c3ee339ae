import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { renderResultsPdf } from '../../../server/exchange/pdf.ts';
import { resultsPdfFonts } from '../../../server/exchange/pdf/fonts.ts';
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
    row(4, 'Μαρία Παπαδοπούλου', 'Panathinaikos', '5.98', {
      wind: '+0.9',
      trials: ['5.80', '5.98', 'X', '5.91', 'X', '5.77'],
    }),
    row(5, 'Ольга Іваненко', 'Kyiv', '5.90', {
      wind: '+1.4',
      trials: ['X', '5.90', '5.85', 'X', 'X', '5.62'],
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
    row(3, 'Řehoř Dvořák', 'Dukla Praha', '2.00', {
      trials: [null, 'O', 'O', 'XO', 'XXO', 'XXX'],
    }),
    row(4, 'Ryan Byrne', 'Leevale AC', '1.95', { trials: [null, 'O', 'XO', 'XO', 'XXX'] }),
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

/** UTF-16BE in hex (spaces allowed, as between the halves of a surrogate pair) as text. */
const utf16 = (hex: string): string =>
  Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');

/** A ToUnicode CMap's bfchar and bfrange entries: each code (a glyph id) to its text. */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, block] of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const [, code, text] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]*)>/gi)) {
      map.set(parseInt(code!, 16), utf16(text!));
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    const ranges = block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[^>]*>)/gi);
    for (const [, low, high, target] of ranges) {
      const first = parseInt(low!, 16);
      const last = parseInt(high!, 16);
      if (target!.startsWith('[')) {
        // One text for each code of the range.
        [...target!.matchAll(/<([^>]*)>/g)].forEach(([, text], i) =>
          map.set(first + i, utf16(text!)),
        );
      } else {
        // The first code's text, its last byte counting up with the code.
        const start = Buffer.from(target!.slice(1, -1).replace(/\s/g, ''), 'hex');
        for (let code = first; code <= last; code++) {
          const bytes = Buffer.from(start);
          bytes[bytes.length - 1]! += code - first;
          map.set(code, bytes.swap16().toString('utf16le'));
        }
      }
    }
  }
  return map;
}

/**
 * The text the pages write, a line for each TJ. The fonts are embedded TrueType (Identity-H):
 * each string holds 2-byte glyph ids in hex, which the ToUnicode CMap of the font selected
 * last (Tf, by its name in the pages' resources) turns back into text.
 */
function pageText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const object = (id: string): string =>
    new RegExp(`\\n${id} 0 obj\\n([^]*?)\\nendobj`).exec(raw)?.[1] ?? '';
  const fonts = new Map<string, Map<number, string>>();
  for (const [, name, id] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(object(id!))?.[1];
    if (toUnicode && !fonts.has(name!)) fonts.set(name!, parseToUnicode(object(toUnicode)));
  }
  let font = new Map<number, string>();
  const lines: string[] = [];
  for (const [, name, array] of raw.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
    if (name) font = fonts.get(name) ?? new Map();
    else {
      const codes = [...array!.matchAll(/<([0-9a-f]*)>/g)].flatMap(
        ([, hex]) => hex!.match(/.{4}/g) ?? [],
      );
      lines.push(codes.map((code) => font.get(parseInt(code, 16)) ?? '\uFFFD').join(''));
    }
  }
  return lines.join('\n');
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
    // Every name as written, in any alphabet the font has.
    expect(text).toContain('Łukasz Żak');
    expect(text).toContain('Řehoř Dvořák');
    expect(text).toContain('Μαρία Παπαδοπούλου');
    expect(text).toContain('Ольга Іваненко');
    expect(text).toContain('Dimitrios Παπαδόπουλος');
    expect(text).toContain('Maja Kovačević');
    expect(text).toContain('Śląsk Wrocław');
    expect(text).not.toContain('\uFFFD');
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
    expect(text.match(/Irish Indoor Open — Łódź Edition/g)).toHaveLength(3);
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

describe('resultsPdfFonts', () => {
  const { printable } = resultsPdfFonts(new PDFDocument());

  it('prints what the font has as written, composed', () => {
    const names = 'Łukasz Żak Řehoř Ørjan Şükrü Nguyễn Μαρία Ольга Հայկ ნინო';
    expect(printable(names)).toBe(names);
    expect(printable('e\u0301')).toBe('é');
  });

  it('prints a question mark for a character it has no glyph for, never a box', () => {
    expect(printable('王伟 Wang')).toBe('?? Wang');
    expect(printable('🏃 Run')).toBe('? Run');
    // A space as a space; a mark or an invisible (tag) character it lacks, nothing.
    expect(printable('A\tB\u3000C')).toBe('A B C');
    expect(printable('Ma\u0363x\u{e0067}')).toBe('Max');
  });
});

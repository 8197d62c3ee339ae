import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeText } from '../../../shared/parsers/text.ts';
import { parseLff, parseLif } from '../../../server/parsers/lynx/index.ts';

const HEADER = '37,1,2,300m K U14-Bieg 2,+0.4,M/S,,,,300';
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );

describe('damaged but real files are published', () => {
  it('publishes a row with a stray control byte (the low byte of ę) and names file and row', () => {
    const file = bytes(
      `${HEADER}\r\n1,12,4,Sadowska,Zofia,AZS AJD Cz`,
      [0x19],
      'stochowa,44.120\r\n2,13,5,Nowak,Ola,MKS,45.000\r\n',
    );
    const result = parseLif(file, '037-1-02.lif');
    expect(result).toMatchObject({
      ok: true,
      value: { rows: [{ club: 'AZS AJD Cz\uFFFDstochowa' }, { club: 'MKS' }] },
      warnings: [{ file: '037-1-02.lif', row: 2, reason: expect.stringContaining('damaged') }],
    });
  });

  it('reads a UTF-8 file with one broken sequence as UTF-8, the damage alone replaced', () => {
    const file = Uint8Array.from([
      ...Buffer.from(`${HEADER}\r\n1,7,3,Bertol`),
      0xc3,
      ...Buffer.from('di,Niccolò,Atletica Forlì,44.000\r\n'),
    ]);
    expect(decodeText(file)).toContain('Bertol\uFFFDdi,Niccolò,Atletica Forlì');
    const result = parseLif(file, '001-1-02.lif');
    expect(result.ok && result.value.rows[0]).toMatchObject({
      name: 'Niccolò Bertol\uFFFDdi',
      club: 'Atletica Forlì',
    });
    expect(result.ok && result.warnings).toEqual([
      expect.objectContaining({ file: '001-1-02.lif', row: 2 }),
    ]);
  });

  it('still reads a Windows-1252 file with a single accent as Windows-1252', () => {
    expect(decodeText(bytes('Kr', [0xfc], 'ger,Anna'))).toBe('Krüger,Anna');
    expect(decodeText(bytes('Krak', [0xf3], 'w'))).toBe('Kraków');
  });

  it.each([
    ['a PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]],
    ['a zip', [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]],
    ['NUL bytes', [...Buffer.from(`${HEADER}\r\n`), 0x00, 0x31]],
  ])('still refuses a truly binary file: %s', (_, data) => {
    expect(parseLif(Uint8Array.from(data), 'x.lif')).toMatchObject({
      ok: false,
      error: { reason: expect.stringContaining('binary') },
    });
  });

  it('publishes any file with a few damaged bytes in its text, never refusing it for them', () => {
    const row = (i: number) => `${i},${i},${i},Runner${i},Ann,Club ${i},${10 + i}.000`;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 3 }),
        fc.constantFrom(0x01, 0x08, 0x0b, 0x19, 0x1f, 0x7f),
        (lines, control) => {
          const text = [HEADER, ...Array.from({ length: 8 }, (_, i) => row(i + 1))];
          const damaged = text.map((line, i) =>
            lines.includes(i) ? line.replace('Club', `Cl${String.fromCharCode(control)}ub`) : line,
          );
          const result = parseLif(Buffer.from(damaged.join('\r\n'), 'latin1'), 'x.lif');
          expect(result.ok).toBe(true);
          if (result.ok) {
            expect(result.value.rows).toHaveLength(8);
            expect(new Set(result.warnings.map((w) => w.row))).toEqual(
              new Set(lines.map((i) => i + 1)),
            );
          }
        },
      ),
    );
  });
});

describe('flights', () => {
  it("ranks a flight's rows by FieldLynx's overall place, not the place in the flight", () => {
    const lff = [
      '37,1,1,Women Shot Put,metric,',
      '8,463,4,8,Easterling,Minyhah,"Mansfield",10.96,-0.0,11.92,-0.0',
      '2,43,5,11,Wheeler,Logan,"Binghamton",10.98,-0.0,F,-0.0',
      ',120,9,,Stebila,Michelle,"Bloomsburg",DNS',
    ].join('\r\n');
    const result = parseLff(Buffer.from(lff), '037-1-01.lff');
    expect(result.ok && result.value.rows.map((r) => [r.name, r.rank])).toEqual([
      ['Minyhah Easterling', '8'],
      ['Logan Wheeler', '11'],
      ['Michelle Stebila', 'DNS'],
    ]);
  });
});

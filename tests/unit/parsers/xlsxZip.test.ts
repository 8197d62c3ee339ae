import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkZip } from '../../../server/parsers/zip.ts';
import {
  parseStartListXlsx,
  parseTrackResultsXlsx,
  readFirstSheet,
} from '../../../server/parsers/xlsx/index.ts';
import { minimalWorkbookParts, writeZip } from '../../fixtures/xlsx/zipWriter.ts';
import type { ZipInput } from '../../fixtures/xlsx/zipWriter.ts';

const MB = 1024 * 1024;
const rows = [
  ['bib', 'first name', 'last name', 'result'],
  ['7', 'Aoife', 'Murphy', '11.87'],
];

/** The minimal workbook with its sheet part replaced. */
function withSheet(sheet: Partial<ZipInput>): Uint8Array {
  return writeZip(
    minimalWorkbookParts(rows).map((part) =>
      part.name === 'xl/worksheets/sheet1.xml' ? { ...part, ...sheet } : part,
    ),
  );
}

/** Runs `parse` and reports how much the resident set grew and how long it took. */
function measure(parse: () => unknown): { result: unknown; grewBy: number; ms: number } {
  const before = process.memoryUsage().rss;
  const start = performance.now();
  const result = parse();
  return { result, grewBy: process.memoryUsage().rss - before, ms: performance.now() - start };
}

describe('checkZip and the zip guard in front of SheetJS', () => {
  it('accepts a real workbook, written with data descriptors (Java, .NET) or without', () => {
    expect(checkZip(writeZip(minimalWorkbookParts(rows)))).toEqual({
      ok: true,
      value: undefined,
      warnings: [],
    });
    const streamed = writeZip(
      minimalWorkbookParts(rows).map((p) => ({ ...p, dataDescriptor: true })),
    );
    expect(checkZip(streamed).ok).toBe(true);
    expect(readFirstSheet(streamed, 'streamed.xlsx')).toEqual({
      ok: true,
      value: rows,
      warnings: [],
    });
  });

  it('refuses a zip bomb (60 MB of zeros in one entry) quickly and with bounded memory', () => {
    const zeros = new Uint8Array(60 * MB);
    const bomb = withSheet({ deflated: deflateRawSync(zeros), declaredUncompressed: 60 * MB });
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    const { result, grewBy, ms } = measure(() => parseTrackResultsXlsx(bomb, 'bomb.xlsx'));
    expect(result).toMatchObject({ ok: false, error: { file: 'bomb.xlsx' } });
    expect((result as { error: { reason: string } }).error.reason).toMatch(/too large/);
    expect(grewBy).toBeLessThan(100 * MB);
    expect(ms).toBeLessThan(1000);
  });

  it('refuses a suspicious compression ratio even under the size limit', () => {
    const zeros = new Uint8Array(20 * MB);
    const bomb = withSheet({ deflated: deflateRawSync(zeros), declaredUncompressed: 20 * MB });
    const result = checkZip(bomb, undefined, 'ratio.xlsx');
    expect(result).toMatchObject({ ok: false, error: { file: 'ratio.xlsx' } });
    expect(!result.ok && result.error.reason).toMatch(/zip bomb/);
  });

  it('keeps memory bounded when an entry lies about its size (small declared, 60 MB inside)', () => {
    const liar = withSheet({
      deflated: deflateRawSync(new Uint8Array(60 * MB)),
      declaredUncompressed: 4096,
    });
    const streamedLiar = writeZip(
      minimalWorkbookParts(rows).map((part) =>
        part.name === 'xl/worksheets/sheet1.xml'
          ? {
              ...part,
              deflated: deflateRawSync(new Uint8Array(60 * MB)),
              declaredUncompressed: 4096,
              dataDescriptor: true,
            }
          : part,
      ),
    );
    for (const bytes of [liar, streamedLiar]) {
      const { result, grewBy } = measure(() => parseStartListXlsx(bytes, 'liar.xlsx'));
      expect(result).toHaveProperty('ok');
      expect(grewBy).toBeLessThan(100 * MB);
    }
  });

  it('refuses corrupt entry data before SheetJS, whose inflater could loop on it forever', () => {
    const good = writeZip(minimalWorkbookParts(rows));
    // The first local header's name length: SheetJS would inflate from the wrong place.
    const shifted = Uint8Array.from(good);
    shifted[26] = 0;
    const garbage = withSheet({
      deflated: Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256),
    });
    for (const bytes of [shifted, garbage]) {
      const { result, ms } = measure(() => parseTrackResultsXlsx(bytes, 'corrupt.xlsx'));
      expect(result).toMatchObject({ ok: false, error: { file: 'corrupt.xlsx' } });
      expect(ms).toBeLessThan(1000);
    }
  });

  it('refuses too many entries', () => {
    const many = writeZip(
      Array.from({ length: 201 }, (_, index) => ({ name: `part${index}.xml`, data: '<a/>' })),
    );
    const result = checkZip(many);
    expect(!result.ok && result.error.reason).toMatch(/too many parts/);
  });

  it('refuses a PNG or a TIFF given as .xlsx, as not a spreadsheet', () => {
    const png = new Uint8Array([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...new Array(64).fill(0),
    ]);
    const tiff = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0, ...new Array(64).fill(0)]);
    const bigTiff = new Uint8Array([0x4d, 0x4d, 0x00, 0x2a, ...new Array(64).fill(0)]);
    for (const [bytes, what] of [
      [png, 'PNG'],
      [tiff, 'TIFF'],
      [bigTiff, 'TIFF'],
    ] as const) {
      const result = parseStartListXlsx(bytes, 'photo.xlsx');
      expect(result).toMatchObject({ ok: false, error: { file: 'photo.xlsx' } });
      expect(!result.ok && result.error.reason).toMatch(
        /^not a spreadsheet \(\.xlsx is a zip file/,
      );
      expect(!result.ok && result.error.reason).toContain(what);
    }
  });

  it('refuses text, an empty file and a truncated zip without throwing', () => {
    const good = writeZip(minimalWorkbookParts(rows));
    for (const bytes of [
      new TextEncoder().encode('bib,name\n1,A'),
      new Uint8Array(),
      good.subarray(0, good.byteLength - 30),
    ]) {
      expect(readFirstSheet(bytes, 'x.xlsx')).toMatchObject({
        ok: false,
        error: { file: 'x.xlsx' },
      });
    }
  });
});

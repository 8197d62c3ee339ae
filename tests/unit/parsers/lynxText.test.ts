import { describe, expect, it } from 'vitest';
import { decodeText, readCsvLines } from '../../../server/parsers/lynx/index.ts';

const utf16le = (text: string) => Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) =>
  Uint8Array.from([0xfe, 0xff, ...Buffer.from(text, 'utf16le').swap16()]);

describe('decodeText', () => {
  const text = 'Ó Dálaigh,Bríd\r\n';

  it('reads UTF-16 in either byte order by its BOM, without the BOM', () => {
    expect(decodeText(utf16le(text))).toBe(text);
    expect(decodeText(utf16be(text))).toBe(text);
  });

  it('reads UTF-8 with or without a BOM', () => {
    expect(decodeText(Buffer.from(text))).toBe(text);
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from(text)]))).toBe(text);
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeText(Buffer.from(text, 'latin1'))).toBe(text);
    expect(decodeText(Uint8Array.from([0x80, 0x20, 0x93, 0x61, 0x94]))).toBe('€ “a”');
  });
});

describe('readCsvLines', () => {
  it('splits on commas, keeps empty and missing trailing fields, numbers lines from 1', () => {
    expect(readCsvLines('a,,b\r\nc\n')).toEqual([
      { line: 1, fields: ['a', '', 'b'], unclosedQuote: false },
      { line: 2, fields: ['c'], unclosedQuote: false },
    ]);
  });

  it('reads quoted fields with commas and doubled quotes', () => {
    const [line] = readCsvLines('1,"Brown, Jr.","say ""hi""","-1.2,,,,124",x');
    expect(line?.fields).toEqual(['1', 'Brown, Jr.', 'say "hi"', '-1.2,,,,124', 'x']);
  });

  it('treats a quote inside an unquoted field as an ordinary character', () => {
    expect(readCsvLines(`O"Day,5'11"`)[0]?.fields).toEqual([`O"Day`, `5'11"`]);
  });

  it('skips comment and blank lines but counts them', () => {
    const lines = readCsvLines('; comment\r\n\r\n   \r\n  ;indented comment\r\n1,2\r\n');
    expect(lines).toEqual([{ line: 5, fields: ['1', '2'], unclosedQuote: false }]);
  });

  it('flags a quote that is never closed, on that line only', () => {
    const lines = readCsvLines('1,"Lock Haven\n2,ok');
    expect(lines.map((l) => l.unclosedQuote)).toEqual([true, false]);
    expect(lines[0]?.fields).toEqual(['1', 'Lock Haven']);
  });
});

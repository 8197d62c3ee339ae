import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEvt, parseLff, parseLif } from '../../../server/parsers/lynx/index.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/finishlynx/${name}`, import.meta.url), 'latin1');

/** The sample with an Irish name, written the ways an operator's settings may write it. */
function encodings(text: string): [string, Uint8Array][] {
  const utf16le = Buffer.from(text, 'utf16le');
  return [
    ['UTF-8', Buffer.from(text, 'utf8')],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
    ['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le])],
    [
      'UTF-16BE with BOM',
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(utf16le).swap16()]),
    ],
    // Ó and á are the same bytes in Windows-1252 as in Latin-1.
    ['Windows-1252', Buffer.from(text, 'latin1')],
  ];
}

describe('every encoding gives the same rows', () => {
  it('in a .lif', () => {
    const text = fixture('001-1-01.lif').replace("O'Day,Kerry", 'Ó Dálaigh,Síle');
    const results = encodings(text).map(([, bytes]) => parseLif(bytes, '001-1-01.lif'));
    const [first, ...rest] = results;
    expect(first?.ok && first.value.rows[0]?.name).toBe('Síle Ó Dálaigh');
    for (const result of rest) expect(result).toEqual(first);
  });

  it('in a .lff and lynx.evt', () => {
    const lff = fixture('035-1-01.lff').replace('Trench', 'Ó Dálaigh');
    const evt = fixture('other-meet/lynx.evt').replace('Thompson,Cameron', 'Ó Dálaigh,Seán');
    const lffResults = encodings(lff).map(([, bytes]) => parseLff(bytes, 'x.lff'));
    const evtResults = encodings(evt).map(([, bytes]) => parseEvt(bytes, 'lynx.evt'));
    expect(lffResults[0]?.ok && lffResults[0].value.rows[0]?.name).toBe('Samantha Ó Dálaigh');
    expect(evtResults[0]?.ok && evtResults[0].value[0]?.rows[0]?.name).toBe('Seán Ó Dálaigh');
    for (const result of lffResults) expect(result).toEqual(lffResults[0]);
    for (const result of evtResults) expect(result).toEqual(evtResults[0]);
  });

  it('refuses UTF-16 without its BOM as binary rather than reading nonsense', () => {
    const result = parseLif(Buffer.from(fixture('001-1-01.lif'), 'utf16le'), 'x.lif');
    expect(result).toMatchObject({
      ok: false,
      error: { file: 'x.lif', reason: expect.stringContaining('binary') },
    });
  });
});

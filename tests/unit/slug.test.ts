import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidUrlName, slugify } from '../../shared/slug.ts';

describe('slugify', () => {
  it.each([
    ['Dublin Open 2026!', 'dublin-open-2026'],
    ['Éire — Cúpla', 'eire-cupla'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['--Already--hyphenated--', 'already-hyphenated'],
    ['A & B / C', 'a-b-c'],
    ['Ñandú Çelik Łódź', 'nandu-celik-lodz'],
    ['Łódź', 'lodz'],
    ['İstanbul', 'istanbul'],
    ['Straße', 'strasse'],
    ['GROẞE HALLE', 'grosse-halle'],
    ['Ærøskøbing Løb', 'aeroskobing-lob'],
    ['Ålesund Friidrett', 'alesund-friidrett'],
    ['Đakovo', 'dakovo'],
    ['Þórshöfn Ísafjörður', 'thorshofn-isafjordur'],
    ['Œuvre Cœur', 'oeuvre-coeur'],
    ['Zürich Weltklasse', 'zurich-weltklasse'],
    ['ﬁnal ２０２６', 'final-2026'],
    ['dublin-open', 'dublin-open'],
    ['UPPER', 'upper'],
    ['123', '123'],
    ['', ''],
    ['!!!', ''],
    ['日本', ''],
  ])('%j -> %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('always gives a valid URL name or nothing, and leaves a URL name as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        const slug = slugify(name);
        expect(slug === '' || isValidUrlName(slug)).toBe(true);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });

  it('gives a plain ASCII name the URL name it always had', () => {
    // The rule before transliteration, for ASCII: club and competition URL names already
    // stored were made by it and must keep meaning the same names.
    const asciiRule = (name: string) =>
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (name) => {
        expect(slugify(name)).toBe(asciiRule(name));
      }),
    );
  });
});

describe('isValidUrlName', () => {
  it.each(['dublin-open-2026', 'a', '2026', 'a-b-c'])('accepts %j', (name) => {
    expect(isValidUrlName(name)).toBe(true);
  });

  it.each(['', 'Dublin', 'dublin open', 'dublin_open', 'éire', 'a/b', 'dublin-open\n'])(
    'rejects %j',
    (name) => {
      expect(isValidUrlName(name)).toBe(false);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { isValidUrlName, slugify } from '../../shared/slug.ts';

describe('slugify', () => {
  it.each([
    ['Dublin Open 2026!', 'dublin-open-2026'],
    ['Éire — Cúpla', 'eire-cupla'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['--Already--hyphenated--', 'already-hyphenated'],
    ['A & B / C', 'a-b-c'],
    ['Ñandú Çelik Łódź', 'nandu-celik-odz'],
    ['İstanbul', 'istanbul'],
    ['Straße', 'stra-e'],
    ['dublin-open', 'dublin-open'],
    ['UPPER', 'upper'],
    ['123', '123'],
    ['', ''],
    ['!!!', ''],
    ['日本', ''],
  ])('%j -> %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('always gives a valid URL name or nothing', () => {
    for (const name of ['Dublin Open 2026!', 'Éire — Cúpla', ' - ', 'a_b.c']) {
      const slug = slugify(name);
      expect(slug === '' || isValidUrlName(slug)).toBe(true);
    }
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

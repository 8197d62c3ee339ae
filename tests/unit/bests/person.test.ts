import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldLicence, personKey, sexOf } from '../../../shared/athletes/person.ts';

describe('sexOf', () => {
  it.each([
    ['M', 'men'],
    ['men', 'men'],
    [' Male ', 'men'],
    ['Boys', 'men'],
    ['H', 'men'],
    ['Herren', 'men'],
    ['F', 'women'],
    ['W', 'women'],
    ['Female', 'women'],
    ['Girls', 'women'],
    ['K', 'women'],
    ['D', 'women'],
    ['Damen', 'women'],
  ] as const)('reads the gender cell %j as %s', (cell, sex) => {
    expect(sexOf(cell, '100m')).toBe(sex);
  });

  it("takes the event's name where the row says nothing", () => {
    expect(sexOf(null, 'Women 100m')).toBe('women');
    expect(sexOf(undefined, 'Men Long Jump')).toBe('men');
    expect(sexOf('', 'Women 400m Hurdles')).toBe('women');
  });

  it("lets the row's cell win over the event's name", () => {
    expect(sexOf('W', 'Men 100m')).toBe('women');
    expect(sexOf('M', 'Women 100m')).toBe('men');
  });

  it('is null for a mixed event or when neither says', () => {
    expect(sexOf(null, '100m')).toBeNull();
    expect(sexOf(null, 'Mixed 4x400m Relay')).toBeNull();
    expect(sexOf('X', '100m')).toBeNull();
  });
});

describe('foldLicence', () => {
  it.each([
    ['IRL-00123', 'irl00123'],
    ['irl00123', 'irl00123'],
    [' IRL 00123 ', 'irl00123'],
    ['00123', '123'],
    ['123', '123'],
    ['12 345', '12345'],
    ['12-345', '12345'],
    ['None', ''],
    ['NONE', ''],
    ['0', ''],
    ['000', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('folds %j to %j', (licence, key) => {
    expect(foldLicence(licence)).toBe(key);
  });

  it('keeps every digit of a number too long for a double', () => {
    expect(foldLicence('00123456789012345678901234567890')).toBe('123456789012345678901234567890');
  });

  it('drops any leading zeros of an all-digit licence (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.nat({ max: 6 }), (n, zeros) => {
        expect(foldLicence('0'.repeat(zeros) + String(n))).toBe(String(n));
      }),
    );
  });
});

describe('personKey', () => {
  const dublin = 'Dublin City Harriers';

  it('is one key for one person across spellings: accents, case, spaces, apostrophes', () => {
    const spellings = [
      { name: "Seán O'Brien", club: dublin },
      { name: 'sean obrien', club: 'dublin city harriers' },
      { name: '  SEAN   O’BRIEN ', club: ' Dublin  City Harriers' },
      { name: 'Seán O`Brien', club: 'DUBLIN CITY HARRIERS' },
    ];
    const keys = new Set(spellings.map((row) => personKey(row, 'men')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toBe('name:men|sean obrien|dublin city harriers');
  });

  it('folds letters NFD does not split', () => {
    expect(personKey({ name: 'Łukasz Groß', club: 'Søndre' }, 'men')).toBe(
      personKey({ name: 'lukasz gross', club: 'sondre' }, 'men'),
    );
  });

  it('tells apart different names, clubs and sexes', () => {
    const row = { name: 'Alex Byrne', club: dublin };
    expect(personKey(row, 'men')).not.toBe(personKey({ ...row, name: 'Alex Burne' }, 'men'));
    expect(personKey(row, 'men')).not.toBe(personKey({ ...row, club: 'Raheny' }, 'men'));
    expect(personKey(row, 'men')).not.toBe(personKey(row, 'women'));
    expect(personKey(row, null)).not.toBe(personKey(row, 'men'));
    expect(personKey(row, null)).not.toBe(personKey(row, 'women'));
  });

  it('lets a licence win over the name, the club and the sex', () => {
    const a = personKey({ name: 'Seán Ó Briain', club: dublin, licence: 'IRL-00123' }, 'men');
    const b = personKey({ name: 'John Smith', club: null, licence: 'irl00123' }, 'women');
    expect(a).toBe('licence:irl00123');
    expect(b).toBe(a);
    expect(personKey({ name: 'X', club: null, licence: '000123' }, null)).toBe(
      personKey({ name: 'Y', club: 'Z', licence: '123' }, 'men'),
    );
  });

  it('tells apart two licences under one name', () => {
    const row = { name: 'Alex Byrne', club: dublin };
    expect(personKey({ ...row, licence: '123' }, 'men')).not.toBe(
      personKey({ ...row, licence: '124' }, 'men'),
    );
  });

  it.each(['None', 'none', '', '   ', '0', null, undefined])(
    'ignores a licence of %j and keys by name',
    (licence) => {
      const row = { name: 'Alex Byrne', club: dublin };
      expect(personKey({ ...row, licence }, 'women')).toBe(personKey(row, 'women'));
      expect(personKey({ ...row, licence }, 'women')).toMatch(/^name:women\|/);
    },
  );

  it('is null for a row naming nobody', () => {
    expect(personKey({ name: '', club: dublin }, 'men')).toBeNull();
    expect(personKey({ name: ' - ', club: null, licence: 'None' }, 'men')).toBeNull();
  });

  it('ignores case, accents, apostrophes and spacing (property)', () => {
    const ACCENTED: Record<string, string> = {
      a: 'á',
      e: 'é',
      i: 'ï',
      o: 'ö',
      u: 'ù',
      n: 'ñ',
      c: 'ç',
    };
    const word = fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
      minLength: 1,
      maxLength: 8,
    });
    const name = fc.array(word, { minLength: 1, maxLength: 4 });
    // For each letter: as is, in capitals, with an accent, or followed by an apostrophe.
    const style = fc.array(fc.constantFrom('plain', 'upper', 'accent', 'apostrophe'), {
      maxLength: 40,
    });
    const gap = fc.constantFrom(' ', '  ', ' \t', ' - ', ', ');
    fc.assert(
      fc.property(
        name,
        style,
        gap,
        fc.constantFrom('men', 'women', null),
        (words, styles, sep, sex) => {
          let at = 0;
          const respelt = words
            .map((w) =>
              [...w]
                .map((c) => {
                  const s = styles[at++ % Math.max(styles.length, 1)] ?? 'plain';
                  if (s === 'upper') return c.toUpperCase();
                  if (s === 'accent') return ACCENTED[c] ?? c;
                  if (s === 'apostrophe') return `${c}'`;
                  return c;
                })
                .join(''),
            )
            .join(sep);
          const plain = { name: words.join(' '), club: 'Club' };
          expect(personKey({ name: `  ${respelt} `, club: ' CLUB ' }, sex)).toBe(
            personKey(plain, sex),
          );
        },
      ),
    );
  });
});

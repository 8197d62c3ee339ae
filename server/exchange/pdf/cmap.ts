/**
 * The characters a TrueType font has a glyph for, read from its `cmap` table: the subtable
 * for all of Unicode (format 12) when it has one, else the one for the Basic Multilingual
 * Plane (format 4). See the OpenType spec, "cmap — Character to glyph index mapping table".
 */
export function fontCodePoints(font: Buffer): Set<number> {
  const cmap = tableOffset(font, 'cmap');
  const subtables = new Map<string, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + 8 * i;
    const id = `${font.readUInt16BE(record)}/${font.readUInt16BE(record + 2)}`;
    subtables.set(id, cmap + font.readUInt32BE(record + 4));
  }
  // Platform/encoding: 3/10 Windows full Unicode, 0/4 Unicode full; 3/1 Windows BMP, 0/3 BMP.
  const full = subtables.get('3/10') ?? subtables.get('0/4');
  if (full !== undefined && font.readUInt16BE(full) === 12) return format12(font, full);
  const bmp = subtables.get('3/1') ?? subtables.get('0/3');
  if (bmp !== undefined && font.readUInt16BE(bmp) === 4) return format4(font, bmp);
  throw new Error('The font has no Unicode cmap subtable of format 12 or 4.');
}

function tableOffset(font: Buffer, tag: string): number {
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const record = 12 + 16 * i;
    if (font.toString('latin1', record, record + 4) === tag) return font.readUInt32BE(record + 8);
  }
  throw new Error(`The font has no ${tag} table.`);
}

/** Groups of consecutive characters mapped to consecutive glyphs. */
function format12(font: Buffer, at: number): Set<number> {
  const codePoints = new Set<number>();
  for (let i = 0; i < font.readUInt32BE(at + 12); i++) {
    const group = at + 16 + 12 * i;
    const start = font.readUInt32BE(group);
    const glyph = font.readUInt32BE(group + 8);
    for (let code = start; code <= font.readUInt32BE(group + 4); code++) {
      if (glyph + code - start !== 0) codePoints.add(code);
    }
  }
  return codePoints;
}

/** Segments of characters, each mapped by a delta or through an array of glyph ids. */
function format4(font: Buffer, at: number): Set<number> {
  const codePoints = new Set<number>();
  const segments = font.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  for (let i = 0; i < segments; i++) {
    const start = font.readUInt16BE(starts + 2 * i);
    const delta = font.readUInt16BE(deltas + 2 * i);
    const rangeOffset = font.readUInt16BE(rangeOffsets + 2 * i);
    for (let code = start; code <= font.readUInt16BE(ends + 2 * i) && code < 0xffff; code++) {
      let glyph = code;
      if (rangeOffset !== 0) {
        glyph = font.readUInt16BE(rangeOffsets + 2 * i + rangeOffset + 2 * (code - start));
        if (glyph === 0) continue;
      }
      if ((glyph + delta) % 0x10000 !== 0) codePoints.add(code);
    }
  }
  return codePoints;
}

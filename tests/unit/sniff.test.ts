import { describe, expect, it } from 'vitest';
import { sniffType } from '../../server/files/sniff.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)),
  );

describe('sniffType', () => {
  it('recognises JPEG, PNG, WebP and PDF by their first bytes', () => {
    expect(sniffType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses what only claims to be one of them', () => {
    expect(sniffType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffType(bytes([0x89], 'PN'))).toBeNull();
    expect(sniffType(bytes(' %PDF-1.7'))).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
    expect(sniffType(bytes('II*\0'))).toBeNull(); // TIFF
  });
});

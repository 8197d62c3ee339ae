import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from '../../server/live/frames.ts';

// The frame a publication is written as, made once for every spectator: byte for byte what
// ws itself would have sent each of them, at each length the header's size changes.
const wsFrame = (text: string): Buffer =>
  Buffer.concat(
    (
      ws as unknown as {
        Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
      }
    ).Sender.frame(Buffer.from(text), {
      readOnly: false,
      mask: false,
      rsv1: false,
      opcode: 1,
      fin: true,
    }),
  );

describe('a publication frame', () => {
  for (const length of [0, 1, 125, 126, 127, 65_535, 65_536, 70_000]) {
    it(`is ws's own frame for ${length} bytes`, () => {
      const text = '4'.padEnd(length, 'é').slice(0, length);
      expect(textFrame(text).equals(wsFrame(text))).toBe(true);
    });
  }
});

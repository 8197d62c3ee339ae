import { describe, expect, it } from 'vitest';
import { movesInto, UNFINISHED, UPLOAD_MOVES, UPLOAD_STAGE } from '../../server/uploads/states.ts';
import { uploadStatuses } from '../../shared/schemas/upload.ts';

describe("an upload's life", () => {
  it('ends at published or failed, for good, and never moves back a stage', () => {
    expect(UPLOAD_MOVES.published).toEqual([]);
    expect(UPLOAD_MOVES.failed).toEqual([]);
    expect(UNFINISHED).toEqual(['queued', 'parsing']);
    for (const from of uploadStatuses) {
      for (const to of UPLOAD_MOVES[from]) {
        expect(UPLOAD_STAGE[to], `${from} → ${to}`).toBeGreaterThanOrEqual(UPLOAD_STAGE[from]);
      }
    }
  });

  it('is written only from the statuses that may move there', () => {
    expect(movesInto('parsing')).toEqual(['queued', 'parsing']);
    expect(movesInto('published')).toEqual(['parsing']);
    expect(movesInto('failed')).toEqual(['queued', 'parsing']);
    expect(movesInto('queued')).toEqual([]);
  });
});

import type { UploadStatus } from '../../shared/schemas/upload.ts';
import { UPLOAD_STAGE } from '../uploads/states.ts';

/*
 * An upload's status only moves forward (server/uploads/states.ts), but its
 * notices reach a node by different roads: "queued" and "parsing" are published on one
 * Redis connection, the outcome is sent from the outbox on another, and either may wait for
 * Redis to come back or for the next sweep. A notice that arrives after a later one would
 * take an admin's page back to "queued" or "parsing" (and, inside one coalescing window,
 * replace the outcome before it went out), so it is not pushed.
 */

/** Uploads remembered per node: far more than are in flight at once. */
const REMEMBERED = 10_000;

export class UploadStatusOrder {
  private readonly furthest = new Map<string, number>();

  /** Whether this status may be pushed: false when a later one of the upload already was. */
  admit(uploadId: string, status: UploadStatus): boolean {
    const rank = UPLOAD_STAGE[status];
    const held = this.furthest.get(uploadId);
    if (held !== undefined && rank < held) return false;
    // Re-inserted, so the least recently moved uploads are the first forgotten.
    this.furthest.delete(uploadId);
    this.furthest.set(uploadId, rank);
    if (this.furthest.size > REMEMBERED) {
      this.furthest.delete(this.furthest.keys().next().value!);
    }
    return true;
  }
}

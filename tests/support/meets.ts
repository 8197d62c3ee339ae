import fs from 'node:fs';
import path from 'node:path';
import type { AdminClient } from './admin.ts';
import { accepted, sendUpload, settled } from './uploads.ts';
import type { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';
import type { UploadView } from '../../shared/schemas/upload.ts';
import { sortResultRows } from '../../shared/athletics/resultOrder.ts';

/**
 * Whole meets as timing rooms write them (tests/fixtures/meets), with what the public site
 * must publish once their files are uploaded (each meet's expected.json, written from the
 * import rules rather than from the importer).
 */
export interface ExpectedEvent {
  eventName: string;
  eventType: PublicEvent['eventType'];
  trackDiscipline: PublicEvent['trackDiscipline'];
  fieldDiscipline: PublicEvent['fieldDiscipline'];
  round: PublicEvent['round'];
  heat: number | null;
  heatCount: number;
  status: PublicEvent['status'];
  startList: number;
  results: number;
  podium: string[];
}

export interface Scenario {
  name: string;
  batches: string[][];
  events: ExpectedEvent[];
  refused?: { file: string; reasonContains: string }[];
  warnings?: { file: string; row: number }[];
  pplFilled?: { eventName: string; heat: number | null; bib: string; name: string }[];
  damagedRows?: { file: string; eventName: string; name: string; affiliation: string }[];
}

export interface Meet {
  name: string;
  description: string;
  scenarios: Scenario[];
}

const MEETS = path.resolve('tests/fixtures/meets');

export function meets(): Meet[] {
  return fs
    .readdirSync(MEETS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      name: entry.name,
      ...(JSON.parse(fs.readFileSync(path.join(MEETS, entry.name, 'expected.json'), 'utf8')) as {
        description: string;
        scenarios: Scenario[];
      }),
    }));
}

export function meetFile(meet: string, name: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(MEETS, meet, name)));
}

/** Uploads each batch through the FinishLynx batch endpoint and waits for its outcome. */
export async function uploadBatches(
  client: AdminClient,
  competitionUic: number,
  meet: string,
  batches: string[][],
): Promise<UploadView[]> {
  const done: UploadView[] = [];
  for (const batch of batches) {
    const files = batch.map((name) => ({ name, bytes: meetFile(meet, name) }));
    const { uploadId } = await accepted(
      await sendUpload(client, `/api/admin/competitions/${competitionUic}/upload-lynx`, files, {
        field: 'files',
      }),
    );
    done.push(await settled(client, uploadId, 60_000));
  }
  return done;
}

/** What a spectator sees of an event, in the terms of expected.json. */
export function published(event: PublicEvent): ExpectedEvent {
  return {
    eventName: event.eventName,
    eventType: event.eventType,
    trackDiscipline: event.trackDiscipline,
    fieldDiscipline: event.fieldDiscipline,
    round: event.round,
    heat: event.heat,
    heatCount: event.heatCount,
    status: event.status,
    startList: event.startListFile.length,
    results: event.results.length,
    podium: sortResultRows(event.results)
      .slice(0, 3)
      .map((row) => row.name),
  };
}

/** Every public event of the competition, whole, as the event page loads it. */
export async function publicMeet(baseUrl: string, competitionUic: number): Promise<PublicEvent[]> {
  const list = (await (
    await fetch(`${baseUrl}/api/events?competitionUic=${competitionUic}`)
  ).json()) as EventSummary[];
  return Promise.all(
    list.map(
      async (e) => (await (await fetch(`${baseUrl}/api/events/${e.id}`)).json()) as PublicEvent,
    ),
  );
}

/** A stable order to compare lists of events in. */
export const eventKey = (e: { eventName: string; round: string; heat: number | null }) =>
  `${e.eventName}|${e.round}|${e.heat ?? '-'}`;

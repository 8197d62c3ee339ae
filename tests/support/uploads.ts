import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { AdminClient } from './admin.ts';
import type { Runtime } from '../../server/runtime.ts';
import { uploadJob } from '../../server/uploads/job.ts';
import { parseUpload } from '../../server/parsers/upload.ts';
import { UploadAccepted, type UploadView } from '../../shared/schemas/upload.ts';

export function fixture(...parts: string[]): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.resolve('tests/fixtures', ...parts)));
}

/** Sends files the way the admin's form does: the type field first, then the file parts. */
export function sendUpload(
  client: AdminClient,
  urlPath: string,
  files: { name: string; bytes: Uint8Array }[],
  options: { type?: string; field?: string } = {},
): Promise<Response> {
  const form = new FormData();
  if (options.type) form.append('type', options.type);
  for (const file of files) {
    form.append(options.field ?? 'file', new Blob([new Uint8Array(file.bytes)]), file.name);
  }
  return client.fetch(urlPath, { method: 'POST', body: form });
}

/** Waits until the upload has an outcome (published or failed) and returns it. */
export async function settled(
  client: AdminClient,
  uploadId: string,
  ms = 20_000,
): Promise<UploadView> {
  const until = Date.now() + ms;
  for (;;) {
    const { body } = await client.json<UploadView>(`/api/admin/uploads/${uploadId}`);
    if (body.status === 'published' || body.status === 'failed') return body;
    if (Date.now() > until) throw new Error(`upload ${uploadId} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function accepted(res: Response): Promise<UploadAccepted> {
  if (res.status !== 202) throw new Error(`expected 202, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as UploadAccepted;
}

/** Sends a heat's results (a FinishLynx .lif) to an event as its admin's form does: accepted. */
export async function sendHeatResults(
  client: AdminClient,
  eventId: string,
  file = '001-1-01.lif',
): Promise<UploadAccepted> {
  return accepted(
    await sendUpload(
      client,
      `/api/admin/events/${eventId}/upload-results`,
      [{ name: file, bytes: fixture('finishlynx', file) }],
      { type: 'LYNX_MEET_MANAGMENT' },
    ),
  );
}

/** Runs upload jobs here, in this order: for an app started with `processors: false`. */
export async function runUploadJobs(
  runtime: Pick<Runtime, 'db' | 'bus'>,
  ...uploadIds: string[]
): Promise<void> {
  const job = uploadJob(runtime, (parse) => Promise.resolve(parseUpload(parse)));
  for (const uploadId of uploadIds) await job({ uploadId });
}

/**
 * Sends `file` from the open FinishLynx dialog and has it superseded, as after an outage: a
 * newer copy of the same heat, sent by `client`, is published before the dialog's upload
 * runs. For an app started with `processors: false`, whose jobs run only when a test says.
 */
export async function supersedeFromDialog(
  page: Page,
  runtime: Pick<Runtime, 'db' | 'bus'>,
  client: AdminClient,
  competitionUic: number,
  file: { name: string; bytes: Uint8Array },
): Promise<void> {
  const endpoint = `/api/admin/competitions/${competitionUic}/upload-lynx`;
  const dialog = page.getByRole('dialog');
  const answered = page.waitForResponse((res) => res.url().endsWith(endpoint));
  await dialog.getByLabel('Choose FinishLynx files').setInputFiles({
    name: file.name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(file.bytes),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const older = UploadAccepted.parse(await (await answered).json());
  const newer = await accepted(await sendUpload(client, endpoint, [file], { field: 'files' }));
  await runUploadJobs(runtime, newer.uploadId, older.uploadId);
}

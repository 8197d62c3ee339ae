import fs from 'node:fs';
import path from 'node:path';
import type { AdminClient } from './admin.ts';
import type { UploadAccepted, UploadView } from '../../shared/schemas/upload.ts';

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

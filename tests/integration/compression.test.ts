import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { clientDist } from '../../server/static.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
});
afterAll(() => t.close());

/** The bytes as they came over the wire: Node's fetch would undo the encoding. */
function raw(url: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The main script the page loads, as the built index.html names it. */
function mainScript(): string {
  const html = fs.readFileSync(path.join(clientDist, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no script');
  return src;
}

describe('compression', () => {
  it('sends the built scripts pre-compressed, as the browser accepts', async () => {
    const script = mainScript();
    const file = path.join(clientDist, script);
    const plain = fs.readFileSync(file);

    const br = await raw(`${t.url}${script}`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.equals(fs.readFileSync(`${file}.br`))).toBe(true);
    // A third of the bytes or less on a phone's connection.
    expect(br.body.length).toBeLessThan(plain.length / 3);

    const gzip = await raw(`${t.url}${script}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(fs.readFileSync(`${file}.gz`))).toBe(true);

    const identity = await raw(`${t.url}${script}`, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain)).toBe(true);
  });

  it('compresses a large API answer, and the browser reads the same results', async () => {
    const club = await createClub(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic);
    const results = Array.from({ length: 60 }, (_, i) =>
      athlete({ name: `Runner ${i + 1}`, bib: String(100 + i), rank: String(i + 1) }),
    );
    const event = await createEvent(t.runtime.db, competition.uic, { results, status: 'official' });
    const url = `${t.url}/api/events/${event.id}`;

    const plain = await raw(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw(url, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const read = (await (await fetch(url)).json()) as { results: { name: string }[] };
    expect(read.results.map((r) => r.name)).toEqual(results.map((r) => r.name));
  });
});

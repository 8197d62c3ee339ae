import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createToken, TokenClient } from '../support/tokens.ts';
import { fixture, sendUpload, settled } from '../support/uploads.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

// Issue 14, point 6: the public API is described by an OpenAPI document made from the zod
// schemas the routes answer with, and a club can read it at /api/docs.

interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}
interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await startTestApp();
  const res = await fetch(`${t.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
});
afterAll(() => t.close());

const operation = (method: string, path: string): Operation => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};

/** The document's schema of an answer, with the named schemas it refers to. */
function answerSchema(method: string, path: string, status: string | number): object {
  const schema = operation(method, path).responses[String(status)]?.content?.['application/json']
    ?.schema;
  if (!schema) throw new Error(`${method} ${path} documents no JSON ${status} answer`);
  return schema;
}

/** Checks a real answer against the document: the errors, or [] when it conforms. */
function conformance(schema: object, body: unknown): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile({ ...schema, components: doc.components });
  return validate(body)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

const get = async (path: string) => {
  const res = await fetch(t.url + path);
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document named after Rith, at its version', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: 'Rith API', version: pkg.version });
  });

  it('describes the public API and the timing room, and nothing of the admin console', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/competitions',
        'GET /api/competitions/{competitionUic}',
        'GET /api/events',
        'GET /api/events/{eventId}',
        'GET /api/clubs',
        'GET /api/prices',
        'GET /api/files/{id}',
        'POST /api/waitinglist',
        'GET /api/agent',
        'POST /api/agent/status',
        'POST /api/agent/scoreboard',
        'POST /api/admin/events/{id}/upload-results',
        'POST /api/admin/events/{id}/upload-start-list',
        'POST /api/admin/competitions/{uic}/upload-timetable',
        'POST /api/admin/competitions/{uic}/upload-lynx',
        'GET /api/admin/uploads/{id}',
      ]),
    );
    // Of the admin routes, only the uploads a timing room token may send; nothing of the
    // session, registration, the site's settings, health or development.
    const admin = operations.filter((op) => op.includes(' /api/admin/'));
    expect(
      admin.every((op) => /\/upload(s\/|-)/.test(op)),
      admin.join(),
    ).toBe(true);
    for (const hidden of [
      '/api/admin/session',
      '/api/admin/login',
      '/api/admin/competitions',
      '/api/admin/competitions/{uic}/tokens',
      '/api/register/verify',
      '/api/analytics-config',
      '/api/openapi.json',
      '/healthz',
      '/readyz',
    ]) {
      expect(doc.paths[hidden], hidden).toBeUndefined();
    }
    expect(operations.filter((op) => !op.includes(' /api/'))).toEqual([]);
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const op of Object.values(methods)) {
        expect(op.summary, path).toBeTruthy();
        expect(op.tags, path).toHaveLength(1);
        // Only the timing room's operations take its token, and each of them says so.
        const timingRoom = path.startsWith('/api/admin/') || path.startsWith('/api/agent');
        expect(op.security !== undefined, path).toBe(timingRoom);
      }
    }
  });

  it("gives an event's answer with its fields, and one failure body for every operation", () => {
    const event = answerSchema('get', '/api/events/{eventId}', 200);
    const named = doc.components.schemas as Record<string, { properties: object }>;
    expect(event).toEqual({ $ref: '#/components/schemas/Event' });
    expect(Object.keys(named.Event!.properties)).toEqual(
      expect.arrayContaining(['id', 'eventName', 'status', 'results', 'competition', 'club']),
    );
    for (const methods of Object.values(doc.paths)) {
      for (const op of Object.values(methods)) {
        expect(op.responses.default).toEqual({ $ref: '#/components/responses/Failure' });
      }
    }
  });
});

describe('real answers', () => {
  it('of the public reads and of a failure conform to the document', async () => {
    const club = await createClub(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic, { liveNow: true });
    const event = await createEvent(t.runtime.db, competition.uic, {
      status: 'official',
      windSpeed: '+0.4',
      results: [athlete({ name: 'Sarah Lavin', rank: '1', bib: '4', performance: '12.91' })],
    });
    const reads: [docPath: string, url: string][] = [
      ['/api/competitions', '/api/competitions'],
      ['/api/competitions/{competitionUic}', `/api/competitions/${competition.uic}`],
      ['/api/events', `/api/events?competitionUic=${competition.uic}`],
      ['/api/events/{eventId}', `/api/events/${event.id}`],
      ['/api/clubs', '/api/clubs'],
      ['/api/prices', '/api/prices'],
    ];
    for (const [docPath, url] of reads) {
      const { status, body } = await get(url);
      expect(status, url).toBe(200);
      expect(conformance(answerSchema('get', docPath, 200), body), url).toEqual([]);
    }
    const missing = await get('/api/events/no-such-event');
    expect(missing.status).toBe(404);
    expect(conformance({ $ref: '#/components/schemas/ApiError' }, missing.body)).toEqual([]);
  });

  it('of a timing room upload, sent as the document says, conform to it', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic);
    const { token } = await createToken(await loggedIn(t.url, admin.email), competition.uic);
    const agent = new TokenClient(t.url, token);
    const res = await sendUpload(
      agent,
      `/api/admin/competitions/${competition.uic}/upload-lynx`,
      [{ name: '001-1-01.lif', bytes: fixture('finishlynx', '001-1-01.lif') }],
      { field: 'files' },
    );
    expect(res.status).toBe(202);
    const accepted = (await res.json()) as { uploadId: string };
    const path = '/api/admin/competitions/{uic}/upload-lynx';
    expect(conformance(answerSchema('post', path, 202), accepted)).toEqual([]);
    const view = await settled(agent, accepted.uploadId);
    expect(view.status).toBe('published');
    expect(conformance(answerSchema('get', '/api/admin/uploads/{id}', 200), view)).toEqual([]);

    const refused = await fetch(`${t.url}/api/agent`, {
      headers: { authorization: 'Bearer rith_wrong' },
    });
    expect(refused.status).toBe(401);
    expect(operation('get', '/api/agent').responses['401']).toEqual({
      $ref: '#/components/responses/BadToken',
    });
    expect(conformance({ $ref: '#/components/schemas/ApiError' }, await refused.json())).toEqual(
      [],
    );
  });
});

describe('GET /api/docs', () => {
  it('is a page that runs only script files of the site, which load', async () => {
    const res = await fetch(`${t.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'[^;]*;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      const script = await fetch(new URL(src!, `${t.url}/api/docs`));
      expect(script.status, src).toBe(200);
      expect(script.headers.get('content-type'), src).toMatch(/javascript/);
      expect((await script.text()).length, src).toBeGreaterThan(0);
    }
  });
});

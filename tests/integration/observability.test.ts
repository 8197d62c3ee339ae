import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { adminWithEvent } from '../support/admin.ts';
import { Spectator } from '../support/spectator.ts';
import { accepted, fixture, sendUpload, settled } from '../support/uploads.ts';
import { createLogger } from '../../server/infra/logger.ts';
import { ApiError } from '../../shared/schemas/error.ts';

// Issue 14, point 5: one logger with a request id on every line and in every error answer;
// a stable code beside every error's words; Prometheus metrics for the private network.

const METRICS_TOKEN = 'scrape-me-from-afar-0123';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  requestId?: string;
  msg: string;
  status?: number;
  sample?: string;
}
const logLines: LogLine[] = [];

let t: TestApp;
let logger: ReturnType<typeof createLogger>;
beforeAll(async () => {
  // The product's own logger, writing to this test instead of stdout; at debug level, so
  // every request writes its lines (production's info writes only the slow and the sample).
  logger = createLogger({ logLevel: 'debug' }, 'rith-api', {
    write: (line: string) => void logLines.push(JSON.parse(line) as LogLine),
  });
  t = await startTestApp({ logger, config: { trustProxyHops: 1, metricsToken: METRICS_TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

/** An error answer: its status, its body checked against the shared schema, its header id. */
async function refusal(res: Response) {
  const body = ApiError.parse(await res.json());
  return {
    status: res.status,
    code: body.code,
    sameId: body.requestId === res.headers.get('x-request-id'),
  };
}

/** What Node itself answers to bytes sent on a raw connection. */
function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('request ids', () => {
  it("sends back a proxy's id and puts it in the error body and on every log line of the request", async () => {
    const res = await fetch(`${t.url}/api/events/no-such-event`, {
      headers: { 'x-request-id': 'nginx-7f3a9c' },
    });
    expect(res.headers.get('x-request-id')).toBe('nginx-7f3a9c');
    expect(await res.json()).toEqual({
      error: 'Event not found',
      code: 'not_found',
      requestId: 'nginx-7f3a9c',
    });
    const lines = logLines.filter((line) => line.requestId === 'nginx-7f3a9c');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[1]!.status).toBe(404);
  });

  it('writes no line per read at the production level, only one sampled in 1,000', async () => {
    logger.level = 'info';
    try {
      const from = logLines.length;
      // 1,000 reads in a row hold exactly one sampled request, wherever the count stands.
      for (let batch = 0; batch < 20; batch += 1) {
        await Promise.all(
          Array.from({ length: 50 }, async () => (await fetch(`${t.url}/healthz`)).text()),
        );
      }
      const written = logLines.slice(from);
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({ msg: 'request completed', sample: '1/1000', status: 200 });
    } finally {
      logger.level = 'debug';
    }
  });

  it('makes its own id when there is none, or when the one given is not a plain token', async () => {
    const ok = await fetch(`${t.url}/healthz`);
    expect(ok.headers.get('x-request-id')).toMatch(UUID);
    for (const given of ['x'.repeat(200), 'a b', '"><script>', 'id/../../etc']) {
      const res = await fetch(`${t.url}/api/no-such-thing`, { headers: { 'x-request-id': given } });
      const body = ApiError.parse(await res.json());
      expect(body.requestId).toMatch(UUID);
      expect(res.headers.get('x-request-id')).toBe(body.requestId);
    }
  });
});

describe('error codes', () => {
  const post = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      ...init,
      headers: { 'content-type': 'application/json', ...init.headers },
    });

  it('names every refusal, whoever made it: our code, zod, Fastify, its plugins', async () => {
    const oversized = JSON.stringify({ email: `${'a'.repeat(5000)}@example.ie` });
    const answers = {
      notFound: await refusal(await fetch(`${t.url}/api/no-such-thing`)),
      schema: await refusal(await post('/api/waitinglist', { body: '{"email":"no"}' })),
      notJson: await refusal(await post('/api/waitinglist', { body: '{"email":' })),
      mediaType: await refusal(
        await post('/api/waitinglist', { body: '<a/>', headers: { 'content-type': 'text/xml' } }),
      ),
      tooLarge: await refusal(await post('/api/waitinglist', { body: oversized })),
      notLoggedIn: await refusal(await fetch(`${t.url}/api/admin/clubs`)),
      crossSite: await refusal(
        await post('/api/auth/logout', { body: '{}', headers: { origin: 'https://evil.example' } }),
      ),
      badUrl: await refusal(await fetch(`${t.url}/api/events/%ZZ`)),
    };
    const sameId = { sameId: true };
    expect(answers).toEqual({
      notFound: { status: 404, code: 'not_found', ...sameId },
      schema: { status: 400, code: 'invalid_request', ...sameId },
      notJson: { status: 400, code: 'invalid_request', ...sameId },
      mediaType: { status: 415, code: 'unsupported_media_type', ...sameId },
      tooLarge: { status: 413, code: 'payload_too_large', ...sameId },
      notLoggedIn: { status: 401, code: 'unauthorized', ...sameId },
      crossSite: { status: 403, code: 'cross_site', ...sameId },
      badUrl: { status: 400, code: 'bad_url', ...sameId },
    });
  });

  it('names a rate limit', async () => {
    // An address of its own, through the trusted proxy, so other tests keep their budget.
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    const stamp = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i <= 10; i++) {
      const res = await post('/api/waitinglist', {
        body: JSON.stringify({ email: `codes-${stamp}-${i}@example.ie` }),
        headers,
      });
      statuses.push(res.status);
      if (res.status === 429)
        expect(await refusal(res)).toMatchObject({ code: 'too_many_requests', sameId: true });
      else await res.arrayBuffer();
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('names what Node refuses before any route, with an id of its own', async () => {
    const garbage = await raw(t.url, 'NOT HTTP AT ALL\r\n\r\n');
    const huge = await raw(
      t.url,
      `POST /api/waitinglist HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    for (const [answer, status, code] of [
      [garbage, 400, 'invalid_request'],
      [huge, 431, 'headers_too_large'],
    ] as const) {
      expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
      const id = /\r\nX-Request-Id: (\S+)\r\n/.exec(answer)?.[1];
      const body = ApiError.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
      expect(body).toMatchObject({ code, requestId: id });
      expect(id).toMatch(UUID);
    }
  });
});

/** The value of one sample of a Prometheus text exposition, 0 when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([\w:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) {
      return Number(match[3]);
    }
  }
  return 0;
}

async function scrape(headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${t.url}/metrics`, { headers });
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  return res.text();
}

/** Scrapes until `ok` holds for the metrics: what the server counts after it answered. */
async function scrapeUntil(ok: (text: string) => boolean, ms = 5_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const text = await scrape();
    if (ok(text) || Date.now() > until) return text;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('/metrics', () => {
  it('counts requests by route pattern, spectators, pushes from commit to emit, and upload jobs', async () => {
    const eventRoute = { method: 'GET', route: '/api/events/:eventId', status: '4xx' };
    const pushed = { message: 'event.changed' };
    const done = { outcome: 'done' };
    const before = await scrape();

    await fetch(`${t.url}/api/events/not-one`).then((r) => r.arrayBuffer());
    await fetch(`${t.url}/api/events/not-two`).then((r) => r.arrayBuffer());

    const { client, event } = await adminWithEvent(t.runtime.db, t.url);
    const spectator = await Spectator.connect(t.url);
    await spectator.subscribe({ eventId: event.id });
    const watching = await scrape();
    expect(sample(watching, 'rith_live_spectators')).toBe(
      sample(before, 'rith_live_spectators') + 1,
    );

    const res = await sendUpload(
      client,
      `/api/admin/events/${event.id}/upload-results`,
      [{ name: '001-1-01.lif', bytes: fixture('finishlynx', '001-1-01.lif') }],
      { type: 'LYNX_MEET_MANAGMENT' },
    );
    const { uploadId } = await accepted(res);
    expect(await settled(client, uploadId)).toMatchObject({ status: 'published' });
    await spectator.next((m) => m.name === 'event.changed');
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('rith_http_request_duration_seconds_count', eventRoute)).toBe(2);
    expect(delta('rith_live_publications_total', pushed)).toBeGreaterThanOrEqual(1);
    expect(delta('rith_live_push_latency_seconds_count', pushed)).toBeGreaterThanOrEqual(1);
    // Pushed within the coalescing window and a turn of the loop, not seconds later.
    expect(delta('rith_live_push_latency_seconds_bucket', { ...pushed, le: '1' })).toBe(
      delta('rith_live_push_latency_seconds_count', pushed),
    );
    expect(delta('rith_upload_job_duration_seconds_count', done)).toBe(1);
    expect(after).toMatch(/^rith_queue_jobs\{queue="uploads",state="waiting"\} 0$/m);
    expect(after).toContain('# TYPE rith_public_cache_requests_total counter');
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Never a series per address: the raw URL is nowhere.
    expect(after).not.toContain('not-one');

    spectator.socket.close();
    const left = await scrapeUntil(
      (text) => sample(text, 'rith_live_spectators') === sample(before, 'rith_live_spectators'),
    );
    expect(sample(left, 'rith_live_spectators')).toBe(sample(before, 'rith_live_spectators'));
  });

  it('answers the private network and a bearer of METRICS_TOKEN, and refuses the public', async () => {
    const from = (address: string, extra: Record<string, string> = {}) =>
      fetch(`${t.url}/metrics`, { headers: { 'x-forwarded-for': address, ...extra } });
    const publicAddress = '203.0.113.20';

    const refused = await from(publicAddress);
    expect(await refusal(refused)).toEqual({ status: 403, code: 'forbidden', sameId: true });
    const wrongToken = await from(publicAddress, { authorization: 'Bearer guessed-token-123456' });
    expect(wrongToken.status).toBe(403);
    await wrongToken.arrayBuffer();

    const withToken = await from(publicAddress, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('rith_http_request_duration_seconds');
    for (const address of ['10.1.2.3', '192.168.0.8', '172.20.0.4', 'fd00::5']) {
      const res = await from(address);
      expect({ address, status: res.status }).toEqual({ address, status: 200 });
      await res.arrayBuffer();
    }
    // Straight to the node, as Prometheus beside it scrapes.
    expect((await fetch(`${t.url}/metrics`)).status).toBe(200);
  });
});

/**
 * A stand-in for Rith's agent API over real HTTP, for the agent's own tests: it keeps the
 * content of every file by name and answers as the real server does (202 queued then
 * published, 200 when every file is unchanged, refusals, 401 for a revoked token), records
 * every request, and can be taken down or made to hold an upload. The real server is tested
 * against the agent in the integration suite.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentStatusReport, ScoreboardUpdate } from '../../../shared/schemas/timingRoom.ts';

export const COMPETITION = {
  tokenId: '8b0f6f4e-3c0e-4d8e-9a4e-2f6a9b1c0d11',
  tokenName: 'Finish PC',
  competitionUic: 4711,
  competitionName: 'Spring Open',
  clubName: 'Dublin City Harriers',
};

interface FileReport {
  fileName: string;
  outcome: 'applied' | 'refused' | 'unchanged';
  contents: string | null;
  events: {
    eventId: string;
    eventName: string;
    round: string;
    heat: number | null;
    heatCount: number;
    created: boolean;
    wrote: 'results' | 'start_list';
    rows: number;
    public: boolean;
    eventType: string;
  }[];
  warnings: string[];
  reason: string | null;
}

interface Upload {
  id: string;
  status: 'queued' | 'published' | 'failed';
  files: FileReport[];
}

export interface UploadRequest {
  at: number;
  names: string[];
  status: number;
}

const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export class FakeRith {
  readonly uploads: UploadRequest[] = [];
  readonly statuses: Record<string, unknown>[] = [];
  readonly scoreboard: Record<string, unknown>[] = [];
  /** The content Rith has per file name (lower case): hash and the upload that brought it. */
  readonly files = new Map<string, { hash: string; uploadId: string; text: string }>();
  token = 'good-token';
  /** While set, every request gets this status (503: down). */
  failWith: number | null = null;
  /** While set, uploads are stored but their answer waits for this promise. */
  holdUploads: Promise<void> | null = null;
  onUpload: (() => void) | null = null;
  private readonly server: Server;
  private readonly byId = new Map<string, Upload>();

  private constructor(server: Server) {
    this.server = server;
  }

  static async start(port = 0): Promise<FakeRith> {
    const server = createServer();
    const fake = new FakeRith(server);
    server.on('request', (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return fake;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private send(res: ServerResponse, status: number, body?: unknown): void {
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (this.failWith !== null)
      return this.send(res, this.failWith, { error: 'Service unavailable' });
    if (req.headers.authorization !== `Bearer ${this.token}`) {
      return this.send(res, 401, { error: 'The token is not valid.', code: 'unauthorized' });
    }
    const path = req.url ?? '';
    if (req.method === 'GET' && path === '/api/agent') return this.send(res, 200, COMPETITION);
    // Held to the schemas the real server checks them with.
    if (req.method === 'POST' && path === '/api/agent/status') {
      const report = AgentStatusReport.safeParse(JSON.parse(body.toString('utf8')));
      if (!report.success) return this.send(res, 400, { error: report.error.message });
      this.statuses.push(report.data);
      return this.send(res, 204);
    }
    if (req.method === 'POST' && path === '/api/agent/scoreboard') {
      const update = ScoreboardUpdate.safeParse(JSON.parse(body.toString('utf8')));
      if (!update.success) return this.send(res, 400, { error: update.error.message });
      this.scoreboard.push(update.data);
      return this.send(res, 200, { outcome: 'published', eventId: randomUUID(), reason: null });
    }
    const upload = /^\/api\/admin\/uploads\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && upload) {
      const found = this.byId.get(upload[1]!);
      if (!found) return this.send(res, 404, { error: 'Upload not found' });
      return this.send(res, 200, {
        id: found.id,
        kind: 'lynx_batch',
        status: found.status,
        message: found.status === 'published' ? 'Results parsed successfully!' : null,
        eventId: null,
        competitionUic: COMPETITION.competitionUic,
        fileNames: found.files.map((file) => file.fileName),
        files: found.status === 'published' ? found.files : [],
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      });
    }
    if (
      req.method === 'POST' &&
      path === `/api/admin/competitions/${COMPETITION.competitionUic}/upload-lynx`
    ) {
      return this.upload(req, body, res);
    }
    return this.send(res, 404, { error: 'Not found' });
  }

  private async upload(req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<void> {
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: new Uint8Array(body),
    }).formData();
    const parts = form.getAll('files').filter((part): part is File => typeof part !== 'string');
    const names = parts.map((part) => part.name);
    const id = randomUUID();
    const stored: Upload = { id, status: 'queued', files: [] };
    const early: FileReport[] = [];
    let fresh = 0;
    let unchangedFrom: string | null = null;
    for (const part of parts) {
      const bytes = new Uint8Array(await part.arrayBuffer());
      const text = Buffer.from(bytes).toString('utf8');
      const key = part.name.toLowerCase();
      const base = { fileName: part.name, contents: null, events: [], warnings: [], reason: null };
      if (text.includes('NOT LYNX')) {
        early.push({ ...base, outcome: 'refused', reason: 'This is not a FinishLynx file.' });
        continue;
      }
      const known = this.files.get(key);
      if (known && known.hash === hash(bytes)) {
        early.push({ ...base, outcome: 'unchanged' });
        unchangedFrom = known.uploadId;
        continue;
      }
      fresh += 1;
      this.files.set(key, { hash: hash(bytes), uploadId: id, text });
      stored.files.push(
        text.includes('REFUSE LATER')
          ? { ...base, outcome: 'refused', reason: 'Event 9 is "Long Jump" in Rith.' }
          : {
              ...base,
              outcome: 'applied',
              contents: key.endsWith('.lif') ? 'results' : 'start_list',
              events: [
                {
                  eventId: randomUUID(),
                  eventName: '100m Men',
                  eventType: 'TRACK',
                  round: 'heats',
                  heat: 1,
                  heatCount: 2,
                  created: false,
                  wrote: key.endsWith('.lif') ? 'results' : 'start_list',
                  rows: 8,
                  public: true,
                },
              ],
              warnings: text.includes('DAMAGED')
                ? ['Row 3: a damaged character was replaced.']
                : [],
            },
      );
    }
    this.onUpload?.();
    if (this.holdUploads) await this.holdUploads;
    if (parts.length === 0 || (fresh === 0 && early.every((file) => file.outcome === 'refused'))) {
      this.uploads.push({ at: Date.now(), names, status: 400 });
      return this.send(res, 400, { error: early[0]?.reason ?? 'No usable file.', code: 'no_file' });
    }
    if (fresh === 0) {
      this.uploads.push({ at: Date.now(), names, status: 200 });
      return this.send(res, 200, { uploadId: unchangedFrom, status: 'published', files: early });
    }
    this.byId.set(id, stored);
    setTimeout(() => (stored.status = 'published'), 30);
    this.uploads.push({ at: Date.now(), names, status: 202 });
    return this.send(res, 202, { uploadId: id, status: 'queued', files: early });
  }
}

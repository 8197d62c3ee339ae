import type { Db } from '../../server/db/connect.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import type { RECREATIONAL_PLAN } from '../../server/pricing/plans.ts';
import { CLUB_PLAN } from '../../server/pricing/plans.ts';
import { createClub, createCompetition, createEvent, unique } from './factory.ts';

export const ADMIN_PASSWORD = 'Start-line-9!';

// One hash for every test admin: argon2id at OWASP cost takes tens of milliseconds.
let passwordHash: Promise<string> | undefined;

/** A user who runs the given clubs, with the shared test password. */
export async function createAdmin(
  db: Db,
  clubUics: number[],
  email = `${unique('admin')}@club.ie`,
) {
  passwordHash ??= hashPassword(ADMIN_PASSWORD);
  const user = await db
    .insertInto('users')
    .values({ email: email.toLowerCase(), passwordHash: await passwordHash, username: null })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  for (const clubUic of clubUics) {
    await db.insertInto('clubMembers').values({ userId: user.id, clubUic }).execute();
  }
  return { ...user, password: ADMIN_PASSWORD };
}

export async function packageId(db: Db, plan: typeof RECREATIONAL_PLAN | typeof CLUB_PLAN) {
  const row = await db
    .selectFrom('packages')
    .select('id')
    .where('name', '=', plan)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A club on the given plan with its own admin. */
export async function clubWithAdmin(
  db: Db,
  plan: typeof RECREATIONAL_PLAN | typeof CLUB_PLAN = CLUB_PLAN,
) {
  const club = await createClub(db, { packageId: await packageId(db, plan) });
  const admin = await createAdmin(db, [club.uic]);
  return { club, admin };
}

/** Talks to the API as a browser on the site's own pages would: cookie kept, Origin sent. */
export class AdminClient {
  cookie: string | undefined;

  constructor(readonly baseUrl: string) {}

  async login(email: string, password: string): Promise<Response> {
    const res = await this.fetch('/api/admin/login', {
      method: 'POST',
      json: { username: email, password },
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (res.ok && set) this.cookie = set.split(';')[0];
    return res;
  }

  fetch(
    path: string,
    init: {
      method?: string;
      json?: unknown;
      body?: BodyInit;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return fetch(`${this.baseUrl}${path}`, { method: init.method ?? 'GET', headers, body });
  }

  async json<T = unknown>(
    path: string,
    init: Parameters<AdminClient['fetch']>[1] = {},
  ): Promise<{ status: number; body: T }> {
    const res = await this.fetch(path, init);
    return { status: res.status, body: (await res.json()) as T };
  }

  upload(path: string, bytes: Uint8Array, fileName: string, type: string): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
    return this.fetch(path, { method: 'POST', body: form });
  }
}

export async function loggedIn(baseUrl: string, email: string, password = ADMIN_PASSWORD) {
  const client = new AdminClient(baseUrl);
  const res = await client.login(email, password);
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return client;
}

/** Small real files: the first bytes are what the server checks. */
export const samples = {
  png: Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  ),
  pdf: Uint8Array.from(
    Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  ),
  /** A script that says it is a picture. */
  fakePng: Uint8Array.from(Buffer.from('<script>alert(1)</script>')),
};

/** A whole valid competition body for POST/PUT. */
export function competitionBody(clubUic: number, overrides: Record<string, unknown> = {}) {
  const name = unique('Spring Open');
  return {
    clubUic,
    competitionName: name,
    urlName: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    date: '2026-12-05',
    startTime: '10:00',
    location: 'Morton Stadium, Santry',
    visible: true,
    liveNow: false,
    timeTableType: 'NONE',
    ...overrides,
  };
}

export function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    eventName: unique('100m Men'),
    eventType: 'ATHLETICS',
    trackDiscipline: 'ONE_HUNDRED_METER',
    fieldDiscipline: null,
    round: 'heats',
    time: '11:30',
    status: 'upcoming',
    visible: true,
    resultsFileType: 'NONE',
    startListType: 'NONE',
    ...overrides,
  };
}

/** A club's admin, logged in, with one competition and one event of it to upload to. */
export async function adminWithEvent(db: Db, baseUrl: string) {
  const { club, admin } = await clubWithAdmin(db);
  const client = await loggedIn(baseUrl, admin.email);
  const competition = await createCompetition(db, club.uic);
  const event = await createEvent(db, competition.uic);
  return { club, client, competition, event };
}

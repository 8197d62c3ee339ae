import { AdminClient } from './admin.ts';
import type { CreatedToken, TokenRole } from '../../shared/schemas/timingRoom.ts';

/** Talks to the API as the timing room agent does: a Bearer token, no cookie, no Origin. */
export class TokenClient extends AdminClient {
  constructor(
    baseUrl: string,
    readonly token: string,
  ) {
    super(baseUrl);
  }

  override fetch(path: string, init: Parameters<AdminClient['fetch']>[1] = {}): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      ...init.headers,
    };
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return fetch(`${this.baseUrl}${path}`, { method: init.method ?? 'GET', headers, body });
  }
}

/** A new token for the competition, made by its club's admin: the timing room's by default. */
export async function createToken(
  admin: AdminClient,
  competitionUic: number,
  name = 'Finish PC',
  role: TokenRole = 'agent',
): Promise<CreatedToken> {
  const { status, body } = await admin.json<CreatedToken>(
    `/api/admin/competitions/${competitionUic}/tokens`,
    { method: 'POST', json: { name, role } },
  );
  if (status !== 201) throw new Error(`token not created: ${status} ${JSON.stringify(body)}`);
  return body;
}

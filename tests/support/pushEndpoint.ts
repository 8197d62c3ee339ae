/**
 * A stand-in for a browser's push service and the browser behind it, for checking end to end
 * what Rith sends with web-push: it hands out subscriptions (an endpoint on this server and
 * the browser's keys), checks each push as a push service does (aes128gcm, a VAPID JWT signed
 * by the key it names), decrypts it as the browser would, and keeps it.
 *
 * web-push always sends with `https.request`, so this serves HTTPS with a self-signed
 * certificate made at start: a sender in this process passes `agent` (or an https.Agent with
 * `ca`) in sendNotification's options; a process of its own gets NODE_EXTRA_CA_CERTS=caFile.
 */
import {
  createECDH,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import type { ECDH } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, createServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';

export interface ReceivedPush {
  /** Which subscription (the path id). */
  subscription: string;
  /** The decrypted body, JSON-parsed (or the string if it is not JSON). */
  payload: unknown;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** The `sub` claim of the VAPID JWT, whose signature by the `k` key was checked. */
  vapidSubject: string | null;
  at: number;
}

export interface PushEndpoint {
  /** https://127.0.0.1:port */
  url: string;
  /** The server's self-signed certificate (PEM), and the same in a file for NODE_EXTRA_CA_CERTS. */
  ca: string;
  caFile: string;
  /** An https.Agent trusting `ca`, for sendNotification's `agent` option. */
  agent: Agent;
  /** A new browser subscription, in the PushSubscription JSON shape sendNotification takes. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** The pushes matching `match` once at least `count` have arrived; rejects after timeoutMs with what did arrive. */
  waitFor(
    match: (p: ReceivedPush) => boolean,
    count?: number,
    timeoutMs?: number,
  ): Promise<ReceivedPush[]>;
  /** From now on answer this subscription's pushes with 410 Gone, as for an expired subscription. */
  expire(endpoint: string): void;
  close(): Promise<void>;
}

interface Subscription {
  ecdh: ECDH;
  auth: Buffer;
  expired: boolean;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const { cert, key } = selfSignedCertificate();
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const handle = (req: IncomingMessage, body: Buffer, res: ServerResponse) => {
    const answer = (status: number, text = '') => res.writeHead(status).end(text);
    const id = /^\/push\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    const subscription = id === undefined ? undefined : subscriptions.get(id);
    if (req.method !== 'POST' || id === undefined || !subscription) return answer(404);
    if (subscription.expired) return answer(410, 'subscription expired');
    if (req.headers['content-encoding'] !== 'aes128gcm') return answer(400, 'not aes128gcm');
    const vapidSubject = checkVapid(req.headers.authorization, origin);
    if (typeof vapidSubject !== 'string' && vapidSubject !== null) {
      return answer(401, vapidSubject.refused);
    }
    let text: string;
    try {
      text = ece
        .decrypt(body, {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: subscription.auth,
        })
        .toString('utf8');
    } catch (error) {
      return answer(400, `cannot decrypt: ${String(error)}`);
    }
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const ttl = header('ttl');
    received.push({
      subscription: id,
      payload: parseJson(text),
      ttl: ttl === null ? null : Number(ttl),
      urgency: header('urgency'),
      topic: header('topic'),
      vapidSubject,
      at: Date.now(),
    });
    answer(201);
    for (const wake of waiters) wake();
  };

  const server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = await mkdtemp(join(tmpdir(), 'rith-push-'));
  const caFile = join(dir, 'ca.pem');
  await writeFile(caFile, cert);
  const agent = new Agent({ ca: cert });

  return {
    url: origin,
    ca: cert,
    caFile,
    agent,
    received,
    subscribe() {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth, expired: false });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
      };
    },
    waitFor(match, count = 1, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.filter(match);
          if (found.length < count) return false;
          done();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          done();
          const found = received.filter(match);
          reject(
            new Error(
              `waited ${timeoutMs} ms for ${count} matching push(es), ${found.length} matched; ` +
                `received: ${JSON.stringify(received)}`,
            ),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        if (!check()) waiters.add(check);
      });
    },
    expire(endpoint) {
      const subscription = subscriptions.get(endpoint.slice(endpoint.lastIndexOf('/') + 1));
      if (!subscription) throw new Error(`no subscription ${endpoint} on this push endpoint`);
      subscription.expired = true;
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292) as a push service checks it: an ES256
 * JWT signed by the P-256 key `k`, for this origin, not expired. The `sub` claim, or why not.
 */
function checkVapid(
  authorization: string | undefined,
  origin: string,
): string | null | { refused: string } {
  const scheme = /^vapid\s+(.*)$/i.exec(authorization ?? '');
  if (!scheme?.[1]) return { refused: 'no vapid authorization' };
  const params = new Map(
    scheme[1].split(',').map((part) => {
      const [name = '', ...value] = part.trim().split('=');
      return [name.toLowerCase(), value.join('=')] as const;
    }),
  );
  const [head, claims, signature] = (params.get('t') ?? '').split('.');
  const point = Buffer.from(params.get('k') ?? '', 'base64url');
  if (!head || !claims || !signature || point.length !== 65 || point[0] !== 4) {
    return { refused: 'malformed vapid t or k' };
  }
  try {
    const publicKey = createPublicKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
    });
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: unknown };
    const signed = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (header.alg !== 'ES256' || !signed) return { refused: 'vapid jwt not signed by k' };
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud?: unknown;
      exp?: unknown;
      sub?: unknown;
    };
    if (body.aud !== origin) return { refused: `vapid aud is not ${origin}` };
    if (typeof body.exp !== 'number' || body.exp * 1000 < Date.now()) {
      return { refused: 'vapid jwt expired' };
    }
    return typeof body.sub === 'string' ? body.sub : null;
  } catch (error) {
    return { refused: `bad vapid jwt: ${String(error)}` };
  }
}

/**
 * A P-256 certificate for 127.0.0.1, valid for a day, signed by its own key: Node has no API
 * to make one, and a checked-in key or a call to openssl would be one more thing to keep.
 * Plain DER (X.509 v3 with subjectAltName IP 127.0.0.1 and basicConstraints CA, so it can
 * be its own trust anchor).
 */
function selfSignedCertificate(): { cert: string; key: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const tlv = (tag: number, ...parts: Buffer[]) => {
    const content = Buffer.concat(parts);
    const n = content.length;
    const length = n < 128 ? [n] : n < 256 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
    return Buffer.concat([Buffer.from([tag, ...length]), content]);
  };
  const seq = (...parts: Buffer[]) => tlv(0x30, ...parts);
  const bytes = (...values: number[]) => Buffer.from(values);
  const time = (ms: number) =>
    tlv(0x17, Buffer.from(`${new Date(ms).toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));
  const ecdsaWithSha256 = seq(bytes(0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02));
  // Name: one RDN, CN=127.0.0.1
  const name = seq(
    tlv(0x31, seq(bytes(0x06, 0x03, 0x55, 0x04, 0x03), tlv(0x0c, Buffer.from('127.0.0.1')))),
  );
  const serial = randomBytes(8);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const extensions = tlv(
    0xa3,
    seq(
      // subjectAltName: iPAddress 127.0.0.1
      seq(bytes(0x06, 0x03, 0x55, 0x1d, 0x11), tlv(0x04, seq(bytes(0x87, 4, 127, 0, 0, 1)))),
      // basicConstraints (critical): CA
      seq(
        bytes(0x06, 0x03, 0x55, 0x1d, 0x13),
        bytes(0x01, 1, 0xff),
        tlv(0x04, seq(bytes(0x01, 1, 0xff))),
      ),
    ),
  );
  const tbs = seq(
    tlv(0xa0, bytes(0x02, 1, 2)),
    tlv(0x02, serial),
    ecdsaWithSha256,
    name,
    seq(time(Date.now() - 3_600_000), time(Date.now() + 86_400_000)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, ecdsaWithSha256, tlv(0x03, bytes(0), signature));
  const base64 = der.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`.replace(
      '\n\n',
      '\n',
    ),
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}

import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush, { WebPushError } from 'web-push';
import { startPushEndpoint, type PushEndpoint } from '../support/pushEndpoint.ts';

const SUBJECT = 'mailto:test@rith.example';

describe('push endpoint (a push service and browser for tests)', () => {
  let push: PushEndpoint;
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  const send = (subscription: ReturnType<PushEndpoint['subscribe']>, body: object) =>
    webpush.sendNotification(subscription, JSON.stringify(body), {
      vapidDetails: { subject: SUBJECT, publicKey, privateKey },
      TTL: 60,
      urgency: 'high',
      topic: 'abc',
      agent: push.agent,
    });

  beforeAll(async () => {
    push = await startPushEndpoint();
  });
  afterAll(() => push.close());

  it('decrypts what web-push sends and keeps its headers and VAPID subject', async () => {
    const subscription = push.subscribe();
    const id = subscription.endpoint.split('/').pop();
    const sent = await send(subscription, { title: '100m final', heat: 1 });
    expect(sent.statusCode).toBe(201);
    const [got] = await push.waitFor((p) => p.subscription === id);
    expect(got).toMatchObject({
      payload: { title: '100m final', heat: 1 },
      ttl: 60,
      urgency: 'high',
      topic: 'abc',
      vapidSubject: SUBJECT,
    });
  });

  it('answers an expired subscription with 410 Gone', async () => {
    const subscription = push.subscribe();
    push.expire(subscription.endpoint);
    const error = await send(subscription, { title: 'gone' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebPushError);
    expect((error as WebPushError).statusCode).toBe(410);
    expect(push.received.some((p) => p.payload === 'gone')).toBe(false);
  });

  it('refuses a push without VAPID and one to an unknown subscription, recording nothing', async () => {
    const before = push.received.length;
    const subscription = push.subscribe();
    const details = webpush.generateRequestDetails(subscription, JSON.stringify({ a: 1 }), {
      vapidDetails: { subject: SUBJECT, publicKey, privateKey },
    });
    const post = (url: string, headers: Record<string, string | number>) =>
      new Promise<number | undefined>((resolve, reject) => {
        const req = request(url, { method: 'POST', headers, agent: push.agent }, (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        req.on('error', reject);
        req.end(details.body);
      });
    const { Authorization: vapid = '', ...unsigned } = details.headers;
    expect(vapid).toMatch(/^vapid t=\S+, k=\S+$/);
    expect(await post(subscription.endpoint, unsigned)).toBe(401);
    // Signed by the VAPID key but naming another: not signed by `k`.
    const forged = vapid.replace(/k=\S+$/, `k=${subscription.keys.p256dh}`);
    expect(await post(subscription.endpoint, { ...details.headers, Authorization: forged })).toBe(
      401,
    );
    expect(
      await post(subscription.endpoint, { ...details.headers, 'Content-Encoding': 'aesgcm' }),
    ).toBe(400);
    expect(await post(`${push.url}/push/nobody`, details.headers)).toBe(404);
    expect(await post(subscription.endpoint, details.headers)).toBe(201);
    expect(push.received.length).toBe(before + 1);
  });

  it('waitFor rejects after its timeout, saying what did arrive', async () => {
    await expect(push.waitFor(() => false, 1, 50)).rejects.toThrow(/0 matched; received: \[/);
  });
});

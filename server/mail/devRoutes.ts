import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/connect.ts';
import { sendError } from '../errors.ts';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function isLoopback(address: string | undefined): boolean {
  return (
    address === '::1' ||
    address?.startsWith('127.') === true ||
    address?.startsWith('::ffff:127.') === true
  );
}

/** Headers a proxy adds: a request that passed through one is not the developer's own. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * The outbox, for developers (registered only when config.devMailbox: outside production,
 * with no proxy trusted): /dev/mail lists every e-mail the product wrote, newest first;
 * /dev/mail.json gives the same as data.
 */
export const devMailRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  // The outbox holds live reset links: only the developer's own machine may read it. A
  // proxy on the same host would make every visitor look local, so a request that carries
  // a proxy's headers is refused too.
  app.addHook('onRequest', async (request, reply) => {
    const proxied = PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
    if (proxied || !isLoopback(request.socket.remoteAddress)) {
      return sendError(reply, 404, 'not_found', 'Not found');
    }
  });

  const latest = () =>
    db
      .selectFrom('outboxEmails')
      .select(['id', 'toAddress', 'subject', 'textBody', 'htmlBody', 'createdAt', 'sentAt'])
      .orderBy('id', 'desc')
      .limit(100)
      .execute();

  app.get('/dev/mail.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return latest();
  });

  app.get('/dev/mail', async (_request, reply) => {
    const mails = await latest();
    const items = mails
      .map(
        (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.toAddress)} · ${m.createdAt.toISOString()}${m.sentAt ? ' · sent by SMTP' : ''}</p>
<pre>${linkify(escapeHtml(m.textBody))}</pre>
</article>`,
      )
      .join('\n');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Outbox | Rith</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:760px;padding:16px;color:#1d2733}
article{border:1px solid #c8d0da;border-radius:8px;padding:12px 16px;margin:12px 0}
h2{font-size:1.1rem;margin:0 0 4px}.meta{color:#4a5665;margin:0 0 8px;font-size:.9rem}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0}a{color:#0b5cad}</style></head>
<body><h1>Outbox</h1><p>E-mails Rith wrote (development only), newest first.</p>
${items || '<p>No e-mails yet.</p>'}
</body></html>`);
  });
};

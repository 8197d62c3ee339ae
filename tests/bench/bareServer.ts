// bench:read's limit: a bare Fastify route answering the bytes the parent sends (base64, over
// IPC), in a process of its own as the real server is, so both share the cores alike.
import Fastify from 'fastify';

const { body } = await new Promise<{ body: string }>((resolve) => process.once('message', resolve));
const bytes = Buffer.from(body, 'base64');
const app = Fastify({ logger: false });
app.get('/bare', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(bytes);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
process.send?.({ port: address.port });

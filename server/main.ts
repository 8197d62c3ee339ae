import { ConfigError, loadConfig } from './config.ts';
import { consoleLogger, createRuntime } from './runtime.ts';
import { buildApp } from './app.ts';
import { bootstrapData } from './bootstrap.ts';

const startedAt = performance.now();

async function main() {
  const config = loadConfig();
  const runtime = await createRuntime(config, consoleLogger);
  const data = await bootstrapData(runtime.db, config.seedDemo);
  const app = await buildApp(runtime);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  app.addHook('onListen', async () => {
    const url = config.publicUrl ?? `http://localhost:${config.port}`;
    const mode =
      config.database.kind === 'pglite'
        ? `embedded database in ${config.database.dataDir}`
        : 'PostgreSQL';
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    const lines = [
      '',
      `  Rith is serving ${url}  (${mode}${config.redisUrl ? ', Redis' : ''}; ready in ${seconds} s)`,
    ];
    if (data.seeded) lines.push('  Demo data was seeded into the new database.');
    if (data.demoLogin) {
      lines.push(
        `  Demo admin login: ${data.demoLogin.email} / ${data.demoLogin.password}  (${url}/login)`,
      );
    }
    console.log(lines.join('\n') + '\n');
  });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Rith failed to start:', err);
  }
  process.exit(1);
});

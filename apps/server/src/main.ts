import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/index.ts';
import { runSeed } from './db/seed/index.ts';
import { sealStoredSecrets } from './lib/crud/seal-stored.ts';
import { SecretBox } from './lib/secret-box.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'pg'),
    pool: config.pool,
  });
  await migrate(database);
  const seed = await runSeed(database, config);
  await sealStoredSecrets(database, new SecretBox(config.dataKey));
  const app = await buildApp({ config, database });
  app.logs.start();
  // Old log entries go once at start and then every six hours.
  const sweep = () =>
    void app.logs
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'log retention sweep failed'));
  sweep();
  setInterval(sweep, 6 * 3_600_000).unref();
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host}:${config.port}`;
  const lines = [
    `Yuan Admin is running at ${url}`,
    `Open ${url}/ and sign in — tenant 000000, account admin`,
  ];
  if (seed.generatedAdminPassword) {
    lines.push(`Initial admin password: ${seed.generatedAdminPassword}`);
    lines.push(
      `(also written to ${join(config.dataDir, 'initial-admin-password')}; change it after signing in)`,
    );
  }
  // Printed plainly, not through the JSON logger, so a person reads it at first start.
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});

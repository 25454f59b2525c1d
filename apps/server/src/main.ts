import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ClusterError, NodeRegistry, nodeFacts } from './cluster/node-registry.ts';
import { allModules } from './modules/index.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { EmbeddedError, startEmbeddedPostgres } from './db/embedded/index.ts';
import { migrate, openDatabase } from './db/index.ts';
import { runSeed } from './db/seed/index.ts';
import { sealStoredSecrets } from './lib/crud/seal-stored.ts';
import { Shutdown } from './lib/lifecycle/shutdown.ts';
import { SecretBox } from './lib/secret-box.ts';
import { closeApp } from './plugins/drain.ts';

/**
 * Starts the server. What it starts pushes the step that stops it, so the stop runs them in reverse: the app (drain,
 * jobs, chain, logs), then the database. A stop asked for meanwhile ends the start at its next checkpoint.
 */
async function start(config: Config, shutdown: Shutdown) {
  // Without DATABASE_URL the app runs its own PostgreSQL in DATA_DIR/pg (and refuses a DATA_DIR another process has).
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir });
  if (embedded) {
    shutdown.push('embedded database', () => embedded.stop());
    shutdown.checkpoint();
  }
  const database = await openDatabase({
    url: config.databaseUrl ?? (embedded?.url as string),
    pool: config.pool,
  });
  shutdown.push('database', () => database.close());
  shutdown.checkpoint();
  const applied = await migrate(database);
  if (embedded && applied.length > 0) {
    // A new cluster's first stop would otherwise write everything the migrations made, past the stop's 2 s bound.
    await database.exec('CHECKPOINT');
  }
  shutdown.checkpoint();
  // Embedded parts serve this process alone: beside other nodes on this database, it refuses to start (docs/deploy.md).
  const registry = new NodeRegistry(
    database,
    nodeFacts({ port: config.port, databaseUrl: config.databaseUrl, chainRpcUrl: config.chain.rpcUrl }),
  );
  await registry.join();
  shutdown.push('node registry', () => registry.leave());
  shutdown.checkpoint();
  const seed = await runSeed(database, config);
  await sealStoredSecrets(database, new SecretBox(config.dataKey));
  shutdown.checkpoint();
  const app = await buildApp({ config, database, modules: allModules });
  shutdown.useLog(app.log);
  shutdown.push('app', () => closeApp(app, config.shutdownGraceMs, app.log));
  app.logs.start();
  shutdown.checkpoint();
  await app.listen({ port: config.port, host: config.host });
  return seed;
}

function report(error: unknown): void {
  if (error instanceof ConfigError || error instanceof EmbeddedError || error instanceof ClusterError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
}

function main(): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    report(error);
    process.exit(1);
  }
  const shutdown = new Shutdown({ graceMs: config.shutdownGraceMs }).listen();
  if (process.env.npm_lifecycle_event) {
    // Started by an npm script: npm's shell sits between npm and this process (see Shutdown.stopWithParent).
    shutdown.stopWithParent();
  }
  shutdown.launch(
    start(config, shutdown),
    (seed) => {
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
    },
    report,
  );
}

main();

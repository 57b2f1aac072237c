import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { ensureDemoAccount } from './db/demo-account.ts';
import { startMaintenance } from './jobs/maintenance.ts';
import { openSecretBox } from './security/secret-box.ts';

const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const startedAt = performance.now();
  // Before the database: a server without its encryption key must not get as far as migrating.
  const secretBox = await openSecretBox(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
  await runMigrations(database);
  const demo = config.seedDemo ? await ensureDemoAccount(database.db, config.dataDir) : undefined;

  const app = await buildApp({ config, database, clientDir, secretBox });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const listenUrl = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  // With PORT=0 the real port is known only now; links in mail must carry it.
  if (config.appUrlIsDefault) config.appUrl = listenUrl;

  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  const lines = [`Fieldwise is running at ${listenUrl}`, `Database: ${storage}`];
  if (demo?.created) lines.push(`Demo sign-in: ${demo.email} / ${demo.password}  (also saved in ${demo.file})`);
  else if (demo) lines.push(`Demo sign-in: ${demo.email} (password in ${demo.file})`);
  console.log(`\n  ${lines.join('\n  ')}\n`);
  const stopMaintenance = startMaintenance(database.db, app.log);
  app.log.info({ port, startupMs: Math.round(performance.now() - startedAt) }, 'ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      stopMaintenance();
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  // A configuration problem found while starting (e.g. no APP_SECRET with DATABASE_URL) reads like one found in .env.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});

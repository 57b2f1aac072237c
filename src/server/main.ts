import { fileURLToPath } from 'node:url';
import { buildApp } from '#server/app.ts';
import { ConfigError, loadConfig, loadDotEnv } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { ensureDemoAccount } from '#server/modules/demo/demo-account.ts';
import { seedDemoAreas } from '#server/modules/demo/demo-areas.ts';
import { createBoss } from '#server/jobs/boss.ts';
import { jobDefinitions } from '#server/jobs/definitions.ts';
import { createJobs, startWorker } from '#server/jobs/jobs.ts';
import { openSecretBox } from '#server/security/secret-box.ts';

/** How long a process that serves HTTP waits for its first request before starting its job worker. */
const WORKER_START_DELAY_MS = 1_000;
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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
  });
  await runMigrations(database);
  const demo = config.seedDemo ? await ensureDemoAccount(database.db, config.dataDir) : undefined;

  // One queue per process: a worker also runs pg-boss's maintenance (dead workers' jobs) and cron.
  const worker = config.role !== 'web';
  const definitions = jobDefinitions(() => app.deps);
  const jobs = createJobs(() => createBoss(database, { supervise: worker }), definitions);
  const app = await buildApp({ config, database, clientDir, secretBox, jobs });
  if (demo?.ids) {
    const t0 = performance.now();
    await seedDemoAreas(app.deps, demo.ids, demo.converted);
    app.log.info({ ms: Math.round(performance.now() - t0) }, 'demo areas seeded');
  }
  const lines: string[] = [];
  if (config.role !== 'worker') {
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const listenUrl = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    // With PORT=0 the real port is known only now; links in mail must carry it.
    if (config.appUrlIsDefault) config.appUrl = listenUrl;
    lines.push(`Fieldwise is running at ${listenUrl}`);
  } else {
    await app.ready();
    lines.push('Fieldwise worker is running (FIELDWISE_ROLE=worker: background jobs only, no HTTP)');
  }
  // The queue's start (its schema check, queues and cron schedules) is many statements on the one
  // embedded connection and a burst of CPU: begun before the first request, it stood between a
  // restart and its first answer. A process that serves HTTP starts it once its first answer is
  // sent, or WORKER_START_DELAY_MS after listening when nobody asks; a worker-only one at once.
  // A job enqueued before then waits in the queue, not lost.
  let workerStarted: Promise<void> | undefined;
  let startTimer: NodeJS.Timeout | undefined;
  let closing = false;
  const startJobs = () => {
    clearTimeout(startTimer);
    if (closing) return;
    workerStarted ??= startWorker(jobs, definitions, { log: app.log }).catch((err: unknown) => {
      app.log.error({ err }, 'the job worker could not start');
      process.exit(1);
    });
  };
  if (config.role === 'worker') await startWorker(jobs, definitions, { log: app.log });
  else if (worker) {
    startTimer = setTimeout(startJobs, WORKER_START_DELAY_MS);
    app.server.once('request', (_request, response) => response.once('close', startJobs));
  }

  // Before saying it is ready: a supervisor that stops it the moment it reads the line gets a
  // clean shutdown, not a kill.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and running jobs');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 30 s; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      clearTimeout(startTimer);
      await app.close(); // stops accepting, waits for in-flight requests
      await workerStarted; // a start under way finishes, so the stop below stops all it started
      await jobs.stop(); // takes no new jobs; running ones get up to 20 s to finish
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  lines.push(`Database: ${storage}`);
  if (demo?.created) lines.push(`Demo sign-in: ${demo.email} / ${demo.password}  (also saved in ${demo.file})`);
  else if (demo) lines.push(`Demo sign-in: ${demo.email} (password in ${demo.file})`);
  console.log(`\n  ${lines.join('\n  ')}\n`);
  app.log.info({ role: config.role, startupMs: Math.round(performance.now() - startedAt) }, 'ready');
}

main().catch((err: unknown) => {
  // A configuration problem found while starting (e.g. no APP_SECRET with DATABASE_URL) reads like one found in .env.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});

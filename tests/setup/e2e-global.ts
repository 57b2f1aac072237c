// Global setup for the browser project: build the client once if it is stale, find a Chromium,
// and start the real server once on an empty data directory (migrations and the demo business),
// stopping it cleanly: that directory is the template every spec's server starts from (a copy),
// so no spec pays for migrating and seeding. Without a Chromium the browser tests are skipped
// with a line saying how to get it — unless E2E_REQUIRED=1 (CI), where a missing browser fails
// the run.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from '../../scripts/build-client.mjs';
import { ensureServerBuilt } from '../../scripts/build-server.mjs';
import { serverOnPostgres, startServer, tempDataDir } from '../e2e/server.ts';
import { createDatabase, dropDatabase, testDatabaseName, testDatabaseUrl, urlFor } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
    /** A data directory, migrated and with the demo business, to copy for each spec's server. */
    e2eTemplateDir: string;
    /**
     * With TEST_DATABASE_URL (CI): the PostgreSQL database the template server migrated and
     * seeded, which each spec's server gets a copy of; '' runs the specs on the embedded database.
     */
    e2eDatabaseTemplate: string;
    /** The key the template server encrypted its stored secrets with, for every copy's server. */
    e2eAppSecret: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  ensureClientBuilt();
  await ensureServerBuilt(); // once here, so the specs' servers never race to build it
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    const how = `No Chromium at ${candidate}: install it with \`sudo apt-get install -y chromium\` or set CHROMIUM_PATH.`;
    if (process.env.E2E_REQUIRED === '1') throw new Error(`Browser tests are required (E2E_REQUIRED=1). ${how}`);
    console.log(`\nBrowser tests skipped. ${how}\n`);
    project.provide('chromiumPath', '');
    project.provide('e2eTemplateDir', '');
    project.provide('e2eDatabaseTemplate', '');
    project.provide('e2eAppSecret', '');
    return undefined;
  }
  // On a PostgreSQL server when there is one (decision 019): the specs' servers then spend no
  // time starting an embedded database or running its queries in their own process. The
  // embedded database keeps its own browser spec (server-process) and every db test.
  const adminUrl = process.env.TEST_DATABASE_URL ? testDatabaseUrl() : '';
  const databaseTemplate = adminUrl ? testDatabaseName('tmpl') : '';
  if (databaseTemplate) await createDatabase(adminUrl, databaseTemplate);
  // One key for the template's server and its copies' (serverOnPostgres).
  const appSecret = databaseTemplate ? randomBytes(48).toString('base64') : '';
  const template = await tempDataDir();
  const server = await startServer({
    dataDir: template,
    ...(databaseTemplate ? { env: serverOnPostgres(urlFor(adminUrl, databaseTemplate), appSecret) } : {}),
  });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the template server exited with ${code}:\n${server.output()}`);
  project.provide('chromiumPath', candidate);
  project.provide('e2eTemplateDir', template);
  project.provide('e2eDatabaseTemplate', databaseTemplate);
  project.provide('e2eAppSecret', appSecret);
  return async () => {
    await rm(template, { recursive: true, force: true });
    if (databaseTemplate) await dropDatabase(adminUrl, databaseTemplate);
  };
}

// Global setup for the browser project: build the client once if it is stale, find a Chromium,
// and start the real server once on an empty data directory (migrations and the demo business),
// stopping it cleanly: that directory is the template every spec's server starts from (a copy),
// so no spec pays for migrating and seeding. Without a Chromium the browser tests are skipped
// with a line saying how to get it — unless E2E_REQUIRED=1 (CI), where a missing browser fails
// the run.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from '../../scripts/build-client.mjs';
import { startServer, tempDataDir } from '../e2e/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
    /** A data directory, migrated and with the demo business, to copy for each spec's server. */
    e2eTemplateDir: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  ensureClientBuilt();
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    const how = `No Chromium at ${candidate}: install it with \`sudo apt-get install -y chromium\` or set CHROMIUM_PATH.`;
    if (process.env.E2E_REQUIRED === '1') throw new Error(`Browser tests are required (E2E_REQUIRED=1). ${how}`);
    console.log(`\nBrowser tests skipped. ${how}\n`);
    project.provide('chromiumPath', '');
    project.provide('e2eTemplateDir', '');
    return undefined;
  }
  const template = await tempDataDir();
  const server = await startServer({ dataDir: template });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the template server exited with ${code}:\n${server.output()}`);
  project.provide('chromiumPath', candidate);
  project.provide('e2eTemplateDir', template);
  return () => rm(template, { recursive: true, force: true });
}

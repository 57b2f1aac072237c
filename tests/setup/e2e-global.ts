// Global setup for the browser project: build the client once if it is stale, and find a
// Chromium. Without one the browser tests are skipped with a line saying how to get it —
// unless E2E_REQUIRED=1 (CI), where a missing browser fails the run.
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from '../../scripts/build-client.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

export default function setup(project: TestProject): void {
  ensureClientBuilt();
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(candidate)) {
    project.provide('chromiumPath', candidate);
    return;
  }
  const how = `No Chromium at ${candidate}: install it with \`sudo apt-get install -y chromium\` or set CHROMIUM_PATH.`;
  if (process.env.E2E_REQUIRED === '1') throw new Error(`Browser tests are required (E2E_REQUIRED=1). ${how}`);
  console.log(`\nBrowser tests skipped. ${how}\n`);
  project.provide('chromiumPath', '');
}

import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { alias } from './vite.config.ts';
import ProjectOrderSequencer from './tests/setup/sequencer.ts';
import { POSTGRES_FILES } from './tests/setup/postgres-files.ts';

const dbTests = ['src/**/*.db.test.ts', 'tests/api/**/*.db.test.ts'];
const pgUrl = process.env.TEST_DATABASE_URL;
/**
 * Every project shares one pool of workers. Two on this 2-core machine: the browser specs and
 * the database tests spend much of their time waiting (a browser, a server, a timer), so the
 * other worker's CPU work fills it. TEST_WORKERS changes it for a bigger or busier machine.
 */
/** Fails a test whose calls to a fake broke a provider's description (tests/contracts/). */
const contractCheck = 'tests/setup/contracts.ts';
const workers = Number(process.env.TEST_WORKERS) || 2;
// A renamed file would silently leave the PostgreSQL run: refuse to start instead.
const goneFromPostgres = POSTGRES_FILES.filter((file) => !existsSync(file));
if (goneFromPostgres.length)
  throw new Error(`tests/setup/postgres-files.ts lists missing files: ${goneFromPostgres.join(', ')}`);

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    maxWorkers: workers,
    sequence: { sequencer: ProjectOrderSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/shared/**/*.test.ts',
            'src/server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/contracts/**/*.test.ts',
          ],
          exclude: dbTests,
          setupFiles: [contractCheck],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/dom.ts'],
          // A worker keeps jsdom, React and the app's modules between files instead of importing
          // them again for each (tests/setup/dom.ts empties the DOM, storage and the render cache
          // after every test): a third of the CPU the isolated run took, all 398 tests passing.
          isolate: false,
          // A component test that types into forms takes ~1 s alone; on a busy 2-core runner it
          // can pass 5 s, so a timeout here would report load, not a defect.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'db:pglite',
          environment: 'node',
          include: dbTests,
          env: { TEST_DB_DRIVER: 'pglite' },
          // Each file gets its own database and app (tests/setup/test-app.ts), so a worker keeps
          // the server's modules between files instead of importing them again for each.
          isolate: false,
          globalSetup: ['tests/setup/db-global.ts'],
          setupFiles: [contractCheck],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(pgUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'db:postgres',
                environment: 'node' as const,
                include: POSTGRES_FILES,
                env: { TEST_DB_DRIVER: 'pg' },
                isolate: false,
                globalSetup: ['tests/setup/db-global.ts'],
                setupFiles: [contractCheck],
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/setup/e2e-global.ts'],
          setupFiles: [contractCheck],
          // Each spec starts its own server and browser; a worker keeps playwright and the
          // harness loaded between specs instead of importing them again for each.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

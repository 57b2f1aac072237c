import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { alias } from './vite.config.ts';

const dbTests = ['src/**/*.db.test.ts', 'tests/api/**/*.db.test.ts'];
const pgUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: dbTests,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/dom.ts'],
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
          globalSetup: ['tests/setup/db-global.ts'],
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
                include: dbTests,
                env: { TEST_DB_DRIVER: 'pg' },
                globalSetup: ['tests/setup/db-global.ts'],
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

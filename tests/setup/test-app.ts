// One app on a fresh database per test file: `const t = useTestApp();` then `t.app.inject(…)`.
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { testConfig, type AppConfig } from '#server/config.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export interface TestAppContext {
  app: App;
  database: TestDatabase;
  config: AppConfig;
}

export function useTestApp(options: { config?: Record<string, string>; clientDir?: string } = {}): TestAppContext {
  const ctx = {} as TestAppContext;
  beforeAll(async () => {
    ctx.config = testConfig(options.config);
    ctx.database = await createTestDatabase();
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      logger: false,
      ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.destroy();
  });
  return ctx;
}

// Shared by the social db tests: an app whose networks are the local fake, a queue that records
// what is enqueued (the tests run the publishing handler themselves), and connected accounts.
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { memberships } from '#server/db/schema/index.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { TProvider } from '#shared/schemas/connections.ts';
import { syncPastedConnection } from '#server/modules/connections/connections.service.ts';
import { upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { PROVIDER_DEFS } from '#server/modules/connections/connections-providers.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { FAKE_SOCIAL, startFakeSocialServer, type FakeSocialServer } from '#tests/fakes/social-server.ts';
import { socialDeps, type SocialDeps } from '#server/modules/social/social.service.ts';
import { publishTarget, type PublishJob, type PublishOutcome } from '#server/modules/social/social-publish.service.ts';

export interface Enqueued {
  name: string;
  data: PublishJob;
  key?: string | undefined;
  startAfter?: Date | undefined;
}

export interface SocialKit {
  app: App;
  database: TestDatabase;
  fake: FakeSocialServer;
  enqueued: Enqueued[];
  deps: SocialDeps;
  close(): Promise<void>;
}

export async function startSocialKit(config: Record<string, string> = {}): Promise<SocialKit> {
  const fake = await startFakeSocialServer();
  const database = await createTestDatabase();
  const enqueued: Enqueued[] = [];
  const keys = new Set<string>();
  const jobs: Jobs = {
    async enqueue(name, data, options = {}) {
      if (options.key && keys.has(`${name}:${options.key}`)) return null;
      if (options.key) keys.add(`${name}:${options.key}`);
      enqueued.push({ name, data: data as PublishJob, key: options.key, startAfter: options.startAfter });
      return String(enqueued.length);
    },
    boss: () => Promise.reject(new Error('no queue in this test')),
    stop: () => Promise.resolve(),
  };
  const app = await buildApp({
    config: testConfig({
      META_GRAPH_BASE_URL: fake.url,
      X_API_BASE_URL: fake.url,
      X_UPLOAD_BASE_URL: fake.url,
      LINKEDIN_API_BASE_URL: fake.url,
      ...config,
    }),
    database,
    logger: false,
    jobs,
  });
  await app.ready();
  // No real waiting between provider-http's own retries.
  const deps = { ...socialDeps(app.deps), http: { sleep: () => Promise.resolve() } };
  return {
    app,
    database,
    fake,
    enqueued,
    deps,
    close: async () => {
      await app.close();
      await database.destroy();
      await fake.close();
    },
  };
}

export async function tenantOf(kit: SocialKit, userId: string): Promise<string> {
  const [row] = await kit.database.db
    .select({ tenantId: memberships.tenantId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  if (!row) throw new Error('no membership');
  return row.tenantId;
}

/** Connects Facebook (pasted Page token), LinkedIn (pasted) and X (a stored OAuth token). */
export async function connectAll(kit: SocialKit, tenantId: string, only?: TProvider[]): Promise<void> {
  const want = (p: TProvider) => !only || only.includes(p);
  const { db } = kit.database;
  const box = kit.app.deps.secretBox;
  // The networks know what each token was granted: what our connect flow asks for.
  kit.fake.grant('page-token-1', PROVIDER_DEFS.meta.scopes);
  kit.fake.grant('x-token-1', PROVIDER_DEFS.x.scopes);
  kit.fake.grant('li-token-1', PROVIDER_DEFS.linkedin.scopes);
  if (want('meta'))
    await syncPastedConnection(db, box, tenantId, 'meta', { token: 'page-token-1', accountId: FAKE_SOCIAL.pageId });
  if (want('linkedin'))
    await syncPastedConnection(db, box, tenantId, 'linkedin', { token: 'li-token-1', accountId: '5001' });
  if (want('x'))
    await upsertConnection(db, tenantId, 'x', {
      source: 'oauth',
      status: 'healthy',
      accessToken: box.seal('x-token-1', `connection:${tenantId}:x:access`),
      externalAccountId: '1445880548472328192',
      accountName: '@bluedoorcafe',
      scopes: [],
    });
}

/** Runs every publishing job enqueued since `from` (as the worker would, in order). */
export async function runJobs(kit: SocialKit, from = 0): Promise<PublishOutcome[]> {
  const out: PublishOutcome[] = [];
  for (const job of kit.enqueued.slice(from)) {
    if (job.name === 'social.publish') out.push(await publishTarget(kit.deps, job.data));
  }
  return out;
}

export const inject = (
  kit: SocialKit,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  kit.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

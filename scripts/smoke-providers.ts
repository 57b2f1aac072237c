// `npm run smoke:providers -- [--business <id or slug>] [--post [--image-url https://…]]`: a live
// check of every provider a business (or the SMOKE_* environment) is connected to. Read-only calls
// through the app's own clients, one line each: PASS (ms), FAIL with the provider's own answer, or
// SKIP. `--post` also publishes a test post to each connected network and deletes it again. Secrets
// are masked, so the output can go into a support request as it is. Exit code 0 when nothing
// failed. With the embedded database (no DATABASE_URL), stop the app first: PGlite serves one
// process at a time. docs/providers.md has the details.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { ConfigError, loadConfig, loadDotEnv, type AppConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { tenants } from '#server/db/schema/index.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { openSecretBox } from '#server/security/secret-box.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import { SmokeReport } from './smoke/smoke-report.ts';
import { businessSources, envSources, SMOKE_ENV, type SmokeSources } from './smoke/smoke-sources.ts';
import { runSmoke } from './smoke/smoke-run.ts';

const USAGE = `Usage: npm run smoke:providers -- [--business <id or slug>] [--post] [--image-url <https URL>]
Without --business the credentials come from these variables (a provider needs all of its own):
${Object.entries(SMOKE_ENV)
  .map(([provider, names]) => `  ${provider}: ${names.join(', ')}`)
  .join('\n')}
Stripe is checked whenever STRIPE_SECRET_KEY is set.`;

const { values } = parseArgs({
  options: {
    business: { type: 'string' },
    post: { type: 'boolean', default: false },
    'image-url': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

async function tenantOf(database: Database, idOrSlug: string) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
  const [tenant] = await database.db
    .select({ id: tenants.id, slug: tenants.slug })
    .from(tenants)
    .where(uuid ? eq(tenants.id, idOrSlug) : eq(tenants.slug, idOrSlug))
    .limit(1);
  return tenant;
}

async function sourcesOf(config: AppConfig, report: SmokeReport, database: Database | null): Promise<SmokeSources> {
  if (!database || !values.business) return envSources(process.env, report);
  const tenant = await tenantOf(database, values.business);
  if (!tenant) {
    console.error(`No business with id or slug "${values.business}".`);
    process.exit(2);
  }
  report.line(`business ${tenant.slug} (${tenant.id})`);
  const log = pino({ level: 'silent' });
  const store = { config, db: database.db, box: await openSecretBox(config), log, http: {} };
  return businessSources({ ...store, mailer: createMailer(config, database.db, log) }, tenant.id, report);
}

async function main(): Promise<number> {
  loadDotEnv();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const report = new SmokeReport((line) => console.log(line));
  report.line(`Fieldwise provider check ${new Date().toISOString()}${values.post ? ' (with test posts)' : ''}`);
  const database = values.business
    ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 })
    : null;
  try {
    const sources = await sourcesOf(config, report, database);
    return await runSmoke(
      { config, sources, report, http: {}, outbound: createOutbound({ allow: config.outboundAllow }) },
      { post: values.post, imageUrl: values['image-url'] ?? null },
    );
  } finally {
    await database?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);

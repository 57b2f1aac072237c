// The database test files that also run on a PostgreSQL server (the db:postgres project, CI).
// Every db file runs on PGlite, the embedded default; the server engine adds what can differ
// between the two: the drivers and the pool, migrations and the schema, pg-boss, and every place
// where two requests or processes race for a row (claims, counters, single-use tokens, LISTEN/
// NOTIFY), plus the two sweeps that call every operation (types as the pg driver returns them).
// The rest test our own logic, which reads the same on both engines: running them twice cost a
// sixth of the suite's 15 minutes (decision 019).
export const POSTGRES_FILES = [
  // drivers, pool, migrations, schema, shutdown
  'src/server/db/client.db.test.ts',
  'src/server/db/migrate.db.test.ts',
  'src/server/db/schema.db.test.ts',
  'src/server/shutdown.db.test.ts',
  // pg-boss: SKIP LOCKED claims, schedules, the jobs view
  'src/server/jobs/jobs.db.test.ts',
  'src/server/modules/system/jobs-view.db.test.ts',
  // rows that requests or processes race for
  'src/server/modules/social/social.db.test.ts',
  'src/server/modules/social/social.queue.db.test.ts',
  'src/server/modules/social/social.processes.db.test.ts',
  'src/server/modules/website/blog-schedule.db.test.ts',
  'src/server/modules/website/lead-guard.db.test.ts',
  'src/server/modules/reviews/review-requests.db.test.ts',
  'src/server/modules/billing/billing.db.test.ts',
  'src/server/modules/conversations/conversations.db.test.ts',
  'src/server/modules/push/push.db.test.ts',
  'src/server/modules/work/work.db.test.ts',
  'src/server/modules/auth/auth.session.db.test.ts',
  'src/server/modules/auth/auth.lockout.db.test.ts',
  'src/server/modules/auth/auth.limits.db.test.ts',
  'src/server/modules/onboarding/onboarding.abuse.db.test.ts',
  'src/server/modules/felix/felix.quota.db.test.ts',
  'src/server/ai/ai.budget.db.test.ts',
  // the hot list and bulk writes
  'src/server/modules/leads/leads.db.test.ts',
  'src/server/modules/leads/leads-import.db.test.ts',
  // every operation, as the pg driver types its answers
  'tests/api/fuzz.db.test.ts',
  'tests/api/tenant-sweep.db.test.ts',
];

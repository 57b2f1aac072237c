// Applies the committed migrations to a fresh in-memory PGlite and to a fresh temporary
// database on a PostgreSQL server, runs a small smoke insert, and prints the table counts.
// Usage: node --import tsx scripts/check-migrations.ts
// PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server;
// SKIP_PG=1 checks PGlite only.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../src/server/db/schema/index.ts';

const migrationsFolder = fileURLToPath(new URL('../src/server/db/migrations', import.meta.url));
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type AnyDb = PgDatabase<PgQueryResultHKT, typeof schema>;

async function tableCount(db: AnyDb): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  // pglite returns { rows }, node-postgres a QueryResult with rows too
  const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
  if (typeof n !== 'number') throw new Error('could not count tables');
  return n;
}

/** Inserts a tenant, a user and a lead and checks the defaults the spec names. */
async function smoke(db: AnyDb): Promise<void> {
  const [tenant] = await db.insert(schema.tenants).values({ slug: 'acme', name: 'Acme HVAC' }).returning();
  if (!tenant) throw new Error('tenant not inserted');
  const [user] = await db.insert(schema.users).values({ email: 'owner@acme.test' }).returning();
  if (!user || user.role !== 'member' || user.subscriptionStatus !== 'free') throw new Error('user defaults');
  await db.insert(schema.memberships).values({ tenantId: tenant.id, userId: user.id });
  const [lead] = await db
    .insert(schema.leads)
    .values({ tenantId: tenant.id, name: 'Pat', service: 'AC repair', location: 'Austin', conversionProbability: '12.5' })
    .returning();
  if (!lead) throw new Error('lead not inserted');
  const ok =
    lead.status === 'new' &&
    lead.priority === 'medium' &&
    lead.leadScore === 0 &&
    lead.urgencyScore === 50 &&
    lead.engagementLevel === 'unknown' &&
    Array.isArray(lead.aiRecommendations) &&
    lead.aiRecommendations.length === 0 &&
    lead.conversionProbability === '12.50';
  if (!ok) throw new Error(`lead defaults wrong: ${JSON.stringify(lead)}`);

  // Lower-case emails are enforced by a check constraint.
  let rejected = false;
  try {
    await db.insert(schema.users).values({ email: 'Mixed@Case.test' });
  } catch {
    rejected = true;
  }
  if (!rejected) throw new Error('mixed-case email was accepted');

  // Deleting the tenant cascades to its rows.
  await db.delete(schema.tenants).where(eq(schema.tenants.id, tenant.id));
  const left = await db.select().from(schema.leads);
  if (left.length !== 0) throw new Error('tenant delete did not cascade');
}

async function checkPglite(): Promise<number> {
  const client = new PGlite();
  try {
    const pgliteDb = drizzlePglite(client, { schema });
    await migratePglite(pgliteDb, { migrationsFolder });
    const db = pgliteDb as unknown as AnyDb;
    const n = await tableCount(db);
    await smoke(db);
    const version = await client.query<{ v: string }>('select version() as v');
    console.log(`PGlite (${version.rows[0]?.v.split(' ').slice(0, 2).join(' ')}): ${n} tables`);
    return n;
  } finally {
    await client.close();
  }
}

async function checkPostgres(): Promise<number> {
  const dbName = `fieldwise_migcheck_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    try {
      const pgDb = drizzlePg(pool, { schema });
      await migratePg(pgDb, { migrationsFolder });
      const db = pgDb as unknown as AnyDb;
      const n = await tableCount(db);
      await smoke(db);
      const version = await pool.query<{ v: string }>(`select current_setting('server_version') as v`);
      console.log(`PostgreSQL ${version.rows[0]?.v ?? '?'} (${dbName}): ${n} tables`);
      return n;
    } finally {
      await pool.end();
    }
  } finally {
    await admin.query(`drop database if exists ${dbName}`);
    await admin.end();
  }
}

const counts = [await checkPglite()];
if (process.env.SKIP_PG !== '1') counts.push(await checkPostgres());
if (new Set(counts).size !== 1) {
  console.error('table counts differ:', counts);
  process.exit(1);
}
console.log('migrations OK');

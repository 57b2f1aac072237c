import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { queryRows } from './client.ts';
import { DEMO_EMAIL, ensureDemoAccount } from '#server/modules/demo/demo-account.ts';
import { leads, memberships, tenants, users } from './schema/index.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const rows = <T>(query: SQL) => queryRows<T>(database.db, query);

// Tables where a row may exist before any business does (sign-up mail, system jobs, refunds
// kept after a tenant is gone): tenant_id is nullable there, by design.
const TENANT_OPTIONAL = new Set(['sessions', 'email_logs', 'payments']);

describe('the migrated schema', () => {
  it('every tenant-owned table has tenant_id NOT NULL, a foreign key to tenants, and an index led by it', async () => {
    const tables = await rows<{ table_name: string; is_nullable: string }>(sql`
      select table_name, is_nullable from information_schema.columns
      where table_schema = 'public' and column_name = 'tenant_id' order by table_name`);
    expect(tables.length).toBeGreaterThanOrEqual(20);

    const leading = await rows<{ table_name: string }>(sql`
      select distinct t.relname as table_name
      from pg_index i join pg_class t on t.oid = i.indrelid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
      where a.attname = 'tenant_id'`);
    const fks = await rows<{ table_name: string }>(sql`
      select tc.table_name from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'FOREIGN KEY' and kcu.column_name = 'tenant_id' and ccu.table_name = 'tenants'`);
    const indexed = new Set(leading.map((r) => r.table_name));
    const referenced = new Set(fks.map((r) => r.table_name));

    for (const { table_name, is_nullable } of tables) {
      expect(referenced.has(table_name), `${table_name}.tenant_id references tenants`).toBe(true);
      if (TENANT_OPTIONAL.has(table_name)) continue;
      expect(is_nullable, `${table_name}.tenant_id is NOT NULL`).toBe('NO');
      expect(indexed.has(table_name), `${table_name} has an index led by tenant_id`).toBe(true);
    }
  });

  it('stores every timestamp with its time zone and generates uuid keys in the database', async () => {
    const naive = await rows<{ col: string }>(sql`
      select table_name || '.' || column_name as col from information_schema.columns
      where table_schema = 'public' and data_type = 'timestamp without time zone'`);
    expect(naive).toEqual([]);

    const uuidKeys = await rows<{ col: string; column_default: string | null }>(sql`
      select c.table_name || '.' || c.column_name as col, c.column_default
      from information_schema.columns c
      join information_schema.key_column_usage k on k.table_name = c.table_name and k.column_name = c.column_name
      join information_schema.table_constraints tc on tc.constraint_name = k.constraint_name and tc.constraint_type = 'PRIMARY KEY'
      where c.table_schema = 'public' and c.data_type = 'uuid'
        -- A one-row-per-business table is keyed by its tenant (a foreign key), not a generated id.
        and not exists (
          select 1 from information_schema.key_column_usage fk
          join information_schema.table_constraints ft on ft.constraint_name = fk.constraint_name
          where ft.constraint_type = 'FOREIGN KEY' and fk.table_name = c.table_name and fk.column_name = c.column_name
        )`);
    expect(uuidKeys.length).toBeGreaterThanOrEqual(30);
    for (const key of uuidKeys) expect(key.column_default, key.col).toBe('gen_random_uuid()');
  });

  it('gives a new lead the spec defaults and exact decimals', async () => {
    const [tenant] = await database.db.insert(tenants).values({ slug: 'acme-hvac', name: 'Acme HVAC' }).returning();
    const [lead] = await database.db
      .insert(leads)
      .values({
        tenantId: tenant!.id,
        name: 'Pat Lee',
        service: 'Furnace repair',
        location: 'Dayton, OH',
        conversionProbability: '12.5',
        predictedValue: '4200.10',
      })
      .returning();
    expect(lead).toMatchObject({
      priority: 'medium',
      status: 'new',
      leadScore: 0,
      urgencyScore: 50,
      engagementLevel: 'unknown',
      aiRecommendations: [],
      conversionProbability: '12.50',
      predictedValue: '4200.10',
    });
    expect(lead!.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a second user with the same email in another case', async () => {
    await database.db.insert(users).values({ email: 'owner@acme.test' });
    await expect(database.db.insert(users).values({ email: 'Owner@Acme.test' })).rejects.toThrow();
    await expect(database.db.insert(users).values({ email: 'owner@acme.test' })).rejects.toThrow();
  });
});

describe('the demo account', () => {
  it('is created once with an admin membership and a private credentials file, then left alone', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-demo-'));
    try {
      const first = await ensureDemoAccount(database.db, dataDir);
      expect(first.created).toBe(true);
      expect(first.password).toMatch(/^Demo-.+[a-z].*!$/);
      expect(await readFile(first.file, 'utf8')).toContain(first.password!);

      const second = await ensureDemoAccount(database.db, dataDir);
      expect(second).toMatchObject({ created: false, email: DEMO_EMAIL });
      expect(second.password).toBeUndefined();

      const [user] = await database.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      const member = await database.db.select().from(memberships).where(eq(memberships.userId, user!.id));
      expect(member).toHaveLength(1);
      expect(member[0]?.role).toBe('admin');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

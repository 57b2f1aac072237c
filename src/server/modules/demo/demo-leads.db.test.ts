import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { seedDemoLeads } from '#server/modules/demo/demo-leads.ts';
import { activities, leads, tasks, tenants } from '#server/db/schema/index.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function seed(slug: string) {
  const [tenant] = await database.db.insert(tenants).values({ slug, name: 'Demo Heating & Cooling' }).returning();
  const started = performance.now();
  await database.db.transaction((tx) => seedDemoLeads(tx, tenant!.id));
  const ms = performance.now() - started;
  const rows = await database.db.select().from(leads).where(eq(leads.tenantId, tenant!.id));
  return { tenantId: tenant!.id, ms, rows };
}

describe('the demo leads', () => {
  it('give a living pipeline: every status, many services, ages up to two months, scored by the learned model', async () => {
    const { tenantId, ms, rows } = await seed('demo-a');
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const by = (s: string) => rows.filter((r) => r.status === s).length;
    for (const status of ['new', 'contacted', 'qualified', 'converted', 'lost'])
      expect(by(status), status).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.service)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.priority))).toEqual(new Set(['low', 'medium', 'high']));
    const ages = rows.map((r) => (Date.now() - r.createdAt.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeLessThan(1);
    expect(Math.max(...ages)).toBeGreaterThan(30);
    expect(Math.max(...ages)).toBeLessThanOrEqual(60.1);
    expect(rows.every((r) => r.scoreModel === 'history' && r.scoreFactors !== null)).toBe(true);
    expect(rows.filter((r) => r.status === 'contacted').every((r) => r.lastContactedAt !== null)).toBe(true);

    const feed = await database.db.select().from(activities).where(eq(activities.tenantId, tenantId));
    expect(feed.length).toBeGreaterThan(rows.length);
    const todo = await database.db.select().from(tasks).where(eq(tasks.tenantId, tenantId));
    expect(todo.length).toBeGreaterThanOrEqual(6);
    const week = Date.now() + 7 * 86_400_000;
    expect(
      todo.filter((x) => x.status === 'pending' && x.dueAt && x.dueAt.getTime() < week).length,
    ).toBeGreaterThanOrEqual(4);
    expect(ms).toBeLessThan(3000);
  });

  it('is the same demo on every install', async () => {
    const a = (await seed('demo-b')).rows;
    const b = (await seed('demo-c')).rows;
    const view = (rows: typeof a) =>
      rows.map((r) => [r.name, r.service, r.location, r.status, r.priority, r.email, r.phone].join('|')).sort();
    expect(view(a)).toEqual(view(b));
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadSourceOf } from '#shared/schemas/lead-sources.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { activities, leads, socialPosts, tasks, tenants } from '#server/db/schema/index.ts';
import { addDemoLeads } from '#server/modules/leads/leads-demo.ts';
import { addDemoPosts } from '#server/modules/social/social-demo.ts';
import { ensureDemoAccount } from './demo-account.ts';
import { demoLeads } from './demo-leads.ts';

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-demo-leads-'));
});
afterAll(async () => {
  await database.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the demo leads', () => {
  it('give a living pipeline: every status, many services and sources, ages up to two months, scored by the learned model', async () => {
    const started = performance.now();
    const demo = await ensureDemoAccount(database.db, dataDir);
    const ms = performance.now() - started;
    const tenantId = demo.ids!.tenantId;
    const rows = await database.db.select().from(leads).where(eq(leads.tenantId, tenantId));
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const by = (s: string) => rows.filter((r) => r.status === s).length;
    for (const status of ['new', 'contacted', 'qualified', 'converted', 'lost'])
      expect(by(status), status).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.service)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.priority))).toEqual(new Set(['low', 'medium', 'high']));
    // They came from where an HVAC company's leads come from, each a good share, not all typed in.
    const sources = rows.map((r) => leadSourceOf(r.source, r.utm));
    for (const source of ['google_business', 'organic_search', 'social_post', 'manual'])
      expect(sources.filter((s) => s === source).length, source).toBeGreaterThanOrEqual(5);
    // Most organic leads carry the sample keyword whose page they came in on; some are "not provided".
    const organic = rows.filter((r) => leadSourceOf(r.source, r.utm) === 'organic_search');
    const keyworded = organic.filter((r) => r.searchKeyword !== null);
    expect(keyworded.length).toBeGreaterThan(organic.length / 2);
    expect(keyworded.length).toBeLessThan(organic.length);
    expect(new Set(keyworded.map((r) => r.searchKeyword)).size).toBeGreaterThanOrEqual(4);
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
    const soon = todo.filter((x) => x.status === 'pending' && x.dueAt && x.dueAt.getTime() < week);
    expect(soon.length).toBeGreaterThanOrEqual(4);
    // The follow-ups name their leads, as a follow-up made from a lead does.
    expect(todo.filter((x) => x.leadId && rows.some((r) => r.id === x.leadId)).length).toBe(5);
    const posts = await database.db.select().from(socialPosts).where(eq(socialPosts.tenantId, tenantId));
    expect(posts.filter((p) => p.status === 'published').length).toBeGreaterThanOrEqual(8);
    console.log(`demo account, leads, tasks, reviews and posts: ${Math.round(ms)} ms`);
  });

  it('is the same demo on every install', () => {
    const now = new Date();
    const view = (rows: ReturnType<typeof demoLeads>) =>
      rows.map((r) => [r.name, r.service, r.location, r.status, r.priority, r.email, r.phone, r.source].join('|'));
    expect(view(demoLeads(now))).toEqual(view(demoLeads(now)));
  });

  it('are refused for any other business, which never gets sample rows', async () => {
    const [real] = await database.db.insert(tenants).values({ slug: 'real-hvac', name: 'Real HVAC' }).returning();
    await expect(addDemoLeads({ db: database.db }, real!.id, demoLeads(new Date()))).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(addDemoPosts({ db: database.db }, real!.id, [], [])).rejects.toMatchObject({ code: 'forbidden' });
    expect(await database.db.select().from(leads).where(eq(leads.tenantId, real!.id))).toHaveLength(0);
  });
});

import { eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { TActivityList, TLead, TLeadPage } from '#shared/schemas/leads.ts';
import { landingPages, leads } from '#server/db/schema/index.ts';
import { isoFromPgTime, toLead } from './lead-view.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { activityTypes, client } from '#tests/kits/leads.ts';

const t = useTestApp();

describe('Add Lead (POST /api/leads)', () => {
  it('creates a scored lead with the spec defaults, numbers as numbers, and an activity row', async () => {
    const owner = client(t.app, (await signUp(t.app)).cookie);
    const res = await owner.call('POST', '/api/leads', {
      name: ' Maria Gonzalez ',
      service: 'Emergency furnace replacement - no heat',
      location: 'Dayton, OH',
      email: 'Maria@Example.com',
      phone: '',
      priority: 'high',
    });
    expect(res.statusCode).toBe(201);
    const lead = res.json<TLead>();
    expect(lead).toMatchObject({
      name: 'Maria Gonzalez',
      email: 'maria@example.com',
      phone: null,
      status: 'new',
      priority: 'high',
      engagementLevel: 'unknown',
      scoreModel: 'priors',
      lastContactedAt: null,
    });
    expect(typeof lead.conversionProbability).toBe('number');
    expect(typeof lead.predictedValue).toBe('number');
    expect(lead.urgencyScore).toBeGreaterThanOrEqual(90);
    expect(lead.leadScore).toBeGreaterThan(0);
    expect(lead.scoreFactors).toContainEqual({ label: 'Emergency request ("no heat")', points: expect.any(Number) });
    expect(lead.scoreFactors).toContainEqual({ label: 'No phone number', points: expect.any(Number) });
    expect(await activityTypes(t.database.db, lead.id)).toEqual(['lead_created']);
  });

  it('defaults priority to medium and status to new', async () => {
    const owner = client(t.app, (await signUp(t.app)).cookie);
    const lead = await owner.create({ priority: undefined });
    expect(lead).toMatchObject({ priority: 'medium', status: 'new' });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ service: '' }, 'service', 'Service is required'],
    [{ location: undefined }, 'location', 'Location is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ phone: '12' }, 'phone', 'Please enter a valid phone number'],
    [{ phone: 'call me maybe' }, 'phone', 'Please enter a valid phone number'],
    [{ priority: 'urgent' }, 'priority', 'Priority must be low, medium or high'],
    [{ status: 'won' }, 'status', 'Status must be new, contacted, qualified, converted or lost'],
    [{ name: 'x'.repeat(121) }, 'name', 'Name must be at most 120 characters'],
  ])('refuses %j with "%s: %s" and writes nothing', async (override, field, message) => {
    const cookie = (await signUp(t.app)).cookie;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { cookie },
      payload: { name: 'Pat Lee', service: 'Furnace repair', location: 'Dayton, OH', ...override },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', message, fields: { [field]: message } });
    const list = await client(t.app, cookie).call('GET', '/api/leads');
    expect(list.json<TLeadPage>().leads).toEqual([]);
  });

  it('needs a signed-in user on every leads route', async () => {
    const urls: [string, string][] = [
      ['GET', '/api/leads'],
      ['GET', '/api/leads/summary'],
      ['GET', '/api/leads/analytics/scores'],
      ['POST', '/api/leads'],
      ['PATCH', '/api/leads/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/leads/00000000-0000-4000-8000-000000000000/qualify'],
      ['POST', '/api/leads/00000000-0000-4000-8000-000000000000/score'],
      ['POST', '/api/leads/00000000-0000-4000-8000-000000000000/recommendations'],
      ['GET', '/api/activities'],
    ];
    for (const [method, url] of urls) {
      const res = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the lead list (GET /api/leads)', () => {
  it('lists newest first and pages with an opaque cursor to the end', async () => {
    const owner = client(t.app, (await signUp(t.app)).cookie);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await owner.create({ name: `Customer ${i}` })).id);
    const seen: string[] = [];
    let url = '/api/leads?limit=3';
    for (let pages = 0; pages < 5; pages++) {
      const page = (await owner.call('GET', url)).json<TLeadPage>();
      seen.push(...page.leads.map((l) => l.id));
      if (!page.nextCursor) break;
      expect(page.nextCursor).not.toContain(':');
      url = `/api/leads?limit=3&cursor=${encodeURIComponent(page.nextCursor)}`;
    }
    expect(seen).toEqual([...made].reverse());
  });

  it('shows each lead exactly as a single lead is shown: times, numbers, sources and score factors', async () => {
    const owner = client(t.app, (await signUp(t.app)).cookie);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await owner.create({ name: `Lead ${i}` }));
    const [a, b, c, d, e] = made.map((l) => l.id) as [string, string, string, string, string];
    const [{ tenantId } = { tenantId: '' }] = await t.database.db
      .select({ tenantId: leads.tenantId })
      .from(leads)
      .where(eq(leads.id, a));
    const [page] = await t.database.db
      .insert(landingPages)
      .values({ tenantId, title: 'Furnace tune-up special' })
      .returning({ id: landingPages.id });
    const set = (id: string, values: PgUpdateSetSource<typeof leads>) =>
      t.database.db.update(leads).set(values).where(eq(leads.id, id));
    // Microseconds past the millisecond, a tenth, none: each as PostgreSQL prints it.
    await set(a, {
      source: 'project:7d1c0a52-9f57-4f43-9a3e-3d1f0c6b2a11',
      sourceTitle: 'Basement furnace swap',
      jobValue: '1234.50',
      aiRecommendations: ['Call before noon', 'Mention the rebate'],
      scoreFactors: [{ label: 'Repair job', points: 8 }, { label: 'junk' } as never, { label: 'Old lead', points: -3 }],
      createdAt: sql`'2025-03-04 05:06:07.891999+00'`,
      lastContactedAt: sql`'2025-03-05 10:00:00.5+00'`,
      nextFollowUpAt: sql`'2025-03-07 10:00:00+00'`,
    });
    await set(b, {
      source: 'organic',
      utm: { utm_medium: 'organic', utm_term: 'furnace repair dayton' },
      createdAt: sql`'2025-03-04 05:06:07.000001+00'`,
    });
    await set(c, { source: `landing:${page?.id}`, createdAt: sql`'2025-03-04 05:06:07+00'` });
    await set(d, { source: 'landing:00000000-0000-4000-8000-000000000000', scoreFactors: null });
    await set(e, { source: 'organic', searchKeyword: 'ac repair', utm: { utm_source: 'facebook' } });

    const res = await owner.call('GET', '/api/leads?limit=10');
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(leads)
      .where(inArray(leads.id, [a, b, c, d, e]));
    const titles = new Map([[page?.id ?? '', 'Furnace tune-up special']]);
    const listed = res.json<TLeadPage>().leads;
    expect(listed.map((l) => l.id).sort()).toEqual([a, b, c, d, e].sort());
    // Byte for byte what toLead makes of each row (the list's answer is stringified as built).
    const single = listed.map((l) =>
      toLead(
        rows.find((r) => r.id === l.id)!,
        titles,
      ),
    );
    expect(res.body).toBe(JSON.stringify({ leads: single, nextCursor: null }));
    expect(listed.find((l) => l.id === a)).toMatchObject({
      createdAt: '2025-03-04T05:06:07.891Z',
      lastContactedAt: '2025-03-05T10:00:00.500Z',
      nextFollowUpAt: '2025-03-07T10:00:00.000Z',
      jobValue: 1234.5,
      source: 'finished_job',
      sourcePage: 'Basement furnace swap',
      scoreFactors: [
        { label: 'Repair job', points: 8 },
        { label: 'Old lead', points: -3 },
      ],
    });
    expect(listed.find((l) => l.id === c)).toMatchObject({
      source: 'landing_page',
      sourcePage: 'Furnace tune-up special',
    });
    expect(listed.find((l) => l.id === b)).toMatchObject({ sourceKeyword: 'furnace repair dayton' });

    // PostgreSQL prints a time in the session's time zone: any offset reads as Date reads it.
    for (const text of [
      '2025-03-04 05:06:07.891999+00',
      '2025-03-04 05:06:07.1+00',
      '2025-03-04 05:06:07+00',
      '0999-12-31 23:59:59.999999+00',
      '2025-03-04 00:06:07.25-05',
      '2025-03-04 10:36:07.123456+05:30',
    ])
      expect(isoFromPgTime(text), text).toBe(new Date(text).toISOString());
  });

  it('"call these first" lists open leads by score, never closed ones or another business\'s', async () => {
    const owner = client(t.app, (await signUp(t.app)).cookie);
    const routine = await owner.create({ name: 'Routine Tune-up', service: 'Annual furnace maintenance' });
    const urgent = await owner.create({
      name: 'No Heat',
      service: 'Furnace replacement, no heat, carbon monoxide alarm',
    });
    const won = await owner.create({ name: 'Already Won', service: 'Furnace replacement, no heat' });
    expect((await owner.call('PATCH', `/api/leads/${won.id}`, { status: 'converted' })).statusCode).toBe(200);
    const other = client(t.app, (await signUp(t.app)).cookie);
    await other.create({ name: 'Someone Else', service: 'Furnace replacement, no heat, carbon monoxide alarm' });

    const res = await owner.call('GET', '/api/leads/hottest?limit=5');
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json<{ leads: TLead[] }>().leads.map((l) => l.name);
    expect(urgent.leadScore).toBeGreaterThan(routine.leadScore);
    expect(names).toEqual(['No Heat', 'Routine Tune-up']);

    const bad = await owner.call('GET', '/api/leads/hottest?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/at most 20/);
  });

  it('keeps leads made in the same instant in a stable order across pages', async () => {
    const owner = client(t.app, (await signUp(t.app)).cookie);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await owner.create({ name: `Twin ${i}` })).id);
    await t.database.db
      .update(leads)
      .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(leads.name, 'Twin 0'));
    await t.database.db
      .update(leads)
      .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(leads.name, 'Twin 1'));
    await t.database.db
      .update(leads)
      .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(leads.name, 'Twin 2'));
    const first = (await owner.call('GET', '/api/leads?limit=2')).json<TLeadPage>();
    const second = (await owner.call('GET', `/api/leads?limit=2&cursor=${first.nextCursor}`)).json<TLeadPage>();
    const all = [...first.leads, ...second.leads].map((l) => l.name);
    expect(new Set(all).size).toBe(4);
    expect(all[0]).toBe('Twin 3');
    expect(second.nextCursor).toBeNull();
  });

  it('searches name, service and location case-insensitively, and filters by status and priority', async () => {
    const owner = client(t.app, (await signUp(t.app)).cookie);
    await owner.create({ name: 'Ann Furnace-Smith', service: 'Duct cleaning', location: 'Xenia' });
    await owner.create({ name: 'Bob', service: 'FURNACE tune-up', location: 'Kettering', priority: 'low' });
    await owner.create({ name: 'Cy', service: 'AC repair', location: 'Furnace Creek', priority: 'high' });
    const other = await owner.create({
      name: 'Di',
      service: 'Water heater',
      location: 'Beavercreek',
      priority: 'high',
    });
    await owner.call('PATCH', `/api/leads/${other.id}`, { status: 'contacted' });

    const names = async (query: string) =>
      (await owner.call('GET', `/api/leads?${query}`))
        .json<TLeadPage>()
        .leads.map((l) => l.name)
        .sort();
    expect(await names('q=furnace')).toEqual(['Ann Furnace-Smith', 'Bob', 'Cy']);
    expect(await names('q=%20KETTER%20')).toEqual(['Bob']);
    expect(await names('q=100%25')).toEqual([]);
    expect(await names('q=_')).toEqual([]);
    expect(await names('priority=high')).toEqual(['Cy', 'Di']);
    expect(await names('status=contacted')).toEqual(['Di']);
    expect(await names('status=new&priority=high&q=creek')).toEqual(['Cy']);
    expect(await names('q=')).toHaveLength(4);
  });

  it('refuses a bad filter, limit or cursor with a readable 400', async () => {
    const owner = client(t.app, (await signUp(t.app)).cookie);
    const bad = async (query: string) =>
      (await owner.call('GET', `/api/leads?${query}`)).json<{ message: string; code: string }>();
    expect(await bad('status=won')).toMatchObject({ code: 'validation' });
    expect(await bad('limit=0')).toMatchObject({ code: 'validation' });
    expect(await bad('limit=201')).toMatchObject({ code: 'validation' });
    expect(await bad(`q=${'a'.repeat(101)}`)).toMatchObject({ message: 'Search must be at most 100 characters' });
    expect(await bad('cursor=bm9wZQ')).toMatchObject({
      code: 'validation',
      message: 'This page of leads is no longer valid. Reload the list to start again.',
    });
  });

  it('shows only the signed-in business its leads', async () => {
    const a = client(t.app, (await signUp(t.app)).cookie);
    const b = client(t.app, (await signUp(t.app)).cookie);
    await a.create({ name: 'Only For A' });
    expect((await b.call('GET', '/api/leads')).json<TLeadPage>().leads).toEqual([]);
    expect((await b.call('GET', '/api/leads?q=only')).json<TLeadPage>().leads).toEqual([]);
    expect((await b.call('GET', '/api/leads/summary')).json()).toEqual({
      total: 0,
      new: 0,
      qualified: 0,
      converted: 0,
      conversionRate: 0,
    });
    expect((await b.call('GET', '/api/activities')).json<TActivityList>().activities).toEqual([]);
  });
});

describe('summary, score analytics and activities', () => {
  it('counts every lead of the business for the four cards, with a rounded conversion rate', async () => {
    const owner = client(t.app, (await signUp(t.app)).cookie);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await owner.create({ name: `L${i}` }));
    await owner.call('PATCH', `/api/leads/${made[0]!.id}`, { status: 'converted' });
    expect((await owner.call('GET', '/api/leads/summary')).json()).toEqual({
      total: 3,
      new: 2,
      qualified: 0,
      converted: 1,
      conversionRate: 33,
    });
  });

  it('averages the scored leads and sums their predicted value, as numbers', async () => {
    const owner = client(t.app, (await signUp(t.app)).cookie);
    expect((await owner.call('GET', '/api/leads/analytics/scores')).json()).toEqual({
      avgLeadScore: 0,
      avgUrgencyScore: 0,
      avgConversionProbability: 0,
      totalPredictedValue: 0,
    });
    const one = await owner.create({ service: 'Heat pump installation' });
    const two = await owner.create({ service: 'AC tune-up' });
    const analytics = (await owner.call('GET', '/api/leads/analytics/scores')).json();
    expect(analytics.avgLeadScore).toBeCloseTo((one.leadScore + two.leadScore) / 2, 2);
    expect(analytics.avgUrgencyScore).toBeCloseTo((one.urgencyScore + two.urgencyScore) / 2, 2);
    expect(analytics.avgConversionProbability).toBeCloseTo(
      (one.conversionProbability! + two.conversionProbability!) / 2,
      2,
    );
    expect(analytics.totalPredictedValue).toBeCloseTo(one.predictedValue! + two.predictedValue!, 2);
  });

  it('lists the activity feed newest first, with a limit', async () => {
    const owner = client(t.app, (await signUp(t.app)).cookie);
    const lead = await owner.create({ name: 'Feed Person' });
    await owner.call('PATCH', `/api/leads/${lead.id}`, { status: 'contacted' });
    await owner.call('POST', `/api/leads/${lead.id}/score`);
    const feed = (await owner.call('GET', '/api/activities')).json<TActivityList>().activities;
    expect(feed.map((a) => a.type)).toEqual(['lead_scored', 'lead_contacted', 'lead_created']);
    expect(feed[2]).toMatchObject({
      title: 'New lead: Feed Person',
      description: 'Furnace repair in Dayton, OH',
      leadId: lead.id,
    });
    expect(feed[1]).toMatchObject({ title: 'Contacted Feed Person' });
    expect(feed[0]!.title).toMatch(/^Scored Feed Person: \d+\/100$/);
    expect((await owner.call('GET', '/api/activities?limit=1')).json<TActivityList>().activities).toHaveLength(1);
    expect((await owner.call('GET', '/api/activities?limit=0')).statusCode).toBe(400);
  });
});

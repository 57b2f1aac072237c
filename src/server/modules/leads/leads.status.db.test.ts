import { describe, expect, it } from 'vitest';
import {
  LEAD_STATUSES,
  type TLead,
  type TLeadRecommendations,
  type TLeadStatus,
  type TQualifyResult,
} from '#shared/schemas/leads.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { activityTypes, age, client } from '#tests/kits/leads.ts';
import { MIN_CLOSED_LEADS } from './lead-scoring.ts';

const t = useTestApp();
const owner = async () => client(t.app, (await signUp(t.app)).cookie);

/** the spec: Contact from any non-contacted state, Mark New only from contacted, Convert from any but converted. */
function allowed(from: TLeadStatus, to: TLeadStatus): boolean {
  if (to === 'contacted') return from !== 'contacted';
  if (to === 'new') return from === 'contacted';
  if (to === 'converted') return from !== 'converted';
  return false;
}

const ACTIVITY: Partial<Record<TLeadStatus, string>> = {
  contacted: 'lead_contacted',
  new: 'lead_marked_new',
  converted: 'lead_converted',
};

describe('status changes through PATCH /api/leads/{id}', () => {
  it.each(LEAD_STATUSES)(
    'from %s: follows the allowed status transitions and refuses every other one with a message, writing nothing',
    async (from) => {
      const o = await owner();
      for (const to of LEAD_STATUSES) {
        const lead = await o.create({ status: from, name: `${from} to ${to}` });
        const res = await o.call('PATCH', `/api/leads/${lead.id}`, { status: to });
        const what = `${from} -> ${to}`;
        if (allowed(from, to)) {
          expect(res.statusCode, what).toBe(200);
          expect(res.json<TLead>().status, what).toBe(to);
          expect(await activityTypes(t.database.db, lead.id), what).toEqual(['lead_created', ACTIVITY[to]]);
        } else {
          expect(res.statusCode, what).toBe(400);
          const { message } = res.json<{ message: string }>();
          expect(message, what).toContain(
            'Allowed changes: Contact (to contacted, from any other status), Mark New (to new, only from contacted) and Convert',
          );
          const after = (await o.call('GET', `/api/leads?q=${encodeURIComponent(`${from} to ${to}`)}`)).json<{
            leads: TLead[];
          }>().leads[0];
          expect(after, what).toMatchObject({ status: from, updatedAt: lead.updatedAt });
          expect(await activityTypes(t.database.db, lead.id), what).toEqual(['lead_created']);
        }
      }
    },
  );

  it('explains each refusal', async () => {
    const o = await owner();
    const message = async (from: TLeadStatus, to: TLeadStatus) =>
      (await o.call('PATCH', `/api/leads/${(await o.create({ status: from })).id}`, { status: to })).json<{
        message: string;
      }>().message;
    expect(await message('contacted', 'contacted')).toMatch(/^This lead is already contacted\. /);
    expect(await message('qualified', 'new')).toMatch(
      /^Only a contacted lead can be marked new; this one is qualified\. /,
    );
    expect(await message('new', 'qualified')).toMatch(
      /^A lead is qualified by Qualify, which checks the criteria, not by setting its status\. /,
    );
    expect(await message('new', 'lost')).toMatch(/^A lead can't be moved to lost\. /);
  });

  it('Contact stamps lastContactedAt and a follow-up; Convert makes the outcome known', async () => {
    const o = await owner();
    const lead = await o.create();
    const contacted = (await o.call('PATCH', `/api/leads/${lead.id}`, { status: 'contacted' })).json<TLead>();
    expect(Date.now() - Date.parse(contacted.lastContactedAt!)).toBeLessThan(60_000);
    expect(Date.parse(contacted.nextFollowUpAt!)).toBeGreaterThan(Date.now() + 86_400_000);
    expect(contacted.scoreFactors.map((f) => f.label)).toContain('Already contacted');
    const converted = (await o.call('PATCH', `/api/leads/${lead.id}`, { status: 'converted' })).json<TLead>();
    expect(converted).toMatchObject({
      status: 'converted',
      conversionProbability: 100,
      nextFollowUpAt: null,
      lastContactedAt: contacted.lastContactedAt,
    });
  });

  it('edits fields, rescoring the lead, and records what changed', async () => {
    const o = await owner();
    const lead = await o.create({ phone: '', email: '' });
    const res = await o.call('PATCH', `/api/leads/${lead.id}`, {
      phone: '937-555-0100',
      priority: 'high',
      engagementLevel: 'high',
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json<TLead>();
    expect(edited).toMatchObject({
      phone: '937-555-0100',
      email: null,
      priority: 'high',
      engagementLevel: 'high',
      status: 'new',
      name: lead.name,
    });
    expect(edited.conversionProbability!).toBeGreaterThan(lead.conversionProbability!);
    const cleared = (await o.call('PATCH', `/api/leads/${lead.id}`, { phone: '' })).json<TLead>();
    expect(cleared.phone).toBeNull();
    expect(await activityTypes(t.database.db, lead.id)).toEqual(['lead_created', 'lead_updated', 'lead_updated']);
  });

  it.each([
    [{}, 'Nothing to update'],
    [{ name: '' }, 'Name is required'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ phone: '++' }, 'Please enter a valid phone number'],
    [{ status: 'won' }, 'Status must be new, contacted, qualified, converted or lost'],
    [{ engagementLevel: 'wild' }, 'Engagement must be unknown, low, medium or high'],
  ])('refuses the update %j with "%s"', async (body, message) => {
    const o = await owner();
    const lead = await o.create();
    const res = await o.call('PATCH', `/api/leads/${lead.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await activityTypes(t.database.db, lead.id)).toEqual(['lead_created']);
  });
});

describe('automatic qualification (POST /api/leads/{id}/qualify)', () => {
  it('qualifies a reachable, promising, recent new lead and says why', async () => {
    const o = await owner();
    const lead = await o.create({ service: 'AC repair' });
    const res = await o.call('POST', `/api/leads/${lead.id}/qualify`);
    expect(res.statusCode).toBe(200);
    const result = res.json<TQualifyResult>();
    expect(result.qualified).toBe(true);
    expect(result.lead.status).toBe('qualified');
    expect(result.reasons).toEqual([
      'Reachable by phone and email',
      `Lead score ${lead.leadScore} meets the minimum of 30`,
      'Came in today, within 30 days',
    ]);
    expect(result.lead.scoreFactors.map((f) => f.label)).toContain('Qualified');
    expect(await activityTypes(t.database.db, lead.id)).toEqual(['lead_created', 'lead_qualified']);
  });

  it('leaves a lead new and lists only the criteria it misses', async () => {
    const o = await owner();
    const unreachable = await o.create({ phone: '', email: '' });
    const r1 = (await o.call('POST', `/api/leads/${unreachable.id}/qualify`)).json<TQualifyResult>();
    expect(r1).toMatchObject({ qualified: false, lead: { status: 'new' } });
    expect(r1.reasons).toContain('No phone number or email to reach them');
    expect(await activityTypes(t.database.db, unreachable.id)).toEqual(['lead_created', 'lead_not_qualified']);

    const stale = await o.create();
    await age(t.database.db, stale.id, 45);
    const r2 = (await o.call('POST', `/api/leads/${stale.id}/qualify`)).json<TQualifyResult>();
    expect(r2.qualified).toBe(false);
    expect(r2.reasons).toContain('Came in 45 days ago; leads older than 30 days are stale');

    const weak = await o.create({ service: 'Annual AC tune-up', priority: 'low', phone: '' });
    const r3 = (await o.call('POST', `/api/leads/${weak.id}/qualify`)).json<TQualifyResult>();
    expect(r3).toMatchObject({
      qualified: false,
      reasons: [`Lead score ${weak.leadScore} is below the minimum of 30`],
    });
  });

  it('only qualifies new leads: anything else is a 400 that writes nothing', async () => {
    const o = await owner();
    for (const status of ['contacted', 'qualified', 'converted', 'lost'] as const) {
      const lead = await o.create({ status });
      const res = await o.call('POST', `/api/leads/${lead.id}/qualify`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`Only new leads can be qualified; this lead is ${status}.`);
      expect(await activityTypes(t.database.db, lead.id)).toEqual(['lead_created']);
    }
  });
});

describe('AI Score and Get Tips', () => {
  it('rescoring reflects the lead today (age) and records an activity', async () => {
    const o = await owner();
    const lead = await o.create();
    await age(t.database.db, lead.id, 40);
    const res = await o.call('POST', `/api/leads/${lead.id}/score`);
    expect(res.statusCode).toBe(200);
    const scored = res.json<TLead>();
    expect(scored.conversionProbability!).toBeLessThan(lead.conversionProbability!);
    expect(scored.scoreFactors.map((f) => f.label)).toContain('40 days old');
    expect(await activityTypes(t.database.db, lead.id)).toEqual(['lead_created', 'lead_scored']);
  });

  it(`learns from the business's own closed leads once it has ${MIN_CLOSED_LEADS}`, async () => {
    const o = await owner();
    const probe = async () => o.create({ phone: '', name: 'Probe' });
    const before = await probe();
    expect(before.scoreModel).toBe('priors');
    // This business never converts a lead that left no phone number, and 3 in 5 of the others.
    for (let i = 0; i < MIN_CLOSED_LEADS; i++) {
      const hasPhone = i % 2 === 0;
      await o.create({ status: hasPhone && i % 10 < 6 ? 'converted' : 'lost', phone: hasPhone ? '937-555-0101' : '' });
    }
    const after = await probe();
    expect(after.scoreModel).toBe('history');
    expect(after.conversionProbability!).toBeLessThan(before.conversionProbability!);
    const rescored = (await o.call('POST', `/api/leads/${before.id}/score`)).json<TLead>();
    expect(rescored).toMatchObject({ scoreModel: 'history', conversionProbability: after.conversionProbability });
  });

  it('Get Tips answers the offline playbook when no AI provider is set, and keeps it on the lead', async () => {
    const o = await owner();
    const fresh = await o.create({ name: 'Maria Gonzalez' });
    const res = await o.call('POST', `/api/leads/${fresh.id}/recommendations`);
    expect(res.statusCode).toBe(200);
    const tips = res.json<TLeadRecommendations>();
    expect(tips.source).toBe('offline');
    expect(tips.recommendations[0]).toMatch(/^Call Maria within 5 minutes/);
    const stored = (await o.call('GET', '/api/leads')).json<{ leads: TLead[] }>().leads[0];
    expect(stored?.aiRecommendations).toEqual(tips.recommendations);

    const waiting = await o.create({ name: 'Sam Ortiz', phone: '', service: 'No heat - furnace emergency' });
    await age(t.database.db, waiting.id, 3);
    const advice = (await o.call('POST', `/api/leads/${waiting.id}/recommendations`)).json<TLeadRecommendations>()
      .recommendations;
    expect(advice[0]).toBe(
      'Sam has waited 3 days without a call. Call now, and if there is no answer send a text straight away.',
    );
    expect(advice.join(' ')).toContain('offer the earliest same-day slot');
    expect(advice.join(' ')).toContain('ask for the best number to call');
  });
});

describe("another business's lead", () => {
  it('is a 404 like a missing one on every :id route, and is left untouched', async () => {
    const a = await owner();
    const b = await owner();
    const theirs = await a.create();
    const ids = [theirs.id, '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', 'not-a-uuid'];
    for (const id of ids) {
      for (const [method, url, body] of [
        ['PATCH', `/api/leads/${id}`, { status: 'converted' }],
        ['POST', `/api/leads/${id}/qualify`, undefined],
        ['POST', `/api/leads/${id}/score`, undefined],
        ['POST', `/api/leads/${id}/recommendations`, undefined],
      ] as const) {
        const res = await b.call(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json(), `${method} ${url}`).toEqual({ message: 'Lead was not found.', code: 'not_found' });
      }
    }
    const [still] = (await a.call('GET', '/api/leads')).json<{ leads: TLead[] }>().leads;
    expect(still).toEqual(theirs);
    expect(await activityTypes(t.database.db, theirs.id)).toEqual(['lead_created']);
  });
});

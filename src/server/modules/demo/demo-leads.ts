import type { TEngagementLevel, TLeadPriority, TLeadStatus } from '#shared/schemas/leads.ts';
import { featuresOf, type ScorableLead } from '#server/modules/leads/lead-features.ts';
import { activityFor, scoreRow } from '#server/modules/leads/lead-scoring.service.ts';
import { fitModel, scoreLead } from '#server/modules/leads/lead-scoring.ts';
import type { Db } from '#server/db/client.ts';
import { activities, leads, tasks } from '#server/db/schema/index.ts';

// The demo business's leads: an HVAC company's last two months, across statuses, services,
// priorities and ages, scored by the real model (it has enough closed leads to learn from), with
// the activity feed and a few follow-up tasks. Deterministic apart from "now".

/** First and last names of the demo customers (the leads benchmark draws from them too). */
export const FIRST_NAMES = [
  'Maria',
  'James',
  'Priya',
  'Robert',
  'Aisha',
  'Tom',
  'Linda',
  'Carlos',
  'Grace',
  'Derek',
  'Hannah',
  'Luis',
  'Megan',
  'Omar',
  'Paula',
  'Victor',
];
export const LAST_NAMES = [
  'Gonzalez',
  'Whitaker',
  'Patel',
  'Kim',
  'Johnson',
  'Brennan',
  'Ortiz',
  'Nguyen',
  'Foster',
  'Schultz',
  'Reyes',
  'Lambert',
  'Okafor',
  'Hughes',
  'Moreno',
  'Castillo',
  'Dunn',
];
const TOWNS = [
  'Dayton, OH',
  'Kettering, OH',
  'Beavercreek, OH',
  'Centerville, OH',
  'Huber Heights, OH',
  'Fairborn, OH',
  'Miamisburg, OH',
  'Xenia, OH',
  'Springboro, OH',
  'Vandalia, OH',
];
const SERVICES: [string, TLeadPriority][] = [
  ['No heat - furnace not igniting', 'high'],
  ['Furnace replacement quote', 'medium'],
  ['AC not cooling, house at 84 degrees', 'high'],
  ['Heat pump installation', 'medium'],
  ['Annual furnace tune-up', 'low'],
  ['AC tune-up before summer', 'low'],
  ['Emergency: burst pipe on boiler line', 'high'],
  ['Ductless mini-split installation for garage', 'medium'],
  ['Thermostat upgrade to smart thermostat', 'low'],
  ['Furnace making a loud banging noise', 'medium'],
  ['Central AC replacement - 18 year old unit', 'medium'],
  ['Duct cleaning', 'low'],
  ['Water leak under the AC air handler', 'high'],
  ['Carbon monoxide alarm going off near furnace', 'high'],
  ['Boiler repair, radiators cold', 'medium'],
  ['Whole-home humidifier install', 'low'],
];

/** Status, lead count, and age range in hours: a living pipeline with a real history. */
const PLAN: [TLeadStatus, number, number, number][] = [
  ['new', 12, 0.2, 72],
  ['contacted', 9, 24, 240],
  ['qualified', 8, 48, 336],
  ['converted', 20, 120, 1440],
  ['lost', 15, 96, 1440],
];
const ENGAGEMENT: TEngagementLevel[] = ['unknown', 'high', 'medium', 'low', 'medium', 'unknown'];
const HOUR = 3_600_000;

/** A small seeded generator (mulberry32): the same demo on every install. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type DemoLead = ScorableLead & { location: string; closedAt: Date | null; nextFollowUpAt: Date | null };

function demoLeads(now: Date): DemoLead[] {
  const rand = random(20_251);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const out: DemoLead[] = [];
  // A step of a lead's life is never in the future: a recent lead's steps happened just now.
  const past = (at: Date, minutesAgo: number) => new Date(Math.min(at.getTime(), now.getTime() - minutesAgo * 60_000));
  let n = 0;
  for (const [planned, count, minH, maxH] of PLAN) {
    for (let i = 0; i < count; i++, n++) {
      const [service, priority] = SERVICES[(n * 7) % SERVICES.length] as [string, TLeadPriority];
      const first = FIRST_NAMES[n % FIRST_NAMES.length] as string;
      const last = LAST_NAMES[(n * 5) % LAST_NAMES.length] as string;
      const createdAt = new Date(now.getTime() - (minH + rand() * (maxH - minH)) * HOUR);
      const hasPhone = rand() < 0.8;
      const hasEmail = rand() < 0.7 || !hasPhone;
      const lead: DemoLead = {
        name: `${first} ${last}`,
        service,
        location: pick(TOWNS),
        email: hasEmail ? `${first}.${last}@example.com`.toLowerCase() : null,
        phone: hasPhone ? `(937) 555-${String(1000 + ((n * 379) % 9000)).padStart(4, '0')}` : null,
        priority,
        status: planned,
        engagementLevel: planned === 'new' ? 'unknown' : pick(ENGAGEMENT),
        createdAt,
        lastContactedAt:
          planned === 'new' ? null : past(new Date(createdAt.getTime() + (0.5 + rand() * 20) * HOUR), 60),
        qualifiedAt:
          planned === 'qualified' || (planned === 'converted' && rand() < 0.6)
            ? past(new Date(createdAt.getTime() + 30 * HOUR), 40)
            : null,
        closedAt: null,
        nextFollowUpAt: null,
      };
      if (planned === 'converted' || planned === 'lost') {
        // Closed leads close a few days in; whether they converted follows the prior model,
        // so the history the demo learns from looks like a real business's.
        lead.closedAt = past(new Date(createdAt.getTime() + (72 + rand() * 168) * HOUR), 20);
        const chance =
          scoreLead(featuresOf({ ...lead, status: 'new' }, lead.closedAt), 'new').conversionProbability / 100;
        lead.status = rand() < chance + 0.2 ? 'converted' : 'lost';
      }
      if (lead.status === 'contacted' || lead.status === 'qualified')
        lead.nextFollowUpAt = new Date(now.getTime() + (6 + rand() * 120) * HOUR);
      out.push(lead);
    }
  }
  return out;
}

/** The feed entries of one lead's life so far. */
function lifeOf(lead: DemoLead & { id: string }) {
  const rows = [
    {
      type: 'lead_created',
      title: `New lead: ${lead.name}`,
      description: `${lead.service} in ${lead.location}`,
      createdAt: lead.createdAt,
    },
  ];
  if (lead.lastContactedAt)
    rows.push({
      type: 'lead_contacted',
      title: `Contacted ${lead.name}`,
      description: '',
      createdAt: lead.lastContactedAt,
    });
  if (lead.qualifiedAt)
    rows.push({
      type: 'lead_qualified',
      title: `${lead.name} qualified automatically`,
      description: 'Reachable, promising and recent',
      createdAt: lead.qualifiedAt,
    });
  if (lead.closedAt)
    rows.push({
      type: `lead_${lead.status}`,
      title: `${lead.name} ${lead.status}`,
      description: '',
      createdAt: lead.closedAt,
    });
  return rows.map((r) => ({ ...r, description: r.description || null, leadId: lead.id }));
}

export async function seedDemoLeads(db: Db, tenantId: string): Promise<void> {
  const now = new Date();
  const planned = demoLeads(now);
  const model = fitModel(
    planned
      .filter((l) => l.closedAt)
      .map((l) => ({ features: featuresOf(l, l.closedAt ?? now), converted: l.status === 'converted' })),
  );
  const scored = planned.map((lead) => ({ lead, ...scoreRow(lead, model, now) }));
  const rows = await db
    .insert(leads)
    .values(
      scored.map(({ lead, columns }) => ({
        ...lead,
        ...columns,
        tenantId,
        updatedAt: lead.closedAt ?? lead.lastContactedAt ?? lead.createdAt,
      })),
    )
    .returning({ id: leads.id });

  const feed = scored.flatMap(({ lead, score }, i) => {
    const id = rows[i]?.id ?? '';
    const life = lifeOf({ ...lead, id });
    // The open leads were scored just now, so the feed ends with their scores.
    return lead.closedAt
      ? life
      : [
          ...life,
          {
            ...activityFor(lead.name, score),
            leadId: id,
            createdAt: new Date(now.getTime() - (planned.length - i) * 60_000),
          },
        ];
  });
  await db.insert(activities).values(feed.map((a) => ({ ...a, tenantId, updatedAt: a.createdAt })));

  const followUps = scored.filter(({ lead }) => lead.status === 'contacted' || lead.status === 'qualified').slice(0, 5);
  await db.insert(tasks).values([
    ...followUps.map(({ lead }, i) => ({
      tenantId,
      title: `Follow up with ${lead.name}`,
      description: `${lead.service} (${lead.location})`,
      type: 'follow_up',
      dueAt: new Date(now.getTime() + (i + 1) * 30 * HOUR),
    })),
    {
      tenantId,
      title: 'Call back new leads from the weekend',
      description: 'Speed to lead: every new lead within 5 minutes',
      type: 'call',
      dueAt: new Date(now.getTime() + 4 * HOUR),
    },
    {
      tenantId,
      title: 'Send spring AC tune-up reminder to past customers',
      type: 'campaign',
      status: 'completed',
      progress: 100,
      completedAt: new Date(now.getTime() - 48 * HOUR),
    },
  ]);
}

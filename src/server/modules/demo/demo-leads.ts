import type { TEngagementLevel, TLeadPriority, TLeadStatus } from '#shared/schemas/leads.ts';
import { ZCreateTaskRequest } from '#shared/schemas/tasks.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import { addDemoLeads, priorChance, type DemoLead } from '#server/modules/leads/leads-demo.ts';
import { leadsOf } from '#server/modules/leads/leads.service.ts';
import { reviewOf } from '#server/modules/reviews/reviews.service.ts';
import { createTask, updateTask } from '#server/modules/tasks/tasks.service.ts';

// The demo business's leads: an HVAC company's last two months, across statuses, services,
// priorities, ages and the places they came from, handed to the leads area (which scores them with
// the model learned from the closed ones and writes their feed), and a few follow-up tasks made
// through the tasks area. Deterministic apart from "now".

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

/** An HVAC company's usual ticket for a service: installs and replacements, repairs, tune-ups. */
function ticketOf(service: string): number {
  if (/replacement|installation|install/i.test(service)) return 6500;
  if (/tune-up|cleaning|thermostat/i.test(service)) return 240;
  return 650;
}

/** Status, lead count, and age range in hours: a living pipeline with a real history. */
const PLAN: [TLeadStatus, number, number, number][] = [
  ['new', 12, 0.2, 72],
  ['contacted', 9, 24, 240],
  ['qualified', 8, 48, 336],
  ['converted', 20, 120, 1440],
  ['lost', 15, 96, 1440],
];
const ENGAGEMENT: TEngagementLevel[] = ['unknown', 'high', 'medium', 'low', 'medium', 'unknown'];
/**
 * Where the leads came from, as the leads table keeps it, with a weight: calls from the Google
 * Business Profile, the website's form found through search, Facebook, and calls and referrals
 * entered by hand. (The landing page's form leads arrive with the page, demo-areas.ts.)
 */
const SOURCES: [string | null, number][] = [
  ['gbp', 0.32],
  ['organic', 0.26],
  ['social', 0.14],
  [null, 0.28],
];
const HOUR = 3_600_000;

/**
 * The sample keyword (shared/keywords-demo.ts) whose page an organic lead's service came in on, as
 * lead intake stores it; a service no sample keyword ranks for stays "keyword not provided", as
 * many organic visits do in a real business.
 */
const KEYWORD_BY_SERVICE: [RegExp, string][] = [
  [/furnace replacement/i, 'new furnace cost'],
  [/furnace tune-up/i, 'furnace tune up'],
  [/furnace/i, 'furnace repair near me'],
  [/heat pump/i, 'heat pump installation'],
  [/mini-split/i, 'ductless mini split installer'],
  [/duct cleaning/i, 'duct cleaning dayton'],
  [/emergency|carbon monoxide/i, '24 hour hvac service'],
  [/\bAC\b|air handler/i, 'ac repair dayton'],
];
function organicKeyword(service: string): Pick<DemoLead, 'searchKeyword' | 'searchKeywordFrom'> {
  const keyword = KEYWORD_BY_SERVICE.find(([pattern]) => pattern.test(service))?.[1];
  return keyword ? { searchKeyword: keyword, searchKeywordFrom: 'page' } : {};
}

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

/** The demo's leads as of `now`: the same people, services and outcomes on every install. */
export function demoLeads(now: Date): DemoLead[] {
  const rand = random(20_251);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const sourceOf = (r: number) => {
    let sum = 0;
    for (const [source, weight] of SOURCES) if (r < (sum += weight)) return source;
    return null;
  };
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
        source: sourceOf(rand()),
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
      if (lead.source === 'organic') Object.assign(lead, organicKeyword(service));
      if (planned === 'converted' || planned === 'lost') {
        // Closed leads close a few days in; whether they converted follows the prior model,
        // so the history the demo learns from looks like a real business's.
        lead.closedAt = past(new Date(createdAt.getTime() + (72 + rand() * 168) * HOUR), 20);
        lead.status = rand() < priorChance(lead, lead.closedAt) + 0.2 ? 'converted' : 'lost';
        // What the job was worth, as typed on Convert: the service's usual ticket, give or take 20%.
        if (lead.status === 'converted')
          lead.jobValue = String(Math.round((ticketOf(service) * (0.8 + ((n * 37) % 41) / 100)) / 10) * 10);
      }
      if (lead.status === 'contacted' || lead.status === 'qualified')
        lead.nextFollowUpAt = new Date(now.getTime() + (6 + rand() * 120) * HOUR);
      out.push(lead);
    }
  }
  return out;
}

/** The demo's leads through the leads area, then its to-do list through the tasks area. */
/** A converted lead of the last 30 days, for the review request that followed its job. */
export interface ConvertedDemoLead {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  closedAt: Date;
  service: string;
  location: string;
  /** What the job was worth, as typed on Convert. */
  jobValue: number | null;
}

export async function seedDemoLeads(db: Db, auth: AuthContext): Promise<ConvertedDemoLead[]> {
  const now = new Date();
  const planned = demoLeads(now);
  const ids = await addDemoLeads({ db }, auth.tenantId, planned, now);
  // Before the app exists (main.ts seeds first), so the reads tasks needs are composed here as app.ts does.
  const tasks = { db, linked: { leadsOf, reviewOf } };
  const open = planned.flatMap((lead, i) =>
    lead.status === 'contacted' || lead.status === 'qualified' ? [{ lead, id: ids[i] }] : [],
  );
  const task = (input: object, type: string | null = null) =>
    createTask(tasks, auth, ZCreateTaskRequest.parse(input), type);
  for (const [i, { lead, id }] of open.slice(0, 5).entries())
    await task({
      title: `Follow up with ${lead.name}`,
      description: `${lead.service} (${lead.location})`,
      leadId: id,
      dueAt: new Date(now.getTime() + (i + 1) * 30 * HOUR).toISOString(),
    });
  await task(
    {
      title: 'Call back new leads from the weekend',
      description: 'Speed to lead: every new lead within 5 minutes',
      dueAt: new Date(now.getTime() + 4 * HOUR).toISOString(),
    },
    'call',
  );
  const done = await task({ title: 'Send fall furnace tune-up reminder to past customers' }, 'campaign');
  await updateTask(tasks, auth, done.id, { status: 'completed' });
  const since = now.getTime() - 30 * 24 * HOUR;
  return planned.flatMap((lead, i) =>
    lead.status === 'converted' && lead.closedAt && lead.closedAt.getTime() > since
      ? [
          {
            id: ids[i]!,
            name: lead.name,
            phone: lead.phone,
            email: lead.email,
            closedAt: lead.closedAt,
            service: lead.service,
            location: lead.location,
            jobValue: lead.jobValue ? Number(lead.jobValue) : null,
          },
        ]
      : [],
  );
}

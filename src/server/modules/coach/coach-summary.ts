import { leadSourceOf, type TLeadSource } from '#shared/schemas/lead-sources.ts';
import { figuresBySource, type SourceFigures } from '#server/modules/leads/lead-source-figures.ts';

export { leadSourceOf };
import { LEAD_STATUSES, type TLeadStatus } from '#shared/schemas/leads.ts';
import type { AttributionFacts, GoalFacts, LeadFact, SummaryInputs, TrafficFacts } from './coach-facts.ts';
import { PLATFORM_DEFS, type TSocialPlatform } from '#shared/schemas/social.ts';

// The coach's compact picture of the business (pure: figures in, figures out). The service
// gathers the rows through each owner's service; the AI layer and the offline rules read only
// this summary, so every insight can cite a figure that is here.

export const DAY_MS = 86_400_000;

/** One post or landing page and what it brought in the window. */
export interface ItemFigures {
  kind: 'post' | 'page';
  id: string;
  source: Extract<TLeadSource, 'social_post' | 'landing_page'>;
  /** A post: the start of its text; a page: its title. */
  label: string;
  /** The platform's name for a post (Facebook, …), null for a page. */
  platform: string | null;
  href: string;
  leads: number;
  converted: number;
  revenue: number;
  clicks: number | null;
}

export type { SourceFigures };

export interface WindowFigures {
  days: number;
  leads: number;
  byStatus: Record<TLeadStatus, number>;
  bySource: SourceFigures[];
  /** Leads closed as converted in the window, and what those jobs were worth. */
  converted: number;
  revenue: number;
  /** Of the leads created in the window, the percent converted so far; null without leads. */
  conversionRate: number | null;
  /** Median hours from a lead arriving to its last recorded contact; null when none was contacted. */
  medianResponseHours: number | null;
  /** Leads created in the window still waiting for a first call. */
  uncontacted: number;
}

export interface CoachSummary {
  asOf: string;
  d30: WindowFigures;
  d90: WindowFigures;
  social: {
    published30: number;
    published90: number;
    engagements30: number | null;
    engagementRate30: number | null;
  } | null;
  reviews: {
    total: number;
    average: number | null;
    responseRate: number | null;
    received30: number;
    received90: number;
  } | null;
  blog: { published30: number; published90: number } | null;
  /** Search Console: the last 28 days against the 28 before (change in percent, null without a base). */
  search: {
    from: string;
    to: string;
    clicks28: number;
    impressions28: number;
    previousClicks28: number | null;
    previousImpressions28: number | null;
    clicksChange: number | null;
    impressionsChange: number | null;
  } | null;
  /** GA4 sessions as of the latest stored report. */
  traffic: {
    sessions: number;
    days: number;
    reportedOn: string;
    lastWeek: number | null;
    weekBefore: number | null;
    /** Leads that arrived in the report's days, per 100 sessions; null without sessions. */
    leadsPer100Sessions: number | null;
  } | null;
  /**
   * Revenue per post and landing page in the last 30 days, highest first (at most 8): the leads,
   * jobs and job value each brought, and the clicks on its tracked links (null without one).
   */
  items30: Omit<ItemFigures, 'id' | 'href' | 'source'>[];
  goals: GoalFacts;
  /** Areas without figures (not connected or no rows): the coach says less about them. */
  missing: string[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function windowFigures(leads: LeadFact[], now: Date, days: number): WindowFigures {
  const since = now.getTime() - days * DAY_MS;
  const created = leads.filter((l) => l.createdAt.getTime() >= since);
  const closedWon = leads.filter((l) => l.status === 'converted' && l.closedAt && l.closedAt.getTime() >= since);
  const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<TLeadStatus, number>;
  for (const l of created) byStatus[l.status] += 1;
  const responses = created
    .filter((l) => l.lastContactedAt && l.lastContactedAt >= l.createdAt)
    .map((l) => (l.lastContactedAt!.getTime() - l.createdAt.getTime()) / 3_600_000);
  const revenue = closedWon.reduce((sum, l) => sum + (l.value ?? 0), 0);
  const med = median(responses);
  return {
    days,
    leads: created.length,
    byStatus,
    bySource: figuresBySource(leads, new Date(since)),
    converted: closedWon.length,
    revenue: Math.round(revenue * 100) / 100,
    conversionRate: created.length ? round1((byStatus.converted / created.length) * 100) : null,
    medianResponseHours: med === null ? null : round1(med),
    uncontacted: created.filter((l) => l.status === 'new' && !l.lastContactedAt).length,
  };
}

/** Percent change from `previous` to `current`; null when there is nothing to compare with. */
export function change(current: number, previous: number | null): number | null {
  if (previous === null || previous <= 0) return null;
  return round1(((current - previous) / previous) * 100);
}

function trafficFigures(t: TrafficFacts, leads: LeadFact[]): NonNullable<CoachSummary['traffic']> {
  const since = t.reportedAt.getTime() - t.days * DAY_MS;
  const arrived = leads.filter((l) => l.createdAt.getTime() >= since && l.createdAt <= t.reportedAt).length;
  return {
    sessions: t.sessions,
    days: t.days,
    reportedOn: t.reportedAt.toISOString().slice(0, 10),
    lastWeek: t.lastWeek,
    weekBefore: t.weekBefore,
    leadsPer100Sessions: t.sessions > 0 ? round1((arrived / t.sessions) * 100) : null,
  };
}

const within = (dates: Date[], now: Date, days: number) =>
  dates.filter((d) => d.getTime() >= now.getTime() - days * DAY_MS && d.getTime() <= now.getTime()).length;

/** The business's last 30 and 90 days in figures. */
export function buildSummary(input: SummaryInputs): CoachSummary {
  const { now } = input;
  const missing: string[] = [];
  if (input.leads.length === 0) missing.push('leads');
  if (!input.social) missing.push('social');
  if (!input.reviews) missing.push('reviews');
  if (!input.blogPublishedAt) missing.push('blog');
  const search = input.search ?? null;
  const traffic = input.traffic ?? null;
  if (!search) missing.push('search');
  if (!traffic) missing.push('traffic');
  return {
    asOf: now.toISOString(),
    d30: windowFigures(input.leads, now, 30),
    d90: windowFigures(input.leads, now, 90),
    social: input.social && {
      published30: within(input.social.publishedAt, now, 30),
      published90: within(input.social.publishedAt, now, 90),
      engagements30: input.social.engagements30,
      engagementRate30: input.social.engagementRate30,
    },
    reviews: input.reviews && {
      total: input.reviews.total,
      average: input.reviews.average === null ? null : round1(input.reviews.average),
      responseRate: input.reviews.responseRate,
      received30: within(input.reviews.writtenAt, now, 30),
      received90: within(input.reviews.writtenAt, now, 90),
    },
    blog: input.blogPublishedAt && {
      published30: within(input.blogPublishedAt, now, 30),
      published90: within(input.blogPublishedAt, now, 90),
    },
    search: search && {
      from: search.from,
      to: search.to,
      clicks28: search.clicks,
      impressions28: search.impressions,
      previousClicks28: search.previousClicks,
      previousImpressions28: search.previousImpressions,
      clicksChange: change(search.clicks, search.previousClicks),
      impressionsChange: change(search.impressions, search.previousImpressions),
    },
    traffic: traffic && trafficFigures(traffic, input.leads),
    items30: input.attribution
      ? itemFigures(input.leads, now, 30, input.attribution)
          .slice(0, 8)
          .map(({ kind, label, platform, leads, converted, revenue, clicks }) => ({
            kind,
            label,
            platform,
            leads,
            converted,
            revenue,
            clicks,
          }))
      : [],
    goals: input.goals,
    missing,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POST_CONTENT = /^post-([0-9a-f-]{36})$/i;
const LANDING_SOURCE = /^landing:([0-9a-f-]{36})$/i;

/**
 * The post or landing page a lead came from: a lead from a social post by the post its link
 * named (utm_content=post-<id>), a landing-page lead by its page (source landing:<id>). Only an
 * id; whether it is one of the business's own is for the owner's read to say.
 */
export function attributedItemOf(lead: Pick<LeadFact, 'source' | 'utm'>): { kind: 'post' | 'page'; id: string } | null {
  const group = leadSourceOf(lead.source, lead.utm);
  if (group === 'social_post') {
    const id = POST_CONTENT.exec((lead.utm?.utm_content ?? '').trim())?.[1];
    return id && UUID.test(id) ? { kind: 'post', id: id.toLowerCase() } : null;
  }
  if (group === 'landing_page') {
    const id = LANDING_SOURCE.exec(lead.source ?? '')?.[1];
    return id && UUID.test(id) ? { kind: 'page', id: id.toLowerCase() } : null;
  }
  return null;
}

const EXCERPT = 60;
/** The first ~60 characters of a post's text, cut at a word when one ends near there. */
export function excerpt(text: string, max = EXCERPT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat || '(no text)';
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

const platformName = (p: string) => PLATFORM_DEFS[p as TSocialPlatform]?.name ?? p;

/**
 * Revenue per post and landing page over the last `days` (the same windows as `windowFigures`:
 * leads created in it, jobs closed in it), with the clicks the facts carry. Only posts and pages
 * in `facts` appear, so an id of another business's post in a lead's tags counts for no item.
 */
export function itemFigures(leads: LeadFact[], now: Date, days: number, facts: AttributionFacts): ItemFigures[] {
  const since = now.getTime() - days * DAY_MS;
  const items = new Map<string, ItemFigures>();
  for (const p of facts.posts) {
    items.set(`post:${p.id.toLowerCase()}`, {
      kind: 'post',
      id: p.id,
      source: 'social_post',
      label: excerpt(p.content),
      platform: platformName(p.platform),
      href: '/social',
      leads: 0,
      converted: 0,
      revenue: 0,
      clicks: null,
    });
  }
  for (const p of facts.pages) {
    items.set(`page:${p.id.toLowerCase()}`, {
      kind: 'page',
      id: p.id,
      source: 'landing_page',
      label: p.title.trim() || 'Untitled landing page',
      platform: null,
      href: p.publicPath ?? '/website?tab=landing',
      leads: 0,
      converted: 0,
      revenue: 0,
      clicks: null,
    });
  }
  for (const c of facts.clicks) {
    const item = items.get(`${c.kind}:${c.id.toLowerCase()}`);
    if (item) item.clicks = (item.clicks ?? 0) + c.clicks;
  }
  for (const l of leads) {
    const key = attributedItemOf(l);
    const item = key && items.get(`${key.kind}:${key.id}`);
    if (!item) continue;
    if (l.createdAt.getTime() >= since) item.leads += 1;
    if (l.status === 'converted' && l.closedAt && l.closedAt.getTime() >= since) {
      item.converted += 1;
      item.revenue += l.value ?? 0;
    }
  }
  return [...items.values()]
    .filter((i) => i.leads > 0 || i.converted > 0 || (i.clicks ?? 0) > 0)
    .map((i) => ({ ...i, revenue: Math.round(i.revenue * 100) / 100 }))
    .sort(
      (a, b) =>
        b.revenue - a.revenue ||
        b.converted - a.converted ||
        b.leads - a.leads ||
        (b.clicks ?? 0) - (a.clicks ?? 0) ||
        a.label.localeCompare(b.label),
    );
}

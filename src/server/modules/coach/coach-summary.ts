import { LEAD_SOURCES, leadSourceOf, type TLeadSource } from '#shared/schemas/lead-sources.ts';

export { leadSourceOf };
import { LEAD_STATUSES, type TLeadStatus } from '#shared/schemas/leads.ts';

// The coach's compact picture of the business (pure: figures in, figures out). The service
// gathers the rows through each owner's service; the AI layer and the offline rules read only
// this summary, so every insight can cite a figure that is here.

export const DAY_MS = 86_400_000;

export interface LeadFact {
  source: string | null;
  utm: Record<string, string> | null;
  status: TLeadStatus;
  createdAt: Date;
  lastContactedAt: Date | null;
  closedAt: Date | null;
  /** The job's value when converted (the value entered on Convert, else the predicted value). */
  value: number | null;
}

export interface SocialFacts {
  /** When each published post went out. */
  publishedAt: Date[];
  /** Likes, shares and comments of the last 30 days, and the rate over reach; null without analytics. */
  engagements30: number | null;
  engagementRate30: number | null;
}

export interface ReviewFacts {
  total: number;
  average: number | null;
  /** Replied reviews out of all, in percent. */
  responseRate: number | null;
  /** When each review was written (the ones the business has on file). */
  writtenAt: Date[];
}

export interface GoalFacts {
  active: number;
  completed30: number;
  /** Active goals with under half their target done and less than two days left. */
  behind: { title: string; progress: number }[];
}

export interface SummaryInputs {
  now: Date;
  leads: LeadFact[];
  /** null when social accounts are not connected and nothing was published. */
  social: SocialFacts | null;
  reviews: ReviewFacts | null;
  /** Blog posts published, by date; null when the website area has none. */
  blogPublishedAt: Date[] | null;
  goals: GoalFacts;
}

export interface SourceFigures {
  source: TLeadSource;
  leads: number;
  converted: number;
  revenue: number;
}

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
  const sources = new Map<TLeadSource, SourceFigures>();
  const entry = (source: TLeadSource) => {
    let e = sources.get(source);
    if (!e) sources.set(source, (e = { source, leads: 0, converted: 0, revenue: 0 }));
    return e;
  };
  for (const l of created) entry(leadSourceOf(l.source, l.utm)).leads += 1;
  for (const l of closedWon) {
    const e = entry(leadSourceOf(l.source, l.utm));
    e.converted += 1;
    e.revenue += l.value ?? 0;
  }
  const responses = created
    .filter((l) => l.lastContactedAt && l.lastContactedAt >= l.createdAt)
    .map((l) => (l.lastContactedAt!.getTime() - l.createdAt.getTime()) / 3_600_000);
  const revenue = closedWon.reduce((sum, l) => sum + (l.value ?? 0), 0);
  const med = median(responses);
  return {
    days,
    leads: created.length,
    byStatus,
    bySource: [...sources.values()]
      .map((e) => ({ ...e, revenue: Math.round(e.revenue * 100) / 100 }))
      .sort(
        (a, b) =>
          b.revenue - a.revenue || b.leads - a.leads || LEAD_SOURCES.indexOf(a.source) - LEAD_SOURCES.indexOf(b.source),
      ),
    converted: closedWon.length,
    revenue: Math.round(revenue * 100) / 100,
    conversionRate: created.length ? round1((byStatus.converted / created.length) * 100) : null,
    medianResponseHours: med === null ? null : round1(med),
    uncontacted: created.filter((l) => l.status === 'new' && !l.lastContactedAt).length,
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
  // Search and traffic trends: no owning service exports them yet (keywords / analytics areas).
  missing.push('search and traffic');
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
    goals: input.goals,
    missing,
  };
}

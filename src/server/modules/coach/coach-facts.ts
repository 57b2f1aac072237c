import type { TLeadStatus } from '#shared/schemas/leads.ts';

// What the coach reads from the other areas (coach-sources.ts gathers it through their services):
// the facts its summary (coach-summary.ts) is built from.

export interface LeadFact {
  source: string | null;
  utm: Record<string, string> | null;
  /** The search words that brought an organic lead, when known (lead-keywords.ts). */
  searchKeyword?: string | null;
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

/** Search Console totals of the last 28 synced days and the 28 before (keywords' daily rows). */
export interface SearchFacts {
  from: string;
  to: string;
  clicks: number;
  impressions: number;
  /** null when the 28 days before have no rows to compare with. */
  previousClicks: number | null;
  previousImpressions: number | null;
}

/** GA4 sessions from the latest stored analytics report (a report is GA4's figures as of its day). */
export interface TrafficFacts {
  sessions: number;
  days: number;
  reportedAt: Date;
  /** Visitors of the report's last two weeks, oldest first, when it spans two. */
  lastWeek: number | null;
  weekBefore: number | null;
}

/**
 * The posts and landing pages leads and clicks point at, read from their owners for this tenant
 * only (an id of another business never comes back), and the clicks of the window.
 */
export interface AttributionFacts {
  posts: { id: string; platform: string; content: string }[];
  pages: { id: string; title: string; publicPath: string | null }[];
  /** Clicks per post or page in the window; absent when it has no tracked link. */
  clicks: { kind: 'post' | 'page'; id: string; clicks: number }[];
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
  /** null without synced Search Console data. */
  search?: SearchFacts | null;
  /** null without a stored analytics report of the last 35 days. */
  traffic?: TrafficFacts | null;
  /** The posts and pages behind the last 30 days' leads and clicks; null when none could be read. */
  attribution?: AttributionFacts | null;
}

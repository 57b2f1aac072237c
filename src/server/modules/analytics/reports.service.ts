import {
  ANALYTICS_LIMITS,
  PERIOD_DAYS,
  type TReport,
  type TReportDetails,
  type TReportPeriod,
} from '#shared/schemas/analytics.ts';
import { notFound } from '#server/errors.ts';
import { keywordSource, topKeywords } from '#server/modules/keywords/keywords.service.ts';
import { convertedLeadsBetween } from '#server/modules/leads/leads.service.ts';
import { csvCell } from '#shared/csv.ts';
import type { AnalyticsDeps } from './analytics.deps.ts';
import { analyticsStatus, ga4Breakdown, ga4Daily, ga4Sources, ga4Totals, periodOf } from './analytics-ga4.ts';
import * as repo from './analytics.repo.ts';
import { ownFigures } from './report-own.ts';

/**
 * Analytics reports: GA4's traffic of the period split by its real calendar weeks (Monday to
 * Sunday, the first and last week possibly partial), sources as 'Name (NN%)', Search Console's
 * top 5 queries, and conversions = leads converted in the period + GA4 key events. Stored, so
 * each report keeps the figures it was made with.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const short = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;

/** The period's days grouped into Monday-to-Sunday weeks, in order. */
export function splitWeeks(daily: Map<string, number>): TReportDetails['weeks'] {
  const weeks: TReportDetails['weeks'] = [];
  for (const [date, visitors] of [...daily].sort(([a], [b]) => a.localeCompare(b))) {
    const monday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7 === 0;
    const last = weeks.at(-1);
    if (!last || monday) weeks.push({ label: '', startDate: date, endDate: date, visitors });
    else {
      last.endDate = date;
      last.visitors += visitors;
    }
  }
  for (const w of weeks)
    w.label = w.startDate === w.endDate ? short(w.startDate) : `${short(w.startDate)} – ${short(w.endDate)}`;
  return weeks;
}

export const conversionRate = (traffic: number, conversions: number) =>
  traffic > 0 ? Math.round((conversions / traffic) * 1000) / 10 : null;

export function toReport(row: repo.ReportRow): TReport {
  return {
    id: row.id,
    period: row.period as TReport['period'],
    traffic: row.traffic,
    conversions: row.conversions,
    conversionRate: conversionRate(row.traffic, row.conversions),
    trafficSources: row.trafficSources,
    topKeywords: row.topKeywords,
    topPages: row.topPages,
    generatedAt: row.generatedAt.toISOString(),
    details: row.details ?? null,
  };
}

async function reportKeywords(deps: AnalyticsDeps, tenantId: string, period: TReportPeriod) {
  // Sample keywords (no Search Console) never go into a stored report.
  if ((await keywordSource(deps, tenantId)) !== 'search_console') return { source: 'none' as const, rows: [] };
  const rows = await topKeywords(deps, tenantId, { days: PERIOD_DAYS[period], limit: ANALYTICS_LIMITS.keywords });
  return { source: 'search_console' as const, rows };
}

const NO_TRAFFIC = { users: 0, pageviews: 0, sessions: 0, duration: 0, bounce: 0, keyEvents: 0 };

/**
 * Makes and stores a report of the last 7, 30 or 90 days. With Google Analytics live it holds the
 * traffic, sources and pages too; without it, the business's own figures alone (leads, conversions,
 * revenue by source, reviews, posts) and the report says what connecting Google adds.
 */
export async function generateReport(deps: AnalyticsDeps, tenantId: string, period: TReportPeriod): Promise<TReport> {
  const status = await analyticsStatus(deps, tenantId);
  const google = status.state === 'live';
  const p = await periodOf(deps, tenantId, period);
  const now = deps.now?.() ?? new Date();
  const [totals, daily, sources, pages, keywords, leadConversions, own] = await Promise.all([
    google ? ga4Totals(deps, tenantId, p) : NO_TRAFFIC,
    google ? ga4Daily(deps, tenantId, p) : new Map<string, number>(),
    google ? ga4Sources(deps, tenantId, p) : [],
    google ? ga4Breakdown(deps, tenantId, p, 'pagePath', 'screenPageViews', 5) : [],
    reportKeywords(deps, tenantId, period),
    convertedLeadsBetween(deps, tenantId, p.from, p.to),
    ownFigures(deps, tenantId, period, p, now),
  ]);
  const keyEvents = Math.round(totals.keyEvents);
  const top = sources.slice(0, ANALYTICS_LIMITS.sources);
  const details: TReportDetails = {
    startDate: p.startDate,
    endDate: p.endDate,
    weeks: splitWeeks(daily),
    sources: top.map(({ source, medium, sessions, percentage }) => ({
      source,
      ...(medium ? { medium } : {}),
      sessions,
      percentage,
    })),
    keywords: keywords.rows.map((k) => ({ query: k.query, clicks: k.clicks, position: k.position })),
    keywordSource: keywords.source,
    users: totals.users,
    pageviews: totals.pageviews,
    leadConversions,
    keyEvents,
    google,
    own,
  };
  const row = await repo.insertReport(deps.db, tenantId, {
    period,
    traffic: Math.round(totals.sessions),
    conversions: leadConversions + keyEvents,
    trafficSources: top.map((s) => `${s.source} (${Math.round(s.percentage)}%)`),
    topKeywords: details.keywords.map((k) => k.query),
    topPages: pages.map((pg) => pg.name),
    details,
    generatedAt: now,
  });
  return toReport(row);
}

export async function listReports(deps: Pick<AnalyticsDeps, 'db'>, tenantId: string, limit = 20): Promise<TReport[]> {
  return (await repo.listReports(deps.db, tenantId, limit)).map(toReport);
}

export async function getReport(deps: AnalyticsDeps, tenantId: string, id: string): Promise<TReport> {
  const row = await repo.findReport(deps.db, tenantId, id);
  if (!row) throw notFound('Report');
  return toReport(row);
}

/** The report as CSV: one section per table, each with its own header row. */
export function reportCsv(report: TReport, businessName: string): string {
  const d = report.details;
  const line = (...cells: (string | number | null | undefined)[]) =>
    cells.map((c) => csvCell(c === null || c === undefined ? '' : String(c))).join(',');
  const lines = [
    line('Business', businessName),
    line('Period', report.period),
    line('From', d?.startDate),
    line('To', d?.endDate),
    line('Generated', report.generatedAt),
    line('Traffic (sessions)', report.traffic),
    line('Users', d?.users),
    line('Page views', d?.pageviews),
    line('Conversions', report.conversions),
    line('Converted leads', d?.leadConversions),
    line('GA4 key events', d?.keyEvents),
    line('Conversion rate (%)', report.conversionRate),
    '',
    line('Week', 'From', 'To', 'Visitors'),
    ...(d?.weeks ?? []).map((w) => line(w.label, w.startDate, w.endDate, w.visitors)),
    '',
    line('Source', 'Medium', 'Sessions', 'Share (%)'),
    ...(d?.sources ?? []).map((s) => line(s.source, s.medium, s.sessions, s.percentage)),
    '',
    line('Rank', 'Keyword', 'Clicks', 'Position'),
    ...(d?.keywords ?? []).map((k, i) => line(i + 1, k.query, k.clicks, k.position)),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** "7d" → "Last 7 days (Nov 18 – Nov 24, 2026)". */
export function periodLabel(report: TReport): string {
  const days = PERIOD_DAYS[report.period];
  const d = report.details;
  return d
    ? `Last ${days} days (${short(d.startDate)} – ${short(d.endDate)}, ${d.endDate.slice(0, 4)})`
    : `Last ${days} days`;
}

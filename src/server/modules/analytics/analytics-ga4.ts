import { isoToZoned, zonedToIso } from '#shared/zoned-time.ts';
import { needsReconnect } from '#shared/schemas/connections.ts';
import {
  ANALYTICS_MESSAGES,
  PERIOD_DAYS,
  type TAnalyticsStatus,
  type TReportPeriod,
} from '#shared/schemas/analytics.ts';
import { AppError } from '#server/errors.ts';
import { GA4_PROPERTY, runReport, type Ga4Request, type Ga4Row } from '#server/integrations/ga4/ga4-client.ts';
import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import { findConnection } from '#server/modules/connections/connections.repo.ts';
import { withConnection } from '#server/modules/connections/connections.service.ts';
import { ga4PropertyId, tenantTimezone } from '#server/modules/settings/settings.service.ts';
import { isDemoBusiness } from '#server/modules/auth/accounts.service.ts';
import type { AnalyticsDeps } from './analytics.deps.ts';
import { demoGa4Report } from './analytics-demo.ts';
import { pdfAvailable } from './report-pdf.ts';

/**
 * The business's GA4 data: which property (Settings → Analytics), the Google token (the
 * connection), and the period's days in the business's time zone. Answers are cached in memory
 * per tenant, property and request for five minutes, so the page and a report made right after
 * it do not ask Google twice.
 */
const CACHE_MS = 5 * 60_000;
const CACHE_MAX = 500;
const cache = new Map<string, { at: number; rows: Ga4Row[] }>();

/** For tests: forget every cached answer. */
export const clearGa4Cache = () => cache.clear();

export interface Period {
  period: TReportPeriod;
  /** First and last day, YYYY-MM-DD in the business's zone. */
  startDate: string;
  endDate: string;
  /** The instants the days start and end at (end exclusive). */
  from: Date;
  to: Date;
  timezone: string;
}

export const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The last N days up to and including today, in the business's time zone. */
export async function periodOf(deps: Pick<AnalyticsDeps, 'db' | 'now'>, tenantId: string, period: TReportPeriod) {
  const timezone = await tenantTimezone(deps, tenantId);
  const now = deps.now?.() ?? new Date();
  const endDate = isoToZoned(now.toISOString(), timezone).date;
  const startDate = addDays(endDate, 1 - PERIOD_DAYS[period]);
  return {
    period,
    startDate,
    endDate,
    from: new Date(zonedToIso(startDate, '00:00', timezone)),
    to: new Date(zonedToIso(addDays(endDate, 1), '00:00', timezone)),
    timezone,
  } satisfies Period;
}

const normalise = (id: string | null) => (id ? id.replace(/^properties\//, '').trim() : null);

/** Whether GA4 can be read, and if not, what to connect. */
export async function analyticsStatus(deps: AnalyticsDeps, tenantId: string): Promise<TAnalyticsStatus> {
  const pdf = { pdfAvailable: pdfAvailable(deps.browserPath) };
  return { ...(await ga4State(deps, tenantId)), ...pdf };
}

async function ga4State(deps: AnalyticsDeps, tenantId: string): Promise<Omit<TAnalyticsStatus, 'pdfAvailable'>> {
  const property = normalise(await ga4PropertyId(deps, tenantId));
  // A problem already recorded that only the owner can fix (expired, revoked): say so up front
  // rather than answer 'live' and fail on the first report.
  const row = await findConnection(deps.db, tenantId, 'google');
  if (row?.status === 'problem' && needsReconnect(row.problemCode))
    return {
      state: 'problem',
      message: row.problemMessage ?? ANALYTICS_MESSAGES.notConnected,
      settingsPath: '/settings?tab=connections',
    };
  const google = await withConnection(deps.connections, tenantId, 'google', async () => true).catch((err: unknown) => {
    if (err instanceof ConnectionProblem) return err;
    throw err;
  });
  if (google === undefined && (await isDemoBusiness(deps, tenantId)))
    return { state: 'live', message: null, settingsPath: null, demo: true };
  if (google === undefined)
    return {
      state: 'not_connected',
      message: ANALYTICS_MESSAGES.notConnected,
      settingsPath: '/settings?tab=connections',
    };
  if (google instanceof ConnectionProblem)
    return { state: 'problem', message: google.message, settingsPath: '/settings?tab=connections' };
  if (!property || !GA4_PROPERTY.test(property))
    return { state: 'no_property', message: ANALYTICS_MESSAGES.noProperty, settingsPath: '/settings?tab=analytics' };
  return { state: 'live', message: null, settingsPath: null };
}

/** One GA4 report for the business (cached); a readable 409/429/503 when it cannot be read. */
export async function ga4Report(deps: AnalyticsDeps, tenantId: string, request: Ga4Request): Promise<Ga4Row[]> {
  const property = normalise(await ga4PropertyId(deps, tenantId));
  const key = `${tenantId}|${property}|${JSON.stringify(request)}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.rows;
  let rows: Ga4Row[] | undefined;
  try {
    rows = await withConnection(deps.connections, tenantId, 'google', (token) => {
      if (!property || !GA4_PROPERTY.test(property)) throw new AppError('conflict', ANALYTICS_MESSAGES.noProperty);
      return runReport(deps.ga4, token, property, request);
    });
  } catch (err) {
    if (!(err instanceof ConnectionProblem)) throw err;
    const code = err.code === 'rate_limited' ? 'rate_limited' : err.needsReconnect ? 'conflict' : 'unavailable';
    throw new AppError(code, err.message);
  }
  // The demo business's sample traffic (never another business's: it must be the demo, unconnected).
  if (rows === undefined && (await isDemoBusiness(deps, tenantId))) rows = demoGa4Report(request);
  if (rows === undefined) throw new AppError('conflict', ANALYTICS_MESSAGES.notConnected);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: now, rows });
  return rows;
}

const range = (p: Period) => ({ startDate: p.startDate, endDate: p.endDate });

/** Totals of the period: users, page views, sessions, seconds per session, bounce (0..1), key events. */
export async function ga4Totals(deps: AnalyticsDeps, tenantId: string, p: Period) {
  const rows = await ga4Report(deps, tenantId, {
    ...range(p),
    metrics: ['totalUsers', 'screenPageViews', 'sessions', 'averageSessionDuration', 'bounceRate', 'keyEvents'],
  });
  const [users = 0, pageviews = 0, sessions = 0, duration = 0, bounce = 0, keyEvents = 0] = rows[0]?.metrics ?? [];
  return { users, pageviews, sessions, duration, bounce, keyEvents };
}

/** Sessions per day of the period (YYYY-MM-DD → sessions); days GA4 leaves out count 0. */
export async function ga4Daily(deps: AnalyticsDeps, tenantId: string, p: Period): Promise<Map<string, number>> {
  const rows = await ga4Report(deps, tenantId, { ...range(p), dimensions: ['date'], metrics: ['sessions'] });
  const days = new Map<string, number>();
  for (let d = p.startDate; d <= p.endDate; d = addDays(d, 1)) days.set(d, 0);
  for (const r of rows) {
    const v = r.dimensions[0] ?? '';
    const date = /^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : v;
    if (days.has(date)) days.set(date, (days.get(date) ?? 0) + (r.metrics[0] ?? 0));
  }
  return days;
}

/** Sessions by source and medium, largest first, with each one's share in percent. */
export async function ga4Sources(deps: AnalyticsDeps, tenantId: string, p: Period) {
  const rows = await ga4Report(deps, tenantId, {
    ...range(p),
    dimensions: ['sessionSource', 'sessionMedium'],
    metrics: ['sessions'],
    orderByMetric: true,
    limit: 50,
  });
  const total = rows.reduce((a, r) => a + (r.metrics[0] ?? 0), 0);
  return rows
    .map((r) => ({
      source: r.dimensions[0] || '(not set)',
      medium: r.dimensions[1] && r.dimensions[1] !== '(not set)' ? r.dimensions[1] : undefined,
      sessions: r.metrics[0] ?? 0,
      percentage: total ? Math.round(((r.metrics[0] ?? 0) / total) * 1000) / 10 : 0,
    }))
    .sort((a, b) => b.sessions - a.sessions);
}

/** One dimension's top values by a metric, with shares (top pages, devices, locations). */
export async function ga4Breakdown(
  deps: AnalyticsDeps,
  tenantId: string,
  p: Period,
  dimension: string,
  metric: string,
  limit = 10,
) {
  const rows = await ga4Report(deps, tenantId, {
    ...range(p),
    dimensions: [dimension],
    metrics: [metric],
    orderByMetric: true,
    limit,
  });
  const total = rows.reduce((a, r) => a + (r.metrics[0] ?? 0), 0);
  return rows.map((r) => ({
    name: r.dimensions[0] || '(not set)',
    value: r.metrics[0] ?? 0,
    percentage: total ? Math.round(((r.metrics[0] ?? 0) / total) * 1000) / 10 : 0,
  }));
}

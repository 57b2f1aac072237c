// A local HTTP server speaking the GA4 Data API (v1beta): POST properties/{id}:runReport and
// :runRealtimeReport, and the Admin API's GET accountSummaries (v1beta), Bearer auth, Google's error envelope. It answers from per-day figures, so a
// test knows exactly what any date range, weekday or source split must add up to.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, type Listening } from './listen.ts';

export interface FakeGa4Day {
  /** YYYY-MM-DD */
  date: string;
  sessions: number;
  users: number;
  pageViews: number;
  keyEvents: number;
}

export interface FakeGa4Split {
  name: string;
  medium?: string;
  /** Its share of the sessions, 0..1 (the shares should add up to 1). */
  share: number;
}

export interface FakeGa4Options {
  propertyId?: string;
  days?: FakeGa4Day[];
  sources?: FakeGa4Split[];
  pages?: FakeGa4Split[];
  /** Seconds; GA4 answers the average per session. */
  avgSessionDuration?: number;
  /** GA4's bounce rate is a fraction, 0..1. */
  bounceRate?: number;
  /** The access token it accepts; undefined accepts any Bearer token (the OAuth fake's). */
  token?: string;
  /**
   * What the Admin API's accountSummaries lists (GET /v1beta/accountSummaries, paged by
   * pageSize/pageToken); default: one account with `propertyId` and a second property.
   */
  accounts?: FakeGa4Account[];
}

export interface FakeGa4Account {
  id: string;
  name: string;
  properties: { id: string; name: string }[];
}

export interface FakeGa4 extends Listening {
  propertyId: string;
  days: FakeGa4Day[];
  /** Bodies of every runReport, in order. */
  requests: { propertyId: string; body: Record<string, unknown> }[];
  failNext(status: number, times?: number): void;
}

export const FAKE_GA4_PROPERTY = '314159265';
/** A second property the fake lists (it has no data: runReport answers 403 for it). */
export const FAKE_GA4_OTHER_PROPERTY = '271828182';

/** n days ending `end` (inclusive), sessions 100 + (i·37 mod 60): easy to sum, never flat. */
export function makeGa4Days(n: number, end = new Date()): FakeGa4Day[] {
  return Array.from({ length: n }, (_, k) => {
    const i = n - 1 - k;
    const date = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() - i));
    const sessions = 100 + ((k * 37) % 60);
    return {
      date: date.toISOString().slice(0, 10),
      sessions,
      users: Math.round(sessions * 0.8),
      pageViews: sessions * 3,
      keyEvents: k % 4 === 0 ? 2 : 1,
    };
  });
}

export const DEFAULT_SOURCES: FakeGa4Split[] = [
  { name: 'google', medium: 'organic', share: 0.5 },
  { name: '(direct)', medium: '(none)', share: 0.25 },
  { name: 'facebook.com', medium: 'referral', share: 0.12 },
  { name: 'bing', medium: 'organic', share: 0.08 },
  { name: 'yelp.com', medium: 'referral', share: 0.03 },
  { name: 'newsletter', medium: 'email', share: 0.02 },
];

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** GA4's MetricType of the metrics that are not counts (data.proto). */
const METRIC_TYPES: Record<string, string> = { averageSessionDuration: 'TYPE_SECONDS', bounceRate: 'TYPE_FLOAT' };

const names = (v: unknown) => (Array.isArray(v) ? v.map((x) => String((x as { name?: unknown }).name)) : []);

export async function startFakeGa4(options: FakeGa4Options = {}): Promise<FakeGa4> {
  const propertyId = options.propertyId ?? FAKE_GA4_PROPERTY;
  const days = options.days ?? makeGa4Days(120);
  const sources = options.sources ?? DEFAULT_SOURCES;
  const pages = options.pages ?? [
    { name: '/', share: 0.6 },
    { name: '/services', share: 0.3 },
    { name: '/contact', share: 0.1 },
  ];
  const accounts = options.accounts ?? [
    {
      id: '90210',
      name: 'Rosa Plumbing',
      properties: [
        { id: propertyId, name: 'rosaplumbing.example — GA4' },
        { id: FAKE_GA4_OTHER_PROPERTY, name: 'Old site (Universal migration)' },
      ],
    },
  ];
  const requests: FakeGa4['requests'] = [];
  let failures: { status: number; times: number } | null = null;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, code: number, status: string, message: string) =>
    send(res, code, { error: { code, message, status } });

  function metricOf(name: string, group: FakeGa4Day[], share = 1): string {
    const sum = (k: keyof Omit<FakeGa4Day, 'date'>) => group.reduce((a, d) => a + d[k], 0);
    switch (name) {
      case 'sessions':
        return String(Math.round(sum('sessions') * share));
      case 'totalUsers':
      case 'activeUsers':
        return String(Math.round(sum('users') * share));
      case 'screenPageViews':
        return String(Math.round(sum('pageViews') * share));
      case 'keyEvents':
        return String(Math.round(sum('keyEvents') * share));
      case 'averageSessionDuration':
        return String(options.avgSessionDuration ?? 154.6);
      case 'bounceRate':
        return String(options.bounceRate ?? 0.4237);
      default:
        return '0';
    }
  }

  function report(body: Record<string, unknown>) {
    const range = (Array.isArray(body.dateRanges) ? body.dateRanges[0] : {}) as {
      startDate?: string;
      endDate?: string;
    };
    const inRange = days.filter((d) => d.date >= (range.startDate ?? '') && d.date <= (range.endDate ?? '9999'));
    const dims = names(body.dimensions);
    const metrics = names(body.metrics);
    const row = (dimensionValues: string[], group: FakeGa4Day[], share = 1) => ({
      dimensionValues: dimensionValues.map((value) => ({ value })),
      metricValues: metrics.map((m) => ({ value: metricOf(m, group, share) })),
    });
    let rows;
    if (dims.length === 0) rows = inRange.length ? [row([], inRange)] : [];
    else if (dims[0] === 'date') rows = inRange.map((d) => row([d.date.replaceAll('-', '')], [d]));
    else if (dims[0] === 'sessionSource')
      rows = sources.map((s) => row(dims.length > 1 ? [s.name, s.medium ?? '(not set)'] : [s.name], inRange, s.share));
    else if (dims[0] === 'pagePath') rows = pages.map((p) => row([p.name], inRange, p.share));
    else if (dims[0] === 'eventName') rows = [row(['generate_lead'], inRange)];
    else rows = [row(['(not set)'], inRange)];
    const limit = Number(body.limit ?? 10000) || 10000;
    return {
      dimensionHeaders: dims.map((name) => ({ name })),
      metricHeaders: metrics.map((name) => ({ name, type: METRIC_TYPES[name] ?? 'TYPE_INTEGER' })),
      rows: rows.slice(0, limit),
      rowCount: rows.length,
      kind: 'analyticsData#runReport',
    };
  }

  const server = await listen({ contracts: ['ga4'] }, async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (failures && failures.times > 0) {
      failures.times--;
      return error(res, failures.status, failures.status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE', 'Try later.');
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || (options.token !== undefined && bearer !== options.token))
      return error(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    if (req.method === 'GET' && url.pathname === '/v1beta/accountSummaries') {
      // Google's shape: accountSummaries[].propertySummaries[], a page of pageSize accounts.
      const size = Math.max(1, Math.min(200, Number(url.searchParams.get('pageSize') ?? 50) || 50));
      const start = Number(url.searchParams.get('pageToken') ?? 0) || 0;
      const page = accounts.slice(start, start + size).map((a) => ({
        name: `accountSummaries/${a.id}`,
        account: `accounts/${a.id}`,
        displayName: a.name,
        propertySummaries: a.properties.map((p) => ({
          property: `properties/${p.id}`,
          displayName: p.name,
          propertyType: 'PROPERTY_TYPE_ORDINARY',
          parent: `accounts/${a.id}`,
        })),
      }));
      return send(res, 200, {
        accountSummaries: page,
        ...(start + size < accounts.length ? { nextPageToken: String(start + size) } : {}),
      });
    }
    const m = /^\/v1beta\/properties\/(\d+):(runReport|runRealtimeReport)$/.exec(url.pathname);
    if (req.method !== 'POST' || !m) return error(res, 404, 'NOT_FOUND', 'Method not found.');
    if (m[1] !== propertyId)
      return error(res, 403, 'PERMISSION_DENIED', 'User does not have sufficient permissions for this property.');
    const body = await readJson(req);
    requests.push({ propertyId: m[1], body });
    if (m[2] === 'runRealtimeReport') return send(res, 200, { rows: [{ metricValues: [{ value: '7' }] }] });
    return send(res, 200, report(body));
  });
  return {
    ...server,
    propertyId,
    days,
    requests,
    failNext: (status, times = 1) => {
      failures = { status, times };
    },
  };
}

// A local HTTP server speaking the Search Console API (webmasters v3): GET sites and
// POST sites/{siteUrl}/searchAnalytics/query by any of date, query and page, paged with
// rowLimit/startRow (at most 25,000 rows a call), with errors in Google's shape.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, type Listening } from './listen.ts';

export interface FakeScKeyword {
  query: string;
  page: string;
  /** Impressions and clicks each day, and the position (which drifts by `drift` a day). */
  impressions: number;
  clicks: number;
  position: number;
  drift?: number;
}

export interface FakeSearchConsoleOptions {
  siteUrl?: string;
  /** More sites sites.list answers after `siteUrl` (they have no rows). */
  otherSites?: { siteUrl: string; permissionLevel: string }[];
  keywords?: FakeScKeyword[];
  /** The last day with data (default yesterday, UTC) and how many days before it have data. */
  end?: Date;
  days?: number;
  /** The access token it accepts; undefined accepts any Bearer token. */
  token?: string;
  /** Keyword k has data on day i (0 = oldest) when (k + i) % every === 0: a long tail is sparse. */
  every?: number;
}

export interface FakeSearchConsole extends Listening {
  siteUrl: string;
  keywords: FakeScKeyword[];
  /** The days with data, oldest first, and whether keyword k has data on day i. */
  dates: string[];
  present(k: number, i: number): boolean;
  /** Bodies of every searchAnalytics.query, in order. */
  requests: Record<string, unknown>[];
  failNext(status: number, times?: number): void;
}

export const FAKE_SC_SITE = 'sc-domain:rosaplumbing.example';

/** n keywords: a few strong ones, many at positions 4–20, a long tail; deterministic. */
export function makeScKeywords(n: number): FakeScKeyword[] {
  return Array.from({ length: n }, (_, i) => ({
    query: i === 0 ? 'emergency plumber' : `plumbing service ${i}`,
    page: `https://rosaplumbing.example/${i % 7 === 0 ? '' : `services/${i % 50}`}`,
    impressions: 20 + ((i * 53) % 180),
    clicks: (i * 7) % 9,
    position: 1 + ((i * 3.7) % 40),
    drift: i % 3 === 0 ? -0.01 : i % 3 === 1 ? 0.01 : 0,
  }));
}

const dayOf = (end: Date, back: number) =>
  new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() - back)).toISOString().slice(0, 10);

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function startFakeSearchConsole(options: FakeSearchConsoleOptions = {}): Promise<FakeSearchConsole> {
  const siteUrl = options.siteUrl ?? FAKE_SC_SITE;
  const keywords = options.keywords ?? makeScKeywords(50);
  const end = options.end ?? new Date(Date.now() - 86_400_000);
  const dates = Array.from({ length: options.days ?? 486 }, (_, k) => dayOf(end, k)).reverse();
  const every = options.every ?? 1;
  const present = (k: number, i: number) => (k + i) % every === 0;
  const requests: Record<string, unknown>[] = [];
  let failures: { status: number; times: number } | null = null;
  // The last report, so paging through it does not recompute it for every page.
  let cached: { key: string; rows: ReturnType<typeof rows> } | null = null;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, code: number, status: string, message: string) =>
    send(res, code, { error: { code, message, status } });

  /** Day i (0 = oldest) of keyword k: position drifts toward the present. */
  const position = (k: FakeScKeyword, i: number) =>
    Math.max(1, Math.round((k.position + (k.drift ?? 0) * (dates.length - 1 - i)) * 10) / 10);

  function rows(body: Record<string, unknown>) {
    const from = String(body.startDate ?? '');
    const to = String(body.endDate ?? '');
    const dims = Array.isArray(body.dimensions) ? body.dimensions.map(String) : [];
    const inRange = dates.map((d, i) => [d, i] as const).filter(([d]) => d >= from && d <= to);
    const groups = new Map<string, { keys: string[]; clicks: number; impressions: number; weighted: number }>();
    for (const [kIndex, k] of keywords.entries()) {
      for (const [d, i] of inRange) {
        if (!present(kIndex, i)) continue;
        const keys = dims.map((dim) => (dim === 'date' ? d : dim === 'query' ? k.query : k.page));
        const id = keys.join('\u0000');
        const g = groups.get(id) ?? { keys, clicks: 0, impressions: 0, weighted: 0 };
        g.clicks += k.clicks;
        g.impressions += k.impressions;
        g.weighted += position(k, i) * k.impressions;
        groups.set(id, g);
      }
    }
    return [...groups.values()]
      .map((g) => ({
        keys: g.keys,
        clicks: g.clicks,
        impressions: g.impressions,
        ctr: g.impressions ? g.clicks / g.impressions : 0,
        position: g.impressions ? g.weighted / g.impressions : 0,
      }))
      .sort((a, b) => b.clicks - a.clicks || a.keys.join().localeCompare(b.keys.join()));
  }

  const listening = await listen({ contracts: ['search-console'] }, (req, res) => {
    void (async () => {
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || (options.token && auth !== `Bearer ${options.token}`))
        return error(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      if (failures && failures.times > 0) {
        failures.times -= 1;
        return error(res, failures.status, 'UNAVAILABLE', 'The service is currently unavailable.');
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname === '/webmasters/v3/sites')
        return send(res, 200, {
          siteEntry: [{ siteUrl, permissionLevel: 'siteOwner' }, ...(options.otherSites ?? [])],
        });
      const m = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(url.pathname);
      if (req.method !== 'POST' || !m) return error(res, 404, 'NOT_FOUND', 'Not found.');
      const asked = decodeURIComponent(m[1]!);
      if (options.otherSites?.some((o) => o.siteUrl === asked)) {
        requests.push({ ...(await readJson(req)), siteUrl: asked });
        return send(res, 200, {});
      }
      if (asked !== siteUrl)
        return error(res, 403, 'PERMISSION_DENIED', 'User does not have sufficient permission for site.');
      const body = await readJson(req);
      requests.push(body);
      const rowLimit = Math.min(25_000, Number(body.rowLimit ?? 1000));
      const startRow = Number(body.startRow ?? 0);
      const key = JSON.stringify([body.startDate, body.endDate, body.dimensions]);
      if (cached?.key !== key) cached = { key, rows: rows(body) };
      const page = cached.rows.slice(startRow, startRow + rowLimit);
      return send(res, 200, page.length ? { rows: page, responseAggregationType: 'byProperty' } : {});
    })();
  });
  return {
    ...listening,
    siteUrl,
    keywords,
    dates,
    present,
    requests,
    failNext(status, times = 1) {
      failures = { status, times };
    },
  };
}

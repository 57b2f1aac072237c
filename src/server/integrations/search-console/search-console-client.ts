import { providerCall, type ProviderHttpOptions } from '#server/integrations/provider-http.ts';

/**
 * Google Search Console API (webmasters v3): `sites` (the properties the owner can read) and
 * `sites/{siteUrl}/searchAnalytics/query` with the owner's Google token (scope
 * webmasters.readonly). Calls go through the provider helper, so 429/5xx are retried and a
 * 401/403 is a ConnectionProblem ("Reconnect Google"). Dates are YYYY-MM-DD (Pacific days).
 */
export interface SearchConsoleConfig {
  baseUrl: string;
  http?: ProviderHttpOptions;
}

export type ScDimension = 'date' | 'query' | 'page';

export interface ScRow {
  keys: string[];
  clicks: number;
  impressions: number;
  /** A fraction, 0..1. */
  ctr: number;
  position: number;
}

export interface ScSite {
  siteUrl: string;
  permissionLevel: string;
}

/** Search Console answers at most 25,000 rows a call; more come with startRow. */
export const SC_PAGE_ROWS = 25_000;
/** A safety stop: no sync reads more than this many rows from one request. */
const MAX_ROWS = 2_000_000;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function toRow(raw: unknown): ScRow {
  const r = obj(raw);
  return {
    keys: list(r.keys).map((k) => String(k).slice(0, 2000)),
    clicks: Math.max(0, Math.round(num(r.clicks))),
    impressions: Math.max(0, Math.round(num(r.impressions))),
    ctr: num(r.ctr),
    position: num(r.position),
  };
}

/** The sites the token can read; unverified ones are left out. */
export async function listSites(config: SearchConsoleConfig, token: string): Promise<ScSite[]> {
  const answer = await providerCall('google', { url: `${config.baseUrl}/webmasters/v3/sites`, token }, config.http);
  return list(obj(answer).siteEntry)
    .map((raw) => {
      const s = obj(raw);
      return { siteUrl: String(s.siteUrl ?? ''), permissionLevel: String(s.permissionLevel ?? '') };
    })
    .filter((s) => s.siteUrl && s.permissionLevel !== 'siteUnverifiedUser');
}

/**
 * searchAnalytics.query over [startDate, endDate] by `dimensions`, every page of rows handed to
 * `onPage` as it arrives (so a 16-month backfill never holds all rows at once).
 */
export async function querySearchAnalytics(
  config: SearchConsoleConfig,
  token: string,
  siteUrl: string,
  request: { startDate: string; endDate: string; dimensions: ScDimension[] },
  onPage: (rows: ScRow[]) => Promise<void>,
): Promise<number> {
  const url = `${config.baseUrl}/webmasters/v3/sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`;
  let startRow = 0;
  while (startRow < MAX_ROWS) {
    const json = { ...request, type: 'web', rowLimit: SC_PAGE_ROWS, startRow };
    const answer = await providerCall('google', { method: 'POST', url, token, json }, config.http);
    const rows = list(obj(answer).rows).map(toRow);
    if (rows.length > 0) await onPage(rows);
    startRow += rows.length;
    if (rows.length < SC_PAGE_ROWS) break;
  }
  return startRow;
}

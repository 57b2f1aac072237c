import { providerCall, type ProviderHttpOptions } from '#server/integrations/provider-http.ts';

/**
 * Google Analytics 4 Data API (v1beta): `properties/{id}:runReport` and `:runRealtimeReport`
 * with the owner's Google token (scope analytics.readonly). Calls go through the provider
 * helper, so 429/5xx are retried and a 401/403 is a ConnectionProblem ("Reconnect Google").
 * Dates are the property's own calendar days (YYYY-MM-DD in, YYYYMMDD out).
 */
export interface Ga4Config {
  baseUrl: string;
  http?: ProviderHttpOptions;
}

export interface Ga4Request {
  startDate: string;
  endDate: string;
  dimensions?: string[];
  metrics: string[];
  /** Sort by the first metric, largest first. */
  orderByMetric?: boolean;
  limit?: number;
}

export interface Ga4Row {
  dimensions: string[];
  metrics: number[];
}

/** A GA4 property id is a number (properties/123456789). */
export const GA4_PROPERTY = /^\d{1,20}$/;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown) => {
  const n = Number(obj(v).value);
  return Number.isFinite(n) ? n : 0;
};
const text = (v: unknown) => {
  const s = obj(v).value;
  return typeof s === 'string' ? s.slice(0, 500) : '';
};

function toRows(answer: unknown): Ga4Row[] {
  return list(obj(answer).rows).map((raw) => {
    const r = obj(raw);
    return { dimensions: list(r.dimensionValues).map(text), metrics: list(r.metricValues).map(num) };
  });
}

function propertyUrl(config: Ga4Config, propertyId: string, method: string): string {
  if (!GA4_PROPERTY.test(propertyId)) throw new Error('not a GA4 property id');
  return `${config.baseUrl}/v1beta/properties/${propertyId}:${method}`;
}

/** One report: rows of dimension values and metric values, in the order asked. */
export async function runReport(
  config: Ga4Config,
  token: string,
  propertyId: string,
  request: Ga4Request,
): Promise<Ga4Row[]> {
  const body = {
    dateRanges: [{ startDate: request.startDate, endDate: request.endDate }],
    dimensions: (request.dimensions ?? []).map((name) => ({ name })),
    metrics: request.metrics.map((name) => ({ name })),
    ...(request.orderByMetric && request.metrics[0]
      ? { orderBys: [{ metric: { metricName: request.metrics[0] }, desc: true }] }
      : {}),
    limit: String(request.limit ?? 1000),
  };
  const answer = await providerCall(
    'google',
    { method: 'POST', url: propertyUrl(config, propertyId, 'runReport'), token, json: body },
    config.http,
  );
  return toRows(answer);
}

/** Users active in the last 30 minutes (the realtime report). */
export async function activeUsersNow(config: Ga4Config, token: string, propertyId: string): Promise<number> {
  const answer = await providerCall(
    'google',
    {
      method: 'POST',
      url: propertyUrl(config, propertyId, 'runRealtimeReport'),
      token,
      json: { metrics: [{ name: 'activeUsers' }] },
    },
    config.http,
  );
  return toRows(answer)[0]?.metrics[0] ?? 0;
}

/** `YYYYMMDD` (GA4's date dimension) as `YYYY-MM-DD`. */
export const ga4Date = (value: string) =>
  /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;

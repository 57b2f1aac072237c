import type { TProvider } from '#shared/schemas/connections.ts';
import type { ProviderHttpOptions } from './provider-http.ts';
import { providerCall } from './provider-http.ts';
import { obj, str } from './social-publish.ts';

/**
 * Post metrics as the networks report them (the analytics sync, social-analytics.service.ts):
 * each network client answers one PostMetrics per post id it knows. A figure the network does
 * not give (X has no unique reach) is 0, never a guess.
 */
export interface PostMetrics {
  likes: number;
  shares: number;
  comments: number;
  reach: number;
  impressions: number;
  clicks: number;
  /** The insights were refused (a missing permission): only likes and comments are fresh; the other stored figures are kept. */
  countsOnly?: true;
}

export const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.round(n), 2_000_000_000) : 0;
};

/** A read with the owner's token: failures are ConnectionProblems (provider-http). */
export const metricsGet = <T>(
  provider: TProvider,
  url: string,
  token: string,
  http: ProviderHttpOptions,
  headers?: Record<string, string>,
) => providerCall<T>(provider, { url, token, ...(headers ? { headers } : {}) }, http);

export { obj, str };

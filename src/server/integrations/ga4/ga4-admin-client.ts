import { providerCall, type ProviderHttpOptions } from '#server/integrations/provider-http.ts';

/**
 * Google Analytics Admin API (v1beta): `accountSummaries` — every GA4 account the owner's Google
 * token (scope analytics.readonly) can read, each with its properties. Paged with pageToken;
 * failures are ConnectionProblems like the Data API's.
 */
export interface Ga4AdminConfig {
  baseUrl: string;
  http?: ProviderHttpOptions;
}

export interface Ga4PropertyOption {
  /** The numeric id (from `properties/123`). */
  id: string;
  name: string;
  account: string;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 500) : '');

/** A safety stop: 20 pages of 200 accounts. */
const MAX_PAGES = 20;

/** The GA4 properties the token can read, in Google's order (account by account). */
export async function listGa4Properties(config: Ga4AdminConfig, token: string): Promise<Ga4PropertyOption[]> {
  const out: Ga4PropertyOption[] = [];
  let pageToken = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(`${config.baseUrl}/v1beta/accountSummaries`);
    url.searchParams.set('pageSize', '200');
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const answer = obj(await providerCall('google', { url: url.toString(), token }, config.http));
    for (const rawAccount of list(answer.accountSummaries)) {
      const account = obj(rawAccount);
      for (const rawProperty of list(account.propertySummaries)) {
        const p = obj(rawProperty);
        const id = /^properties\/(\d{1,20})$/.exec(str(p.property))?.[1];
        if (!id) continue;
        out.push({ id, name: str(p.displayName) || id, account: str(account.displayName) });
      }
    }
    pageToken = str(answer.nextPageToken);
    if (!pageToken) break;
  }
  return out;
}

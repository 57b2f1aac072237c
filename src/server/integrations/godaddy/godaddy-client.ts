import type { TConnectionTestResult, TRegistrarDomain } from '#shared/schemas/settings.ts';
import { OutboundError, type Outbound } from '#server/security/ssrf-guard.ts';
import { safeText, unreachable } from '../http-helpers.ts';

/**
 * GoDaddy Domains API: production api.godaddy.com, sandbox (OTE)
 * api.ote-godaddy.com, both configurable so tests can use a fake.
 */
export interface GodaddyCredentials {
  apiKey: string;
  apiSecret: string;
  environment: 'sandbox' | 'production';
}

export const GODADDY_MESSAGES = {
  connected: (environment: GodaddyCredentials['environment']) =>
    environment === 'sandbox' ? 'Connected to the GoDaddy sandbox (OTE)' : 'Connected to GoDaddy (production)',
  wrongCredentials:
    'GoDaddy did not accept this API Key and Secret. Keys belong to one environment: a sandbox (OTE) key does not work in production, and the other way round.',
  accessDenied:
    'GoDaddy refused access to the Domains API. In production it needs an account with 10 or more domains (or Discount Domain Club).',
  busy: 'GoDaddy is busy right now (too many requests). Try again in a minute.',
  failed: (status: number) => `GoDaddy answered with an error (HTTP ${status}). Try again later.`,
} as const;

export type GodaddyFailure = 'credentials' | 'denied' | 'busy' | 'failed' | 'unreachable';

export class GodaddyError extends Error {
  constructor(
    public readonly kind: GodaddyFailure,
    message: string,
  ) {
    super(message);
    this.name = 'GodaddyError';
  }
}

interface GodaddyDomain {
  domain: string;
  status?: string;
  expires?: string | null;
  renewAuto?: boolean;
  privacy?: boolean;
}

const PAGE = 100;
const MAX_PAGES = 20;

export interface GodaddyClient {
  /** Every domain of the account (paged by marker), in GoDaddy's order. */
  listDomains(): Promise<TRegistrarDomain[]>;
  /** A one-domain page: enough to prove the keys work. */
  probe(): Promise<void>;
}

export function createGodaddyClient(outbound: Outbound, baseUrl: string, creds: GodaddyCredentials): GodaddyClient {
  const headers = { authorization: `sso-key ${creds.apiKey}:${creds.apiSecret}`, accept: 'application/json' };

  async function page(limit: number, marker?: string): Promise<GodaddyDomain[]> {
    const query = new URLSearchParams({ limit: String(limit), ...(marker ? { marker } : {}) });
    let res;
    try {
      res = await outbound.fetch(`${baseUrl}/v1/domains?${query}`, { headers });
    } catch (err) {
      if (err instanceof OutboundError) throw new GodaddyError('unreachable', unreachable(err, 'GoDaddy'));
      throw err;
    }
    const body = res.json();
    if (res.status === 200 && Array.isArray(body))
      return body.filter((d): d is GodaddyDomain => typeof d?.domain === 'string');
    if (res.status === 401) throw new GodaddyError('credentials', GODADDY_MESSAGES.wrongCredentials);
    if (res.status === 403) throw new GodaddyError('denied', GODADDY_MESSAGES.accessDenied);
    if (res.status === 429) throw new GodaddyError('busy', GODADDY_MESSAGES.busy);
    throw new GodaddyError('failed', GODADDY_MESSAGES.failed(res.status));
  }

  return {
    async probe() {
      await page(1);
    },
    async listDomains() {
      const all: GodaddyDomain[] = [];
      for (let i = 0; i < MAX_PAGES; i++) {
        const batch = await page(PAGE, all.at(-1)?.domain);
        all.push(...batch);
        if (batch.length < PAGE) break;
      }
      return all.map((d) => ({
        domain: safeText(d.domain, 253),
        status: safeText(d.status ?? 'UNKNOWN', 40),
        expires: typeof d.expires === 'string' ? d.expires : null,
        autoRenew: d.renewAuto === true,
        privacy: d.privacy === true,
      }));
    },
  };
}

/** One small domain-list call with the stored keys, answered in plain English. */
export async function testGodaddyConnection(
  outbound: Outbound,
  baseUrl: string,
  creds: GodaddyCredentials,
): Promise<TConnectionTestResult> {
  try {
    await createGodaddyClient(outbound, baseUrl, creds).probe();
    return { ok: true, message: GODADDY_MESSAGES.connected(creds.environment) };
  } catch (err) {
    if (err instanceof GodaddyError) return { ok: false, message: err.message };
    throw err;
  }
}

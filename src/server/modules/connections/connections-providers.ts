import type { ServerMetadata } from 'openid-client';
import type { ConnectionsConfig } from '#server/config.ts';
import type { TAccountChoice, TProvider } from '#shared/schemas/connections.ts';
import { providerCall, type ProviderHttpOptions } from '#server/integrations/provider-http.ts';
import { safeText } from '#server/integrations/http-helpers.ts';

/**
 * Each provider's OAuth endpoints, scopes and the two API calls a connection needs: the list of
 * accounts to choose from (pages, locations, organizations) and a cheap health check. Shapes
 * from the providers' descriptions extracted in tests/contracts/ (docs/providers.md); hosts from config.
 */

/** A choice with, for Meta, the Page's own token (kept server-side, never answered). */
export interface AccountOption extends TAccountChoice {
  accountToken?: string;
}

export interface ProviderDef {
  id: TProvider;
  scopes: string[];
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'basic' | 'post';
  /**
   * PKCE (S256) at the authorization and token endpoints; on unless false. LinkedIn enables it
   * only for native apps, on request: a web app that sends code_verifier gets 401 invalid_client.
   */
  pkce?: false;
  /** The token endpoint answers without `token_type` (LinkedIn); it is read as the bearer it is. */
  omitsTokenType?: true;
  /** Extra authorization request parameters (Google: offline access, incremental scopes). */
  authParams?: Record<string, string>;
  metadata(config: ConnectionsConfig): ServerMetadata;
  listAccounts(config: ConnectionsConfig, token: string, http: ProviderHttpOptions): Promise<AccountOption[]>;
  /** One cheap authenticated call; throws a ConnectionProblem when it fails. */
  check(config: ConnectionsConfig, token: string, accountId: string | null, http: ProviderHttpOptions): Promise<void>;
  /** Revocation other than RFC 7009 (Meta); the others use the revocation_endpoint. */
  revoke?(config: ConnectionsConfig, token: string, http: ProviderHttpOptions): Promise<void>;
}

type Json = Record<string, unknown>;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Json[]) : []);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const name = (v: unknown, fallback: string) => safeText(str(v) || fallback, 120);
/** Lists are bounded: a picker shows at most this many choices. */
const MAX_CHOICES = 200;

const google: ProviderDef = {
  id: 'google',
  scopes: [
    'https://www.googleapis.com/auth/business.manage',
    'https://www.googleapis.com/auth/webmasters.readonly',
    'https://www.googleapis.com/auth/analytics.readonly',
  ],
  clientAuth: 'post',
  // A refresh token, a fresh consent, and earlier grants kept when a feature later asks for more.
  authParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
  metadata: ({ google: c }) => ({
    issuer: c.authBaseUrl,
    authorization_endpoint: `${c.authBaseUrl}/o/oauth2/v2/auth`,
    token_endpoint: `${c.oauthBaseUrl}/token`,
    revocation_endpoint: `${c.oauthBaseUrl}/revoke`,
  }),
  async listAccounts({ google: c }, token, http) {
    const answer = await providerCall<Json>(
      'google',
      { url: `${c.businessAccountsBaseUrl}/v1/accounts?pageSize=20`, token },
      http,
    );
    const options: AccountOption[] = [];
    for (const account of list(answer?.accounts).slice(0, 20)) {
      const accountName = str(account.name);
      if (!/^accounts\/[\w-]+$/.test(accountName)) continue;
      const locations = await providerCall<Json>(
        'google',
        { url: `${c.businessInfoBaseUrl}/v1/${accountName}/locations?readMask=name,title&pageSize=100`, token },
        http,
      );
      for (const location of list(locations?.locations)) {
        const locationName = str(location.name);
        if (!/^locations\/[\w-]+$/.test(locationName)) continue;
        // Reviews (v4) address a location as accounts/{a}/locations/{l}.
        options.push({
          id: `${accountName}/${locationName}`,
          name: name(location.title, locationName),
          detail: name(account.accountName, accountName),
        });
      }
    }
    return options.slice(0, MAX_CHOICES);
  },
  async check({ google: c }, token, _accountId, http) {
    await providerCall('google', { url: `${c.businessAccountsBaseUrl}/v1/accounts?pageSize=1`, token }, http);
  },
};

const meta: ProviderDef = {
  id: 'meta',
  scopes: [
    'pages_show_list',
    'pages_manage_posts',
    'pages_read_engagement',
    'read_insights',
    'instagram_basic',
    'instagram_content_publish',
    'instagram_manage_insights',
  ],
  clientAuth: 'post',
  metadata: ({ meta: c }) => ({
    issuer: c.oauthBaseUrl,
    authorization_endpoint: `${c.oauthBaseUrl}/dialog/oauth`,
    token_endpoint: `${c.graphBaseUrl}/oauth/access_token`,
  }),
  async listAccounts({ meta: c }, token, http) {
    const answer = await providerCall<Json>(
      'meta',
      { url: `${c.graphBaseUrl}/me/accounts?fields=id,name,access_token,instagram_business_account&limit=100`, token },
      http,
    );
    return list(answer?.data)
      .filter((page) => /^\d+$/.test(str(page.id)))
      .slice(0, MAX_CHOICES)
      .map((page) => {
        const instagram = str((page.instagram_business_account as Json | undefined)?.id);
        const pageToken = str(page.access_token);
        return {
          id: str(page.id),
          name: name(page.name, str(page.id)),
          detail: instagram ? 'Facebook Page with an Instagram Business account' : 'Facebook Page',
          ...(pageToken ? { accountToken: pageToken } : {}),
        };
      });
  },
  async check({ meta: c }, token, _accountId, http) {
    await providerCall('meta', { url: `${c.graphBaseUrl}/me?fields=id`, token }, http);
  },
  async revoke({ meta: c }, token, http) {
    await providerCall('meta', { method: 'DELETE', url: `${c.graphBaseUrl}/me/permissions`, token }, http);
  },
};

const x: ProviderDef = {
  id: 'x',
  scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
  clientAuth: 'basic',
  metadata: ({ x: c }) => ({
    issuer: c.authBaseUrl,
    authorization_endpoint: `${c.authBaseUrl}/i/oauth2/authorize`,
    token_endpoint: `${c.apiBaseUrl}/2/oauth2/token`,
    revocation_endpoint: `${c.apiBaseUrl}/2/oauth2/revoke`,
  }),
  async listAccounts({ x: c }, token, http) {
    const answer = await providerCall<Json>('x', { url: `${c.apiBaseUrl}/2/users/me`, token }, http);
    const me = (answer?.data ?? {}) as Json;
    if (!str(me.id)) return [];
    return [{ id: str(me.id), name: `@${name(me.username, str(me.id))}`, detail: name(me.name, '') || null }];
  },
  async check({ x: c }, token, _accountId, http) {
    await providerCall('x', { url: `${c.apiBaseUrl}/2/users/me`, token }, http);
  },
};

/** LinkedIn retires API versions after about a year (426 NONEXISTENT_VERSION): keep this recent. */
export const LINKEDIN_VERSION = '202601';
const linkedinHeaders = { 'LinkedIn-Version': LINKEDIN_VERSION, 'X-Restli-Protocol-Version': '2.0.0' };

const linkedin: ProviderDef = {
  id: 'linkedin',
  scopes: ['w_organization_social', 'r_organization_social', 'rw_organization_admin'],
  clientAuth: 'post',
  pkce: false,
  omitsTokenType: true,
  metadata: ({ linkedin: c }) => ({
    issuer: c.oauthBaseUrl,
    authorization_endpoint: `${c.oauthBaseUrl}/oauth/v2/authorization`,
    token_endpoint: `${c.oauthBaseUrl}/oauth/v2/accessToken`,
    revocation_endpoint: `${c.oauthBaseUrl}/oauth/v2/revoke`,
  }),
  async listAccounts({ linkedin: c }, token, http) {
    const answer = await providerCall<Json>(
      'linkedin',
      {
        url: `${c.apiBaseUrl}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED`,
        token,
        headers: linkedinHeaders,
      },
      http,
    );
    const options: AccountOption[] = [];
    for (const acl of list(answer?.elements).slice(0, 50)) {
      const urn = str(acl.organization);
      const id = /^urn:li:organization:(\d+)$/.exec(urn)?.[1];
      if (!id) continue;
      const org = await providerCall<Json>(
        'linkedin',
        { url: `${c.apiBaseUrl}/rest/organizations/${id}`, token, headers: linkedinHeaders },
        http,
      );
      options.push({ id: urn, name: name(org?.localizedName, urn), detail: 'LinkedIn page you administer' });
    }
    return options;
  },
  async check({ linkedin: c }, token, _accountId, http) {
    await providerCall(
      'linkedin',
      {
        url: `${c.apiBaseUrl}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&count=1`,
        token,
        headers: linkedinHeaders,
      },
      http,
    );
  },
};

export const PROVIDER_DEFS: Record<TProvider, ProviderDef> = { google, meta, x, linkedin };

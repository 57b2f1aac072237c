// A local authorization server and API for the four connection providers (Google, Meta, X,
// LinkedIn), speaking each one's shapes from ../shared/EXTERNAL-APIS.md on one port: the paths
// do not collide, so every *_BASE_URL of a test can point here. Authorization redirects back at
// once with a code (or access_denied); the token endpoint checks the client, the redirect URI
// and the PKCE verifier; `revokeAll()` turns every grant invalid (refresh → invalid_grant).
// LinkedIn answers as LinkedIn does for a web app: PKCE is not required, a code_verifier at the
// token endpoint is a 401 invalid_client, and its token answers carry no token_type.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basicCredentials, listen, type Listening } from './listen.ts';
import { graphError, xProblem } from './social-errors.ts';

export type FakeProvider = 'google' | 'meta' | 'x' | 'linkedin';

export const FAKE_CLIENTS: Record<FakeProvider, { clientId: string; clientSecret: string }> = {
  google: { clientId: 'google-client-123.apps.example', clientSecret: 'google-secret-abc' },
  meta: { clientId: '424242424242', clientSecret: 'meta-app-secret-def' },
  x: { clientId: 'x-client-ghi', clientSecret: 'x-secret-jkl' },
  linkedin: { clientId: 'linkedin-client-mno', clientSecret: 'linkedin-secret-pqr' },
};

/** Env for a server whose every connection provider is this fake. */
export function fakeOAuthEnv(url: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: FAKE_CLIENTS.google.clientId,
    GOOGLE_CLIENT_SECRET: FAKE_CLIENTS.google.clientSecret,
    META_APP_ID: FAKE_CLIENTS.meta.clientId,
    META_APP_SECRET: FAKE_CLIENTS.meta.clientSecret,
    X_CLIENT_ID: FAKE_CLIENTS.x.clientId,
    X_CLIENT_SECRET: FAKE_CLIENTS.x.clientSecret,
    LINKEDIN_CLIENT_ID: FAKE_CLIENTS.linkedin.clientId,
    LINKEDIN_CLIENT_SECRET: FAKE_CLIENTS.linkedin.clientSecret,
    GOOGLE_AUTH_BASE_URL: url,
    GOOGLE_OAUTH_BASE_URL: url,
    GOOGLE_BUSINESS_ACCOUNTS_BASE_URL: url,
    GOOGLE_BUSINESS_INFO_BASE_URL: url,
    META_OAUTH_BASE_URL: url,
    META_GRAPH_BASE_URL: url,
    X_AUTH_BASE_URL: url,
    X_API_BASE_URL: url,
    LINKEDIN_OAUTH_BASE_URL: url,
    LINKEDIN_API_BASE_URL: url,
  };
}

/** The lists each provider answers. */
export const FAKE_DATA = {
  google: {
    accounts: [{ name: 'accounts/111', accountName: 'Rosa Alvarez Plumbing', type: 'PERSONAL' }],
    locations: {
      'accounts/111': [
        { name: 'locations/222', title: 'Rosa Plumbing — Downtown' },
        { name: 'locations/333', title: 'Rosa Plumbing — Eastside' },
      ],
    } as Record<string, { name: string; title: string }[]>,
  },
  meta: { pages: [{ id: '1001', name: 'Blue Door Cafe', instagram: '17841400000000' }] },
  x: { me: { id: '1445880548472328192', name: 'Blue Door Cafe', username: 'bluedoorcafe' } },
  linkedin: { orgs: [{ id: '5001', name: 'Blue Door Cafe Ltd' }] },
};

const AUTHORIZE: Record<string, FakeProvider> = {
  '/o/oauth2/v2/auth': 'google',
  '/dialog/oauth': 'meta',
  '/i/oauth2/authorize': 'x',
  '/oauth/v2/authorization': 'linkedin',
};
const TOKEN: Record<string, FakeProvider> = {
  '/token': 'google',
  '/oauth/access_token': 'meta',
  '/2/oauth2/token': 'x',
  '/oauth/v2/accessToken': 'linkedin',
};
const REVOKE: Record<string, FakeProvider> = {
  '/revoke': 'google',
  '/2/oauth2/revoke': 'x',
  '/oauth/v2/revoke': 'linkedin',
};
/** Confidential X clients authenticate with Basic; the others post their secret in the body. */
const BASIC_AUTH: Record<FakeProvider, boolean> = { google: false, meta: false, x: true, linkedin: false };
const LIFETIME: Record<FakeProvider, number> = { google: 3599, meta: 5400, x: 7200, linkedin: 5_184_000 };
/** PKCE only where the provider takes it from a web app (LinkedIn: native apps it enabled only). */
const PKCE: Record<FakeProvider, boolean> = { google: true, meta: true, x: true, linkedin: false };

interface Grant {
  provider: FakeProvider;
  scope: string;
  revoked: boolean;
}
interface TokenInfo {
  grant: Grant;
  kind: 'access' | 'refresh' | 'page';
  expiresAt: number;
}
interface PendingCode {
  provider: FakeProvider;
  redirectUri: string;
  challenge: string;
  scope: string;
  used: boolean;
}

export interface FakeOAuthServer extends Listening {
  /** Every authorization request, as its query parameters. */
  authorizeRequests: { provider: FakeProvider; params: Record<string, string> }[];
  /** Token endpoint calls by grant type. */
  tokenRequests: { provider: FakeProvider; grantType: string }[];
  /** Revocation calls (RFC 7009 or Meta's DELETE /me/permissions). */
  revocations: FakeProvider[];
  /** Every token, code and secret this server handed out or knows: none may show up in our responses or logs. */
  secrets(): string[];
  /** The user declines consent next time (error=access_denied). */
  denyNext(): void;
  /** The owner revoked the app: every grant (of one provider, or all) is dead. */
  revokeAll(provider?: FakeProvider): void;
  /** Access tokens expire now (refresh tokens still work). */
  expireAccessTokens(): void;
  /** The next `count` API calls answer `status` (with Retry-After when given). */
  failNext(count: number, status: number, retryAfter?: string): void;
}

export async function startFakeOAuthServer(): Promise<FakeOAuthServer> {
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, TokenInfo>();
  const issued: string[] = [];
  let deny = false;
  let failures: { count: number; status: number; retryAfter?: string | undefined } = { count: 0, status: 500 };
  const state = {
    authorizeRequests: [] as FakeOAuthServer['authorizeRequests'],
    tokenRequests: [] as FakeOAuthServer['tokenRequests'],
    revocations: [] as FakeProvider[],
  };

  const mint = (prefix: string, info: TokenInfo) => {
    const token = `${prefix}-${randomBytes(12).toString('hex')}`;
    tokens.set(token, info);
    issued.push(token);
    return token;
  };

  // The API calls are held to the providers' descriptions; the OAuth endpoints have none (listed as unverified).
  const listening = await listen({ contracts: ['x', 'linkedin', 'meta', 'business-profile'] }, (req, res) => {
    void handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(err) }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', listening.url);
    const path = url.pathname;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };

    if (req.method === 'GET' && AUTHORIZE[path]) return authorize(AUTHORIZE[path], url, res);
    if (req.method === 'POST' && TOKEN[path]) return token(TOKEN[path], req, await readForm(req), json);
    if (req.method === 'POST' && REVOKE[path]) {
      const provider = REVOKE[path];
      const form = await readForm(req);
      const info = tokens.get(form.get('token') ?? '');
      if (info) info.grant.revoked = true;
      state.revocations.push(provider);
      return json(200, {});
    }
    return api(req, url, json);
  }

  function authorize(provider: FakeProvider, url: URL, res: ServerResponse) {
    const params = Object.fromEntries(url.searchParams);
    state.authorizeRequests.push({ provider, params });
    const redirect = params.redirect_uri ?? '';
    const bad = (message: string) => {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(message);
    };
    if (params.client_id !== FAKE_CLIENTS[provider].clientId) return bad('unknown client_id');
    if (params.response_type !== 'code') return bad('response_type must be code');
    if (PKCE[provider] && (!params.code_challenge || params.code_challenge_method !== 'S256'))
      return bad('PKCE S256 required');
    if (!params.state) return bad('state required');
    if (!/^http:\/\/127\.0\.0\.1:\d+\/api\/connections\/\w+\/callback$/.test(redirect)) return bad('bad redirect_uri');
    const back = new URL(redirect);
    back.searchParams.set('state', params.state);
    if (deny) {
      deny = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `code-${randomBytes(10).toString('hex')}`;
      issued.push(code);
      codes.set(code, {
        provider,
        redirectUri: redirect,
        challenge: params.code_challenge ?? '',
        scope: params.scope ?? '',
        used: false,
      });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.href });
    res.end();
  }

  function token(
    provider: FakeProvider,
    req: IncomingMessage,
    form: URLSearchParams,
    json: (status: number, body: unknown) => void,
  ) {
    const grantType = form.get('grant_type') ?? '';
    state.tokenRequests.push({ provider, grantType });
    const oauthError = (error: string, description: string, status = 400) =>
      json(
        status,
        provider === 'meta'
          ? { error: { message: description, type: 'OAuthException', code: 190 } }
          : { error, error_description: description },
      );

    const basic = basicCredentials(req.headers.authorization);
    const client = BASIC_AUTH[provider]
      ? // RFC 6749 §2.3.1: both are form-urlencoded before Base64 (openid-client encodes "-" too).
        basic && { id: decodeURIComponent(basic.user), secret: decodeURIComponent(basic.password) }
      : { id: form.get('client_id'), secret: form.get('client_secret') };
    const expected = FAKE_CLIENTS[provider];
    if (!client || client.id !== expected.clientId || client.secret !== expected.clientSecret)
      return oauthError('invalid_client', 'Client authentication failed.', 401);

    const answer = (grant: Grant, withRefresh: boolean) => {
      const now = Date.now();
      const access = mint(`at-${provider}`, { grant, kind: 'access', expiresAt: now + LIFETIME[provider] * 1000 });
      const body: Record<string, unknown> = {
        access_token: access,
        expires_in: LIFETIME[provider],
      };
      if (provider !== 'linkedin') body.token_type = provider === 'meta' ? 'bearer' : 'Bearer';
      if (provider !== 'meta') body.scope = grant.scope;
      if (withRefresh) body.refresh_token = mint(`rt-${provider}`, { grant, kind: 'refresh', expiresAt: Infinity });
      return json(200, body);
    };

    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.used || code.provider !== provider)
        return oauthError('invalid_grant', 'Bad authorization code.');
      code.used = true;
      if (form.get('redirect_uri') !== code.redirectUri) return oauthError('invalid_grant', 'redirect_uri mismatch.');
      const verifier = form.get('code_verifier');
      if (!PKCE[provider]) {
        if (verifier !== null) return oauthError('invalid_client', 'Client authentication failed.', 401);
      } else if (
        createHash('sha256')
          .update(verifier ?? '')
          .digest('base64url') !== code.challenge
      )
        return oauthError('invalid_grant', 'PKCE verification failed.');
      const scope = code.scope
        .split(/[\s,]+/)
        .filter(Boolean)
        .join(' ');
      return answer({ provider, scope, revoked: false }, provider !== 'meta');
    }
    if (grantType === 'refresh_token') {
      const info = tokens.get(form.get('refresh_token') ?? '');
      if (!info || info.kind !== 'refresh' || info.grant.revoked)
        return oauthError('invalid_grant', 'Token has been expired or revoked.');
      // X rotates refresh tokens: the old one stops working.
      if (provider === 'x') tokens.delete(form.get('refresh_token') ?? '');
      return answer(info.grant, provider === 'x');
    }
    if (provider === 'meta' && grantType === 'fb_exchange_token') {
      const info = tokens.get(form.get('fb_exchange_token') ?? '');
      if (!info || info.grant.revoked) return oauthError('invalid_grant', 'Invalid OAuth access token.');
      const access = mint('at-meta-long', { grant: info.grant, kind: 'access', expiresAt: Date.now() + 5_184_000_000 });
      return json(200, { access_token: access, token_type: 'bearer', expires_in: 5_184_000 });
    }
    return oauthError('unsupported_grant_type', `Unsupported grant_type ${grantType}.`);
  }

  function api(
    req: IncomingMessage,
    url: URL,
    json: (status: number, body: unknown, h?: Record<string, string>) => void,
  ) {
    const path = url.pathname;
    const provider: FakeProvider | undefined = path.startsWith('/v1/')
      ? 'google'
      : path.startsWith('/me')
        ? 'meta'
        : path.startsWith('/2/')
          ? 'x'
          : path.startsWith('/rest/')
            ? 'linkedin'
            : undefined;
    if (!provider) return json(404, { error: 'not found' });
    if (failures.count > 0) {
      failures.count--;
      const retry: Record<string, string> = failures.retryAfter ? { 'retry-after': failures.retryAfter } : {};
      const status = failures.status;
      // Each provider's own error shape (tests/fakes/social-errors.ts has the same for the social APIs).
      if (provider === 'x')
        return json(status, xProblem(status, 'Service Unavailable', 'Over capacity'), {
          ...retry,
          'content-type': 'application/problem+json',
        });
      if (provider === 'meta') return json(status, graphError('An unexpected error has occurred.', 2), retry);
      if (provider === 'linkedin')
        return json(status, { status, code: 'SERVER_ERROR', message: 'Quota exceeded' }, retry);
      return json(status, { error: { code: status, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } }, retry);
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const info = tokens.get(bearer);
    const live = info && info.grant.provider === provider && !info.grant.revoked && info.expiresAt > Date.now();
    if (!live) return unauthorized(provider, info?.grant.revoked ?? false, json);
    if (provider === 'linkedin' && req.headers['linkedin-version'] === undefined)
      return json(400, { status: 400, code: 'VERSION_MISSING', message: 'A version header is required' });

    if (provider === 'google') {
      if (path === '/v1/accounts') return json(200, { accounts: FAKE_DATA.google.accounts });
      const m = /^\/v1\/(accounts\/\w+)\/locations$/.exec(path);
      if (m?.[1]) {
        const locations = FAKE_DATA.google.locations[m[1]];
        return json(200, locations?.length ? { locations } : {});
      }
    }
    if (provider === 'meta') {
      if (req.method === 'DELETE' && path === '/me/permissions') {
        info.grant.revoked = true;
        state.revocations.push('meta');
        return json(200, { success: true });
      }
      if (path === '/me/accounts') {
        return json(200, {
          data: FAKE_DATA.meta.pages.map((p) => ({
            id: p.id,
            name: p.name,
            access_token: mint('page-meta', { grant: info.grant, kind: 'page', expiresAt: Infinity }),
            instagram_business_account: { id: p.instagram },
            tasks: ['CREATE_CONTENT', 'MANAGE'],
          })),
          paging: { cursors: { before: 'x', after: 'y' } },
        });
      }
      if (path === '/me') {
        const page = info.kind === 'page' ? FAKE_DATA.meta.pages[0] : undefined;
        return json(200, page ? { id: page.id, name: page.name } : { id: '990001', name: 'Rosa Alvarez' });
      }
    }
    if (provider === 'x' && path === '/2/users/me') return json(200, { data: FAKE_DATA.x.me });
    if (provider === 'linkedin') {
      if (path === '/rest/organizationAcls')
        return json(200, {
          elements: FAKE_DATA.linkedin.orgs.map((o) => ({
            organization: `urn:li:organization:${o.id}`,
            role: 'ADMINISTRATOR',
            state: 'APPROVED',
          })),
        });
      const m = /^\/rest\/organizations\/(\d+)$/.exec(path);
      const org = FAKE_DATA.linkedin.orgs.find((o) => o.id === m?.[1]);
      if (org) return json(200, { id: Number(org.id), localizedName: org.name, vanityName: 'blue-door' });
    }
    return json(404, { error: 'not found' });
  }

  function unauthorized(
    provider: FakeProvider,
    revoked: boolean,
    json: (s: number, b: unknown, headers?: Record<string, string>) => void,
  ) {
    switch (provider) {
      case 'google':
        return json(401, {
          error: {
            code: 401,
            message:
              'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
            status: 'UNAUTHENTICATED',
          },
        });
      case 'meta':
        return json(400, {
          error: {
            message: revoked
              ? 'Error validating access token: The user has not authorized application 424242424242.'
              : 'Error validating access token: Session has expired.',
            type: 'OAuthException',
            code: 190,
            error_subcode: revoked ? 458 : 463,
            fbtrace_id: 'AbCdEf',
          },
        });
      case 'x':
        return json(401, xProblem(401, 'Unauthorized', 'Unauthorized'), { 'content-type': 'application/problem+json' });
      case 'linkedin':
        return json(
          401,
          revoked
            ? {
                status: 401,
                serviceErrorCode: 65601,
                code: 'REVOKED_ACCESS_TOKEN',
                message: 'The token used in the request has been revoked by the user',
              }
            : {
                status: 401,
                serviceErrorCode: 65602,
                code: 'EXPIRED_ACCESS_TOKEN',
                message: 'The token used in the request has expired',
              },
        );
    }
  }

  return {
    ...listening,
    ...state,
    secrets: () => [...issued, ...Object.values(FAKE_CLIENTS).map((c) => c.clientSecret)],
    denyNext: () => {
      deny = true;
    },
    revokeAll: (provider) => {
      for (const info of tokens.values()) if (!provider || info.grant.provider === provider) info.grant.revoked = true;
    },
    expireAccessTokens: () => {
      for (const info of tokens.values()) if (info.kind === 'access') info.expiresAt = 0;
    },
    failNext: (count, status, retryAfter) => {
      failures = { count, status, retryAfter };
    },
  };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

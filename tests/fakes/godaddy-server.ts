// A local HTTP server speaking GoDaddy's Domains API list call:
// GET /v1/domains?limit&marker with `Authorization: sso-key {key}:{secret}`, a bare JSON array,
// and GoDaddy's error envelope.
import type { ServerResponse } from 'node:http';
import { listen, type Listening } from './listen.ts';

export interface FakeGodaddyDomain {
  domain: string;
  status: string;
  expires: string;
  renewAuto: boolean;
  privacy: boolean;
}

export interface FakeGodaddyOptions {
  apiKey?: string;
  apiSecret?: string;
  domains?: FakeGodaddyDomain[];
  /** Production without 10+ domains: 403 ACCESS_DENIED. */
  accessDenied?: boolean;
}

export interface FakeGodaddy extends Listening {
  options: Required<FakeGodaddyOptions>;
  /** Query strings of the list calls, oldest first. */
  queries: string[];
}

export const SAMPLE_DOMAINS: FakeGodaddyDomain[] = [
  {
    domain: 'acmeplumbing.com',
    status: 'ACTIVE',
    expires: '2026-06-14T21:59:59.000Z',
    renewAuto: true,
    privacy: false,
  },
  {
    domain: 'acme-drains.net',
    status: 'EXPIRED',
    expires: '2025-01-02T10:00:00.000Z',
    renewAuto: false,
    privacy: true,
  },
];

export async function startFakeGodaddy(opts: FakeGodaddyOptions = {}): Promise<FakeGodaddy> {
  const options: Required<FakeGodaddyOptions> = {
    apiKey: 'dKey_fake_1234',
    apiSecret: 'Secret_fake_5678',
    domains: SAMPLE_DOMAINS,
    accessDenied: false,
    ...opts,
  };
  const queries: string[] = [];
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = await listen({ contracts: ['godaddy'] }, (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/v1/domains')
      return send(res, 404, { code: 'NOT_FOUND', message: 'The requested resource was not found' });
    if (req.headers.authorization !== `sso-key ${options.apiKey}:${options.apiSecret}`) {
      return send(res, 401, {
        code: 'UNABLE_TO_AUTHENTICATE',
        message: 'Unauthorized : Could not authenticate API key/secret',
      });
    }
    if (options.accessDenied)
      return send(res, 403, { code: 'ACCESS_DENIED', message: 'Authenticated user is not allowed access' });
    queries.push(url.search);
    const limit = Number(url.searchParams.get('limit') ?? 1000);
    const marker = url.searchParams.get('marker');
    const sorted = [...options.domains].sort((a, b) => a.domain.localeCompare(b.domain));
    const start = marker ? sorted.findIndex((d) => d.domain > marker) : 0;
    const page = start < 0 ? [] : sorted.slice(start, start + limit);
    send(
      res,
      200,
      page.map((d, i) => ({
        domainId: 1002111 + i,
        ...d,
        locked: true,
        expirationProtected: false,
        holdRegistrar: false,
        createdAt: '2023-06-14T21:53:10.000Z',
        nameServers: null,
      })),
    );
  });
  return { ...server, options, queries };
}

import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { allowsAddress, allowsHost, blockedReason, isIpLiteral, parseAllowList, type AllowList } from './ip-ranges.ts';

/**
 * The one door for outbound HTTP to an address a user typed: parse, resolve,
 * refuse anything that reaches inside (loopback, private, link-local/metadata, CGNAT, reserved,
 * IPv4-mapped IPv6 of those), connect to the address that was checked (no second lookup, so DNS
 * rebinding can't swap it), and follow redirects by hand, checking every hop. Credentials (Authorization,
 * Cookie) go only to the exact origin asked for: a redirect to another scheme, host or port drops them for
 * good, even one from http:// up to https:// on the same host.
 */

export type OutboundFailure =
  'refused' | 'unreachable' | 'timeout' | 'tls' | 'too_large' | 'too_many_redirects' | 'invalid_request';

/** A failed outbound call; `message` is plain English and safe to show to the user who typed the address. */
export class OutboundError extends Error {
  constructor(
    public readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

/** Host name -> addresses. Injected by tests so they never need a network. */
export type Resolver = (hostname: string) => Promise<string[]>;

export interface GuardOptions {
  /** OUTBOUND_ALLOW: host names and CIDR ranges let through although private. */
  allow?: readonly string[];
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Text, or bytes (an image upload). */
  body?: string | Buffer;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The address that answered, after redirects. */
  url: string;
  body: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json(): unknown;
}

export interface Outbound {
  fetch(url: string, request?: OutboundRequest): Promise<OutboundResponse>;
}

interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
}

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const refused = (why: string) => new OutboundError('refused', `This address is not allowed: ${why}.`);

/** Checks one URL and answers the address to connect to, or throws a 'refused'/'unreachable' OutboundError. */
export async function checkUrl(raw: string, allow: AllowList, resolve: Resolver = systemResolver): Promise<Target> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('it is not a valid web address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refused('only http:// and https:// addresses can be used');
  if (url.username || url.password) throw refused('it contains a user name or password');
  // The WHATWG parser has already turned 2130706433, 0177.0.0.1 and 0x7f.0.0.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const hostAllowed = allowsHost(allow, host);
  let addresses: string[];
  if (isIpLiteral(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new OutboundError('unreachable', `Could not find ${host} (the name does not resolve).`);
    }
    if (addresses.length === 0)
      throw new OutboundError('unreachable', `Could not find ${host} (the name does not resolve).`);
  }
  // Every address must pass: a name with one public and one private record is refused.
  for (const address of addresses) {
    const reason = blockedReason(address);
    if (reason && !hostAllowed && !allowsAddress(allow, address)) {
      throw refused(address === host ? `${host} is ${reason}` : `${host} resolves to ${address}, ${reason}`);
    }
  }
  const address = addresses[0] as string;
  return { url, address, family: address.includes(':') ? 6 : 4 };
}

export function createOutbound(options: GuardOptions = {}): Outbound {
  const allow = parseAllowList(options.allow ?? []);
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 2_000_000;
  const maxRedirects = options.maxRedirects ?? 5;

  return {
    async fetch(raw, request = {}) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const timedOut = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () =>
          reject(
            new OutboundError('timeout', `The site did not answer within ${Math.round(timeoutMs / 1000)} seconds.`),
          ),
        );
      });
      timedOut.catch(() => undefined);
      try {
        let current = raw;
        let { method = 'GET', body } = request;
        const headers: Record<string, string> = {
          'user-agent': 'Fieldwise/1.0',
          accept: 'application/json',
          ...lowerKeys(request.headers ?? {}),
        };
        // The origin (scheme, host and port) the caller asked for: the only one credentials go to.
        let origin: string | undefined;
        for (let hop = 0; ; hop++) {
          const target = await Promise.race([checkUrl(current, allow, resolve), timedOut]);
          origin ??= target.url.origin;
          const res = await Promise.race([
            send(target, { method, headers, body }, controller.signal, maxBytes),
            timedOut,
          ]);
          const location = res.headers.location;
          if (!REDIRECTS.has(res.status) || !location) return res;
          if (hop >= maxRedirects)
            throw new OutboundError('too_many_redirects', `The site redirected more than ${maxRedirects} times.`);
          const next = URL.parse(location, target.url);
          if (!next) throw refused('the site redirected to something that is not a web address');
          if (next.origin !== origin) {
            delete headers.authorization;
            delete headers.cookie;
          }
          if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
            delete headers['content-type'];
          }
          current = next.href;
        }
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function send(
  target: Target,
  request: Required<Pick<OutboundRequest, 'method' | 'headers'>> & { body: string | Buffer | undefined },
  signal: AbortSignal,
  maxBytes: number,
): Promise<OutboundResponse> {
  // Pinning: the socket connects to the checked address whatever the name resolves to now.
  const lookup: LookupFunction = (_hostname, opts, callback) => {
    if (opts.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: OutboundError) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    const onResponse = (res: http.IncomingMessage) => {
      if (REDIRECTS.has(res.statusCode ?? 0) && res.headers.location) {
        res.resume();
        settled = true;
        resolve(response(target, res, ''));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          fail(
            new OutboundError('too_large', `The site's answer was larger than ${Math.round(maxBytes / 1_000_000)} MB.`),
          );
          res.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        resolve(response(target, res, Buffer.concat(chunks).toString('utf8')));
      });
      res.on('error', (err) => fail(describe(err, target.url)));
    };
    const client = target.url.protocol === 'https:' ? https : http;
    let req: http.ClientRequest;
    try {
      req = client.request(
        target.url,
        { method: request.method, headers: request.headers, lookup, agent: false, signal },
        onResponse,
      );
    } catch (err) {
      // Node refuses header values with line breaks before anything is sent.
      fail(describe(err as Error, target.url));
      return;
    }
    req.on('error', (err) => fail(describe(err, target.url)));
    req.end(request.body);
  });
}

function response(target: Target, res: http.IncomingMessage, body: string): OutboundResponse {
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    url: target.url.href,
    body,
    json() {
      try {
        return JSON.parse(body) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}

/** Node's socket and TLS errors in words; never includes request headers. */
function describe(err: Error & { code?: string }, url: URL): OutboundError {
  if (err instanceof OutboundError) return err;
  const code = err.code ?? '';
  const where = url.host;
  if (err.name === 'AbortError' || code === 'ABORT_ERR')
    return new OutboundError('timeout', `${where} did not answer in time.`);
  if (code === 'ERR_INVALID_CHAR' || code === 'ERR_HTTP_INVALID_HEADER_VALUE') {
    return new OutboundError(
      'invalid_request',
      'The request could not be sent: the saved credentials contain characters such as line breaks. Please enter them again.',
    );
  }
  if (code === 'ECONNREFUSED')
    return new OutboundError('unreachable', `Nothing answered at ${where} (connection refused).`);
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
    return new OutboundError('tls', `The HTTPS certificate of ${where} could not be verified (${code}).`);
  }
  return new OutboundError('unreachable', `Could not reach ${where}${code ? ` (${code})` : ''}.`);
}

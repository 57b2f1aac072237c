// Starts a handler on a random 127.0.0.1 port; shared by the API fakes in this folder. A fake that
// names the providers it speaks for is held to their published descriptions (tests/contracts/):
// a request our client sends that the description does not allow is answered 500 "contract
// violation" (the fake's handler never sees it), so is an answer of the fake's that the
// description does not allow; both are recorded, and tests/setup/contracts.ts fails the test. A
// call no description covers is listed as unverified.
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { recordChecked, recordUnverified, recordViolation } from '../contracts/record.ts';
import {
  matchOperation,
  requestProblems,
  responseProblems,
  type ContractName,
  type SeenResponse,
} from '../contracts/validate.ts';

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** The providers whose descriptions this fake's API calls are held to. */
  contracts?: readonly ContractName[];
  /** Web pages a browser visits (a hosted checkout, a site's home page), not API calls: neither checked nor listed. */
  pages?: (url: URL) => boolean;
}

export async function listen(handler: RequestListener): Promise<Listening>;
export async function listen(options: ListenOptions, handler: RequestListener): Promise<Listening>;
export async function listen(first: RequestListener | ListenOptions, second?: RequestListener): Promise<Listening> {
  const [options, handler] = typeof first === 'function' ? [{}, first] : [first, second!];
  const server = createServer(options.contracts?.length ? checked(handler, options) : listed(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fake with no description: its calls are listed as unverified. */
function listed(handler: RequestListener): RequestListener {
  return (req, res) => {
    recordUnverified(req.method ?? 'GET', new URL(req.url ?? '/', 'http://fake').pathname, 'no description');
    return handler(req, res);
  };
}

/** The request again, its body already read, for the fake's own handler. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const again = Readable.from(body.length ? [body] : []);
  return Object.assign(again, {
    method: req.method,
    url: req.url,
    headers: req.headers,
    rawHeaders: req.rawHeaders,
    httpVersion: req.httpVersion,
    socket: req.socket,
  }) as unknown as IncomingMessage;
}

function refuse(res: ServerResponse, problems: string[]) {
  res.writeHead(500, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: `contract violation: ${problems.join('; ')}` }));
}

/** Holds the fake's answer until it is complete, checks it, then sends it (or the violation). */
function holdAnswer(res: ServerResponse, check: (answer: SeenResponse) => string[]) {
  const writeHead = res.writeHead.bind(res);
  const end = res.end.bind(res);
  const write = res.write.bind(res);
  const chunks: Buffer[] = [];
  let status: number | undefined;
  const headers: Record<string, string> = {};
  const take = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    status = code;
    const given = rest.find((r) => r && typeof r === 'object') as Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(given ?? {})) headers[k.toLowerCase()] = String(v);
    return res;
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown) => {
    take(chunk);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown) => {
    take(chunk);
    const body = Buffer.concat(chunks);
    for (const [k, v] of Object.entries(res.getHeaders())) headers[k] ??= String(v);
    const answer = { status: status ?? res.statusCode, headers, body };
    const problems = check(answer);
    if (problems.length) {
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      Object.assign(res, { writeHead, end, write });
      refuse(res, problems);
      return res;
    }
    writeHead(answer.status, headers);
    end(body);
    return res;
  }) as typeof res.end;
}

function checked(handler: RequestListener, options: ListenOptions): RequestListener {
  const contracts = options.contracts ?? [];
  return (req, res) =>
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      if (options.pages?.(url)) return handler(replay(req, body), res);
      const matched = matchOperation(contracts, method, url);
      if (!matched) {
        recordUnverified(method, url.pathname, contracts.join('/'));
        return handler(replay(req, body), res);
      }
      const { operation, path, query } = matched;
      recordChecked(operation.provider, method, operation.template);
      const call = `${method} ${path} (${operation.template})`;
      const seen = { method, path, query, headers: req.headers, body };
      const asked = await requestProblems(operation, seen);
      if (asked.length) {
        recordViolation({ provider: operation.provider, call: `request ${call}`, problems: asked });
        return refuse(res, asked);
      }
      holdAnswer(res, (answer) => {
        const problems = responseProblems(operation, answer);
        if (problems.length) recordViolation({ provider: operation.provider, call: `answer to ${call}`, problems });
        return problems;
      });
      return handler(replay(req, body), res);
    })().catch((err: unknown) => {
      recordViolation({ provider: contracts.join('/'), call: `${req.method} ${req.url}`, problems: [String(err)] });
      if (!res.headersSent) refuse(res, [String(err)]);
    });
}

/** The user and password of a Basic Authorization header, or null. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const m = /^Basic (.+)$/i.exec(header ?? '');
  if (!m?.[1]) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const i = text.indexOf(':');
  return i < 0 ? null : { user: text.slice(0, i), password: text.slice(i + 1) };
}

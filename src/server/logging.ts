import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What our logs may say (security review, finding 7). Errors are logged by kind, SQLSTATE,
 * constraint and which query — never a failed query's text with its bound parameters (a
 * password hash was seen there) nor a database error's `detail` (it quotes the row). Request
 * URLs are logged with the tokens of mailed links, shared images, short links and OAuth / OpenID
 * Connect callbacks masked.
 */
const MASK = '***';
/**
 * Paths whose rest is a secret: links in account mail (reset, verification, invitation — that
 * one alone lets someone join the business), the unguessable address of a shared social image,
 * and tracked short links. Matched as the router would see them: any case, repeated slashes,
 * percent-encoded letters.
 */
const TOKEN_PATH = /^(\/+(?:reset-password|verify-email|invite|r|api\/+social\/+images)\/+)[^/]/i;
/** Query parameters that carry a secret (OpenID Connect callback, links). */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'id_token', 'access_token']);

export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  const prefix = TOKEN_PATH.exec(decoded(path))?.[1];
  if (prefix) path = `${prefix}${MASK}`;
  if (!query) return path;
  const masked = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAMS.has(name.toLowerCase()) ? `${name}=${MASK}` : pair;
    })
    .join('&');
  return `${path}?${masked}`;
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** "select leads", "insert users": the statement's verb and first table, to tell queries apart. */
export function queryName(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  const head = query.slice(0, 300);
  const verb = /^\s*(\w+)/.exec(head)?.[1]?.toLowerCase();
  const table = /\b(?:from|into|update)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i.exec(head)?.[1];
  return verb ? [verb, table].filter(Boolean).join(' ') : undefined;
}

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  constraint?: string;
  table?: string;
  column?: string;
  query?: string;
  cause?: LoggedError;
};

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The stack's frames only: the first lines repeat the message, which may quote the query. */
function frames(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  const at = stack.indexOf('\n    at ');
  return at === -1 ? '' : stack.slice(at + 1);
}

export function safeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err).slice(0, 200), stack: '' };
  const e = err as Error & Record<string, unknown>;
  const isQuery = 'query' in e || 'params' in e;
  const isDriver = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && ('severity' in e || 'routine' in e);
  const out: LoggedError = {
    type: e.name,
    // A driver error's message names the problem without values; a query error's would quote the query.
    // A driver's message may quote the refused value ('invalid input syntax for type integer: "…"').
    message: isQuery ? 'database query failed' : isDriver ? e.message.replace(/"[^"]*"/g, '"…"') : e.message,
    stack: frames(e.stack),
  };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (isDriver) {
    const constraint = str(e.constraint);
    const table = str(e.table);
    const column = str(e.column);
    if (constraint) out.constraint = constraint;
    if (table) out.table = table;
    if (column) out.column = column;
  }
  const query = isQuery ? queryName(e.query) : undefined;
  if (query) out.query = query;
  if (e.cause !== undefined && depth < 3) {
    const cause = safeError(e.cause, depth + 1);
    out.cause = cause;
    // Lift the driver's SQLSTATE and constraint to the top, where one looks first.
    out.code ??= cause.code;
    if (cause.constraint) out.constraint ??= cause.constraint;
  }
  return out;
}

function safeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Logger options with our serializers added (tests may pass their own stream or level). */
export function loggerOptions(
  given: FastifyServerOptions['logger'] | undefined,
  level: string,
): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const base = given === undefined || given === true ? { level } : given;
  return {
    ...base,
    serializers: { req: safeRequest, err: (err: Error) => safeError(err), ...(base.serializers ?? {}) },
  };
}

// Holds a fake's traffic to the provider's published description (an OpenAPI 3.0 document in this
// folder): the request our client sent (operation, auth scheme, required query, header and body
// fields, content type) and the answer the fake gave (a documented status, its content type, its
// body schema, required headers). Schemas are checked with zod's JSON Schema reader (OpenAPI 3.0
// dialect), zod being the project's validator; refs are read from components.schemas.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const PROVIDERS = [
  'x',
  'linkedin',
  'meta',
  'twilio',
  'ga4',
  'places',
  'search-console',
  'business-profile',
  'wordpress',
  'godaddy',
  'stripe',
] as const;
export type ContractName = (typeof PROVIDERS)[number];

type Json = Record<string, unknown>;
type Schema = Json;

interface Doc {
  name: ContractName;
  json: Json;
  ops: Operation[];
}

export interface Operation {
  provider: ContractName;
  method: string;
  template: string;
  regex: RegExp;
  literals: number;
  op: Json;
  pathItem: Json;
  doc: Doc;
}

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface SeenResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const docs = new Map<ContractName, Doc>();

function load(name: ContractName): Doc {
  const cached = docs.get(name);
  if (cached) return cached;
  const json = JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), 'utf8')) as Json;
  const doc: Doc = { name, json, ops: [] };
  for (const [template, item] of Object.entries(json.paths as Record<string, Json>)) {
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const pattern = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '([^/]+?)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('');
      const literals = template.split('/').filter((s) => s && !s.includes('{')).length;
      doc.ops.push({
        provider: name,
        method: method.toUpperCase(),
        template,
        regex: new RegExp(`^${pattern}$`),
        literals,
        op,
        pathItem: item,
        doc,
      });
    }
  }
  docs.set(name, doc);
  return doc;
}

export interface Call {
  operation: Operation;
  /** The path and query as the description reads them (WordPress's ?rest_route= is its /wp-json path). */
  path: string;
  query: URLSearchParams;
}

/** The described operation a call is, among the providers a fake speaks for (most literal path wins). */
export function matchOperation(providers: readonly ContractName[], method: string, url: URL): Call | null {
  const found = providers
    .flatMap((p) => {
      const doc = load(p);
      const route = doc.json['x-route-query'] as { param: string; prefix: string } | undefined;
      const routed = route && url.pathname === '/' ? url.searchParams.get(route.param) : null;
      const query = new URLSearchParams(url.searchParams);
      if (routed !== null && route) query.delete(route.param);
      const path = routed !== null && route ? `${route.prefix}${routed}` : url.pathname;
      return doc.ops
        .filter((o) => o.method === method && o.regex.test(path))
        .map((operation) => ({ operation, path, query }));
    })
    .sort((a, b) => b.operation.literals - a.operation.literals);
  return found[0] ?? null;
}

const deref = (doc: Doc, value: unknown): Json => {
  let v = value as Json;
  while (v && typeof v.$ref === 'string') {
    v = (v.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Json>((node, key) => node[key] as Json, doc.json);
  }
  return v;
};

const compiled = new Map<string, z.ZodType>();

/** A zod validator for an OpenAPI schema of `doc` (compiled once). */
function validator(doc: Doc, schema: Schema): z.ZodType {
  const key = `${doc.name}:${JSON.stringify(schema)}`;
  let v = compiled.get(key);
  if (!v) {
    const text = JSON.stringify({ ...schema, definitions: (doc.json.components as Json | undefined)?.schemas ?? {} });
    const root = JSON.parse(text.replaceAll('"#/components/schemas/', '"#/definitions/')) as Parameters<
      typeof z.fromJSONSchema
    >[0];
    v = z.fromJSONSchema(root, { defaultTarget: 'openapi-3.0' });
    compiled.set(key, v);
  }
  return v;
}

function schemaProblems(doc: Doc, schema: Schema, value: unknown, where: string): string[] {
  const result = validator(doc, schema).safeParse(value);
  if (result.success) return [];
  return result.error.issues
    .slice(0, 8)
    .map((i) => `${where}${i.path.length ? `.${i.path.join('.')}` : ''}: ${i.message}`);
}

/** `line_items[0][price]` is the parameter `line_items` where the provider brackets its names (Stripe). */
const fold = (doc: Doc, name: string) => (doc.json['x-form-brackets'] ? name.replace(/\[.*$/, '') : name);

const mediaType = (value: string | undefined) => (value ?? '').split(';')[0]!.trim().toLowerCase();

function header(headers: SeenRequest['headers'], name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Whether the request carries one security scheme as described. */
function schemeMet(doc: Doc, name: string, req: SeenRequest): boolean {
  const scheme = deref(doc, ((doc.json.components as Json).securitySchemes as Json)[name]);
  const auth = header(req.headers, 'authorization') ?? '';
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return /^Bearer \S+/.test(auth);
  if (scheme.type === 'http') {
    const expected = String(scheme.scheme).toLowerCase();
    return auth.toLowerCase().startsWith(`${expected} `) && auth.length > expected.length + 1;
  }
  if (scheme.type === 'apiKey') {
    const value = scheme.in === 'query' ? req.query.get(String(scheme.name)) : header(req.headers, String(scheme.name));
    const prefix = typeof scheme['x-prefix'] === 'string' ? scheme['x-prefix'] : '';
    return Boolean(value) && value!.startsWith(prefix);
  }
  return false;
}

function securityProblems(o: Operation, req: SeenRequest): string[] {
  const requirements = (o.op.security ?? o.doc.json.security) as Json[] | undefined;
  if (!requirements?.length) return [];
  const met = requirements.some((r) => Object.keys(r).every((name) => schemeMet(o.doc, name, req)));
  if (met) return [];
  const wanted = requirements.map((r) => Object.keys(r).join(' + ') || 'none').join(' or ');
  return [`auth: the request carries none of the described schemes (${wanted})`];
}

/** A query value as the parameter's schema reads it (explode=false arrays are comma lists). */
function queryValue(schema: Json, raw: string[]): unknown {
  const scalar = (s: Json | undefined, v: string): unknown =>
    s?.type === 'integer' || s?.type === 'number'
      ? /^-?\d+(\.\d+)?$/.test(v)
        ? Number(v)
        : v
      : s?.type === 'boolean'
        ? v === 'true'
          ? true
          : v === 'false'
            ? false
            : v
        : v;
  if (schema.type === 'array') {
    const items = schema.items as Json | undefined;
    return raw.flatMap((v) => v.split(',')).map((v) => scalar(items, v));
  }
  return scalar(schema, raw[0] ?? '');
}

function parameterProblems(o: Operation, req: SeenRequest): string[] {
  const params = [...((o.pathItem.parameters as Json[]) ?? []), ...((o.op.parameters as Json[]) ?? [])].map((p) =>
    deref(o.doc, p),
  );
  const problems: string[] = [];
  const known = new Set<string>();
  for (const p of params) {
    const name = String(p.name);
    if (p.in === 'query') {
      known.add(name);
      const raw = [...req.query].filter(([k]) => fold(o.doc, k) === name).map(([, v]) => v);
      if (!raw.length) {
        if (p.required) problems.push(`query: required parameter ${name} is missing`);
        continue;
      }
      if (p.schema)
        problems.push(
          ...schemaProblems(o.doc, deref(o.doc, p.schema), queryValue(deref(o.doc, p.schema), raw), `query ${name}`),
        );
    } else if (p.in === 'header' && p.required && header(req.headers, name) === undefined) {
      problems.push(`header: required ${name} is missing`);
    }
  }
  // Parameters any operation of the provider takes (Graph's fields/limit/since, an API key in the query).
  for (const extra of (o.doc.json['x-common-query'] as string[] | undefined) ?? []) known.add(extra);
  for (const name of new Set([...req.query.keys()].map((k) => fold(o.doc, k))))
    if (!known.has(name)) problems.push(`query: ${name} is not a parameter of this operation`);
  return problems;
}

/** The body as a flat object: JSON as it is; a form's fields (repeated names become lists; files are "<binary>"). */
async function parseBody(doc: Doc, type: string, req: SeenRequest): Promise<unknown> {
  const text = req.body.toString('utf8');
  if (type === 'application/json' || type.endsWith('+json')) return JSON.parse(text) as unknown;
  const out: Record<string, unknown> = {};
  const add = (k: string, v: unknown) => {
    out[k] = k in out ? [out[k], v].flat() : v;
  };
  if (type === 'application/x-www-form-urlencoded')
    for (const [k, v] of new URLSearchParams(text)) add(fold(doc, k), v);
  else if (type === 'multipart/form-data') {
    const form = await new Response(new Uint8Array(req.body), {
      headers: { 'content-type': header(req.headers, 'content-type') ?? '' },
    }).formData();
    for (const [k, v] of form) add(k, typeof v === 'string' ? v : '<binary>');
  } else return text;
  return out;
}

/** A form's fields are strings on the wire: checked for presence, names and enum values, not JSON types. */
function formProblems(doc: Doc, schema: Json, body: Record<string, unknown>): string[] {
  const s = deref(doc, schema);
  const props = (s.properties as Record<string, Json> | undefined) ?? {};
  const problems = ((s.required as string[] | undefined) ?? [])
    .filter((k) => !(k in body))
    .map((k) => `body: required field ${k} is missing`);
  const open = s.additionalProperties !== false && !Object.keys(props).length;
  for (const [k, v] of Object.entries(body)) {
    const prop = props[k] ? deref(doc, props[k]) : undefined;
    if (!prop) {
      if (!open) problems.push(`body: ${k} is not a field of this operation`);
      continue;
    }
    const items = prop.items ? deref(doc, prop.items) : undefined;
    const e = (prop.enum ?? items?.enum) as unknown[] | undefined;
    for (const one of [v].flat())
      if (e && !e.includes(one)) problems.push(`body: ${k} = ${String(one)} is not one of ${e.join(', ')}`);
  }
  return problems;
}

async function bodyProblems(o: Operation, req: SeenRequest): Promise<string[]> {
  const rb = o.op.requestBody ? deref(o.doc, o.op.requestBody) : undefined;
  if (!req.body.length) return rb?.required ? ['body: required request body is missing'] : [];
  if (!rb) return o.method === 'GET' ? ['body: a GET with a body'] : [];
  const content = rb.content as Record<string, Json>;
  const type = mediaType(header(req.headers, 'content-type'));
  const described = content[type] ?? content['*/*'];
  if (!described) return [`content-type: ${type || 'none'} is not one of ${Object.keys(content).join(', ')}`];
  if (!described.schema) return [];
  let body: unknown;
  try {
    body = await parseBody(o.doc, type, req);
  } catch {
    return [`body: not valid ${type}`];
  }
  const schema = deref(o.doc, described.schema);
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data')
    return formProblems(o.doc, schema, body as Record<string, unknown>);
  return schemaProblems(o.doc, schema, body, 'body');
}

export async function requestProblems(o: Operation, req: SeenRequest): Promise<string[]> {
  return [...securityProblems(o, req), ...parameterProblems(o, req), ...(await bodyProblems(o, req))];
}

export function responseProblems(o: Operation, res: SeenResponse): string[] {
  const responses = o.op.responses as Record<string, Json>;
  const key = [String(res.status), `${String(res.status)[0]}XX`, 'default'].find((k) => responses[k]);
  if (!key) return [`status ${res.status} is not a documented answer (${Object.keys(responses).join(', ')})`];
  const described = deref(o.doc, responses[key]);
  const problems: string[] = [];
  for (const [name, h] of Object.entries((described.headers as Record<string, Json> | undefined) ?? {}))
    if (deref(o.doc, h).required && res.headers[name.toLowerCase()] === undefined)
      problems.push(`answer ${res.status}: required header ${name} is missing`);
  const content = described.content as Record<string, Json> | undefined;
  if (!content)
    return res.body.length ? [...problems, `answer ${res.status}: a body where none is described`] : problems;
  const type = mediaType(res.headers['content-type']);
  const entry = content[type];
  if (!entry)
    return [
      ...problems,
      `answer ${res.status}: content-type ${type || 'none'} is not one of ${Object.keys(content).join(', ')}`,
    ];
  if (!entry.schema) return problems;
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString('utf8')) as unknown;
  } catch {
    return [...problems, `answer ${res.status}: body is not JSON`];
  }
  return [...problems, ...schemaProblems(o.doc, deref(o.doc, entry.schema), body, `answer ${res.status}`)];
}

/** Compiles every request and answer schema of a description (a schema zod cannot read throws). */
export function compileAll(name: ContractName): number {
  let count = 0;
  for (const o of load(name).ops) {
    const bodies = [o.op.requestBody, ...Object.values(o.op.responses as Json)].map((b) => (b ? deref(o.doc, b) : {}));
    for (const b of bodies)
      for (const entry of Object.values((b.content as Record<string, Json> | undefined) ?? {}))
        if (entry.schema) {
          validator(o.doc, deref(o.doc, entry.schema));
          count++;
        }
  }
  return count;
}

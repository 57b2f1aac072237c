// Regenerates the extracted provider descriptions in this folder from the published originals in
// ../shared/contracts (or the folder given as the first argument): only the operations our
// clients call and the schemas, parameters and security schemes they reference, nothing else.
//   node --import tsx tests/contracts/extract.ts [../shared/contracts]
// The hand-written descriptions (providers with no machine-readable one) are not touched.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { metaContract } from './extract-meta.ts';
import { stripeContract } from './extract-stripe.ts';

type Json = Record<string, unknown>;
const here = new URL('.', import.meta.url).pathname;
const source = process.argv[2] ?? join(here, '../../../shared/contracts');
const read = (file: string) => JSON.parse(readFileSync(join(source, file), 'utf8')) as Json;

/** The local $refs (#/components/…) reachable from `value`, followed transitively through `doc`. */
function reachable(doc: Json, value: unknown, seen = new Set<string>()): Set<string> {
  const visit = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    const ref = (v as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && !seen.has(ref)) {
      seen.add(ref);
      visit(
        ref
          .slice(2)
          .split('/')
          .reduce<unknown>((node, key) => (node as Json)[key], doc),
      );
    }
    Object.values(v).forEach(visit);
  };
  visit(value);
  return seen;
}

/** An OpenAPI document cut down to `operations` ([path, method]) and what they reference. */
function extractOpenApi(doc: Json, operations: [string, string][], info: Json): Json {
  const paths: Record<string, Json> = {};
  for (const [path, method] of operations) {
    const op = ((doc.paths as Json)[path] as Json | undefined)?.[method];
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the source description`);
    paths[path] = { ...paths[path], [method]: op };
  }
  const components: Record<string, Json> = {};
  for (const ref of reachable(doc, paths)) {
    const [, , kind, name] = ref.split('/');
    const from = (doc.components as Record<string, Json>)[kind!]!;
    components[kind!] = { ...components[kind!], [name!]: from[name!] };
  }
  components.securitySchemes = (doc.components as Json).securitySchemes as Json;
  const sorted = Object.fromEntries(
    Object.entries(components).map(([k, v]) => [k, Object.fromEntries(Object.entries(v).sort())]),
  );
  return {
    openapi: doc.openapi,
    info: { title: (doc.info as Json).title, version: (doc.info as Json).version, ...info },
    ...(doc.security ? { security: doc.security } : {}),
    paths,
    components: sorted,
  };
}

/** Drops `description`/`examples`/`x-twilio` annotations: they are most of the bytes and validate nothing. */
function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !['description', 'examples', 'example', 'x-twilio', 'summary', 'externalDocs'].includes(k))
      .map(([k, v]) => [
        k,
        k === 'properties' ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, strip(s)])) : strip(v),
      ]),
  );
}

/** Written as prettier formats it, so a regeneration shows only real changes. */
const write = async (file: string, doc: unknown) => {
  const path = join(here, file);
  const text = await format(JSON.stringify(doc), { ...(await resolveConfig(path)), filepath: path });
  writeFileSync(path, text);
  console.log(`${file}: ${text.length} bytes`);
};

const x = extractOpenApi(
  read('x-openapi-latest.json'),
  [
    ['/2/tweets', 'post'],
    ['/2/tweets', 'get'],
    ['/2/users/{id}/tweets', 'get'],
    ['/2/users/me', 'get'],
    ['/2/media/upload', 'post'],
  ],
  {
    'x-source':
      'github.com/xdevplatform/xdk latest-openapi.json @ 84c26540df30c0b798e50e34151c56d5d262ba1c (2026-07-25)',
  },
);
// The two published documents disagree on the upload's answer: 2.159 requires a `meta` it does not
// define, 2.167 (specs/openapi.json, same commit) and docs.x.com's example answer `{data}` only.
const xNext = read('x-openapi-specs.json');
const schemas = (x.components as Record<string, Json>).schemas!;
schemas.MediaUploadResponse = {
  ...((xNext.components as Record<string, Json>).schemas!.MediaUploadResponse as Json),
  'x-source': 'specs/openapi.json (2.167), same commit',
};
for (const ref of reachable(xNext, schemas.MediaUploadResponse)) {
  const name = ref.split('/').pop()!;
  if (name !== 'Problem') schemas[name] = (xNext.components as Record<string, Record<string, Json>>).schemas![name]!;
}
// Rate limits: the description has no 429; docs.x.com/x-api/fundamentals/rate-limits documents
// the answer (a problem) and its x-rate-limit-* headers (reset in unix seconds, no Retry-After).
const rateLimited = {
  'x-source': 'https://docs.x.com/x-api/fundamentals/rate-limits',
  headers: Object.fromEntries(
    ['x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-reset'].map((h) => [
      h,
      { required: true, schema: { type: 'integer' } },
    ]),
  ),
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};
for (const item of Object.values(x.paths as Record<string, Record<string, Json>>))
  for (const op of Object.values(item)) (op.responses as Json)['429'] = rateLimited;
await write('x.json', strip(x));

const twilio = extractOpenApi(
  read('twilio_api_v2010.json'),
  [
    ['/2010-04-01/Accounts/{Sid}.json', 'get'],
    ['/2010-04-01/Accounts/{AccountSid}/Messages.json', 'post'],
  ],
  {
    'x-source':
      'github.com/twilio/twilio-oai spec/json/twilio_api_v2010.json @ d50069b44ea8cd23141385bdb6db48f16ff75bb5 (2026-04-14)',
  },
);
// The description lists success answers only; every error is Twilio's RestException
// (https://www.twilio.com/docs/usage/twilios-response, "Twilio's error response").
(twilio.components as Record<string, Json>).schemas!.RestException = {
  'x-source': 'https://www.twilio.com/docs/usage/twilios-response',
  type: 'object',
  required: ['code', 'message', 'more_info', 'status'],
  properties: {
    code: { type: 'integer' },
    message: { type: 'string' },
    more_info: { type: 'string' },
    status: { type: 'integer' },
  },
};
for (const item of Object.values(twilio.paths as Record<string, Record<string, Json>>))
  for (const op of Object.values(item))
    if (typeof op === 'object' && op.responses)
      (op.responses as Json).default = {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/RestException' } } },
      };
await write('twilio.json', strip(twilio));

await write(
  'meta.json',
  metaContract(
    read,
    'github.com/facebook/facebook-business-sdk-codegen api_specs/specs/{Page,PagePost,Photo,IGUser,IGMedia,User}.json @ ad2b0b6fdfbe4d73ed0754cb4562ef20b72b40d4 (2026-04-15)',
  ),
);

await write('stripe.json', stripeContract(join(here, '../../node_modules/stripe')));

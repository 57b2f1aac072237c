// Every route in the OpenAPI document, hit with generated requests (boundary values, wrong types,
// huge strings, NUL, lone surrogates, deep JSON, bad cursors and ids) as a visitor and as each
// role. No answer may be a 5xx, every 4xx says why in a readable `message`, and every answer is one
// the document describes for that operation (status, type and body schema). Seeded: a failure
// prints the seed and the request, so it can be replayed (FUZZ_SEED=… npm test -- tests/api/fuzz).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberOf, signUp } from '../setup/accounts.ts';
import { useTestApp } from '../setup/test-app.ts';
import {
  fillPath,
  operationsOf,
  outsideDescription,
  sampleOf,
  type JsonSchema,
  type Operation,
} from './openapi-kit.ts';

const t = useTestApp();
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const REQUESTS = 10_000;

// Calls that leave the machine (a provider's or registrar's API) or end the caller's own session
// are not fuzzed here; their input checks are covered by their own tests.
const SKIP = [
  /\/test$/,
  /^\/api\/registrar\//,
  /\/connections\/\{provider\}\/(start|check|accounts|select)$/,
  /\/logout$/,
];

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'Pat\u0000Lee',
  'a\uD83Db',
  '\uDE00',
  'x'.repeat(70_000),
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '2026-02-30T25:61:00Z',
  '0000-00-00',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'bm90LWEtY3Vyc29y',
  'MjAyNi0wMi0zMFQyNTo2MTowMHwxMjM',
  '__proto__',
  'constructor',
);
const text = fc.oneof(nasty, fc.string(), fc.string({ unit: 'binary' }), fc.string({ maxLength: 400 }));
const deep = fc.integer({ min: 50, max: 3000 }).map((depth) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
});
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 5 }),
  fc.dictionary(text, text, { maxKeys: 4 }),
  deep,
);

/** A value for one field: usually near its schema (so later checks run too), sometimes anything. */
function fieldValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(fc.constant(sampleOf(schema, '00000000-0000-4000-8000-000000000000')), text, anyValue);
}

function bodyFor(op: Operation): fc.Arbitrary<unknown> {
  const props = op.body?.properties;
  if (!props) return fc.oneof(fc.constant(undefined), anyValue);
  const fields = Object.fromEntries(
    Object.entries(props).map(([k, s]) => [k, fc.option(fieldValue(s), { nil: undefined })]),
  );
  return fc.oneof({ weight: 4, arbitrary: fc.record(fields) }, { weight: 1, arbitrary: anyValue });
}

function requestFor(op: Operation) {
  return fc.record({
    params: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, fc.oneof(text, fc.uuid())]))),
    query: fc.record(Object.fromEntries(Object.keys(op.query).map((q) => [q, fc.option(text, { nil: undefined })]))),
    body: bodyFor(op),
    as: fc.constantFrom('visitor', 'user', 'manager', 'admin') as fc.Arbitrary<Who>,
  });
}

type Who = 'visitor' | 'user' | 'manager' | 'admin';
const cookies: Record<Who, string> = { visitor: '', user: '', manager: '', admin: '' };

beforeAll(async () => {
  const owner = await signUp(t.app);
  cookies.admin = owner.cookie;
  cookies.manager = (await memberOf(t.app, t.database.db, owner, 'manager')).cookie;
  cookies.user = (await memberOf(t.app, t.database.db, owner, 'user')).cookie;
});

describe('fuzz: every route in the OpenAPI document', () => {
  it(`answers ${REQUESTS} generated requests with no 5xx, a readable message on every 4xx and nothing the document does not describe`, async () => {
    const described = await operationsOf(t.app);
    const ops = described.filter((op) => !SKIP.some((re) => re.test(op.path)));
    expect(ops.length).toBeGreaterThan(50);
    const perOp = Math.ceil(REQUESTS / ops.length);
    const failures: string[] = [];
    let sent = 0;
    let outside = 0;
    for (const [i, op] of ops.entries()) {
      const samples = fc.sample(requestFor(op), { numRuns: perOp, seed: SEED + i });
      for (const req of samples) {
        const query = new URLSearchParams(
          Object.entries(req.query).filter((e): e is [string, string] => typeof e[1] === 'string'),
        ).toString();
        const url = fillPath(op.path, req.params as Record<string, string>) + (query ? `?${query}` : '');
        const hasBody = op.method !== 'GET' && op.method !== 'DELETE' && req.body !== undefined;
        const res = await t.app.inject({
          method: op.method as 'GET',
          url,
          headers: {
            ...(cookies[req.as] ? { cookie: cookies[req.as] } : {}),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: JSON.stringify(req.body) } : {}),
        });
        sent++;
        let body: { message?: unknown } = {};
        try {
          body = res.json<{ message?: unknown } | null>() ?? {};
        } catch {
          // not JSON: no message
        }
        const readable = typeof body.message === 'string' && body.message.trim().length > 0;
        const off = outsideDescription(op, res);
        if (off) outside++;
        if (res.statusCode >= 500 || (res.statusCode >= 400 && !readable) || off) {
          failures.push(
            `${res.statusCode} ${op.method} ${url.slice(0, 200)} as ${req.as} (seed ${SEED + i}): ${off ?? ''} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    console.log(
      `fuzz: ${sent} requests over ${ops.length} of ${described.length} described operations (seed ${SEED}), ` +
        `${outside} answers outside the description, ${failures.length} failures`,
    );
    const distinct = [...new Set(failures.map((f) => f.split(' as ')[0]!.split('?')[0]))];
    expect({ distinct, first: failures.slice(0, 5) }).toEqual({ distinct: [], first: [] });
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
  }, 600_000);
});

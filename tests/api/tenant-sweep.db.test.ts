// Tenant isolation, swept over the OpenAPI document: for every operation that takes an id, or
// answers tenant data, a member of business B — as user, manager and admin — tries business A's
// ids and lists. B never reads A's data (no A id or name in any answer) and never changes it (A's
// rows in every tenant table are the same before and after). New routes are covered as they come.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { memberOf, signUp, verifyEmail, type SignedUp } from '../setup/accounts.ts';
import { tenantIdOf } from '../setup/tenant-rows.ts';
import { useTestApp } from '../setup/test-app.ts';
import { fillPath, operationsOf, sampleOf, type Operation } from './openapi-kit.ts';

const t = useTestApp();
const ROLES = ['user', 'manager', 'admin'] as const;
// Calls that leave the machine are swept for reads only by their own tests.
const SKIP = [/\/test$/, /^\/api\/registrar\//, /\/connections\/\{provider\}\/(start|check)$/, /\/logout$/];

let a: SignedUp;
let tenantA: string;
const b: Record<(typeof ROLES)[number], SignedUp> = {} as never;
const A_NAME = 'Zebra Quartz Plumbing';
const A_LEAD = 'Quillon Abernathy-Vex';

async function tenantTables(): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'tenant_id' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** Every row of A in every tenant table, as text, to compare before and after. */
async function snapshotOfA(tables: string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select * from ${sql.identifier(table)} where tenant_id = ${tenantA} order by 1`,
    );
    parts.push(`${table}:${JSON.stringify(rows)}`);
  }
  return parts.join('\n');
}

async function idsOfA(tables: string[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const table of tables) {
    const cols = await queryRows<{ column_name: string }>(
      t.database.db,
      sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table} and column_name = 'id'`,
    );
    if (!cols.length) continue;
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id::text as id from ${sql.identifier(table)} where tenant_id = ${tenantA}`,
    );
    for (const r of rows) ids.add(r.id);
  }
  return [...ids];
}

beforeAll(async () => {
  a = await signUp(t.app, { businessName: A_NAME });
  await verifyEmail(t.database.db, a); // inviting people needs a verified address
  tenantA = await tenantIdOf(t.database.db, a.userId);
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: a.cookie }, payload });
  const lead = await call('POST', '/api/leads', {
    name: A_LEAD,
    service: 'Repipe',
    location: 'Tacoma',
    phone: '2065550100',
  });
  expect(lead.statusCode).toBe(201);
  expect((await call('POST', '/api/tasks', { title: `Call ${A_LEAD}`, leadId: lead.json().id })).statusCode).toBe(201);
  await call('PUT', '/api/settings/business', { businessName: A_NAME, businessPhone: '2065550100' });
  // An invitation pending before the seats fill up (the Free plan has two).
  const invited = await call('POST', '/api/team/invitations', { email: 'quillon-invitee@example.com', role: 'user' });
  expect(invited.statusCode, invited.body).toBe(201);
  await memberOf(t.app, t.database.db, a, 'manager');
  const owner = await signUp(t.app, { businessName: 'Other Business' });
  b.admin = owner;
  b.manager = await memberOf(t.app, t.database.db, owner, 'manager');
  b.user = await memberOf(t.app, t.database.db, owner, 'user');
});

describe("tenant sweep: business B against business A's ids and lists", () => {
  it('reads nothing of A and changes nothing of A, on every operation, as every role', async () => {
    const tables = await tenantTables();
    const ids = await idsOfA(tables);
    expect(ids.length).toBeGreaterThan(5);
    const before = await snapshotOfA(tables);
    const ops = (await operationsOf(t.app)).filter(
      (op: Operation) => op.role !== 'public' && !SKIP.some((re) => re.test(op.path)),
    );
    const leaks: string[] = [];
    let checks = 0;
    for (const op of ops) {
      for (const role of ROLES) {
        const targets = op.pathParams.length ? ids : [ids[0]!];
        for (const id of targets) {
          const url = fillPath(op.path, Object.fromEntries(op.pathParams.map((p) => [p, id])));
          const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : sampleOf(op.body, id);
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers: { cookie: b[role].cookie },
            ...(body !== undefined ? { payload: body as object } : {}),
          });
          checks++;
          const text = res.body;
          const leaked = [A_NAME, A_LEAD, tenantA, ...ids].find((s) => text.includes(s));
          if (leaked && res.statusCode < 400)
            leaks.push(`${op.method} ${url} as ${role}: ${res.statusCode} shows ${leaked}`);
          if (res.statusCode >= 500) leaks.push(`${op.method} ${url} as ${role}: ${res.statusCode}`);
        }
      }
    }
    console.log(
      `tenant sweep: ${ops.length} operations × ${ROLES.length} roles, ${checks} requests, ${leaks.length} leaks`,
    );
    expect(leaks).toEqual([]);
    expect(await snapshotOfA(tables)).toBe(before);
  }, 300_000);
});

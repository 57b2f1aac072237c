// Tenant isolation, swept over the OpenAPI document: for every operation that takes an id, or
// answers tenant data, a member of business B — as user, manager and admin — tries business A's
// ids and lists. B never reads A's data (no A id or name in any answer) and never changes it (A's
// rows in every tenant table are the same before and after); an operation given one of A's ids in
// its path answers 404 (403 first when the role is too low), as for an id that does not exist; and
// every answer is one the document describes. A holds a lead, a task, an invitation, reviews, a
// reply template and a review request. New routes are covered as they come.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { memberOf, signUp, verifyEmail, type SignedUp } from '../setup/accounts.ts';
import { insertTenantRows, tenantIdOf } from '../setup/tenant-rows.ts';
import { useTestApp } from '../setup/test-app.ts';
import { hasRole } from '#server/auth-context.ts';
import { twilioSignature } from '#server/integrations/twilio/twilio-messages.ts';
import { fillPath, operationsOf, outsideDescription, sampleOf, type Operation } from './openapi-kit.ts';

const t = useTestApp();
const ROLES = ['user', 'manager', 'admin'] as const;
// Calls that leave the machine are swept for reads only by their own tests.
const SKIP = [/\/test$/, /^\/api\/registrar\//, /\/connections\/\{provider\}\/(start|check)$/, /\/logout$/];

let a: SignedUp;
let tenantA: string;
const b: Record<(typeof ROLES)[number], SignedUp> = {} as never;
const A_NAME = 'Zebra Quartz Plumbing';
const A_LEAD = 'Quillon Abernathy-Vex';

/** An operation whose path names a row by id (not a fixed word such as a provider or a section). */
function takesId(op: Operation): boolean {
  return op.pathParams.length > 0 && op.pathParams.every((p) => !op.paramSchemas[p]?.enum);
}

/** A 400 about the body's fields only: refused before the id was looked up, so it tells nothing about the row. */
function refusedBody(op: Operation, res: { statusCode: number; body: string }): boolean {
  if (res.statusCode !== 400) return false;
  const { code, fields } = JSON.parse(res.body) as { code?: string; fields?: Record<string, string> };
  return code === 'validation' && Object.keys(fields ?? {}).every((f) => !op.pathParams.includes(f));
}

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
  // Reviews (one low-star, so it could be flagged), a reply template and a review request of A's.
  await insertTenantRows(t.database.db, tenantA, {
    reviews: [
      { customerName: A_LEAD, rating: 2, content: 'Late again' },
      { customerName: 'Ines Marlowe-Quist', rating: 5, content: 'Great work' },
    ],
  });
  const template = await call('POST', '/api/reviews/templates', { name: 'Thanks', body: `Thank you, ${A_LEAD}!` });
  expect(template.statusCode, template.body).toBe(201);
  const asked = await call('POST', '/api/reviews/requests', { customerName: A_LEAD, email: 'quillon@example.com' });
  expect(asked.statusCode, asked.body).toBe(201);
  const owner = await signUp(t.app, { businessName: 'Other Business' });
  await verifyEmail(t.database.db, owner); // so B's invitation calls reach the lookup, not the verify-first 403
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
    let outside = 0;
    let idAnswers = 0;
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
          const off = outsideDescription(op, res);
          if (off) {
            outside++;
            leaks.push(`${op.method} ${url} as ${role}: outside the description: ${off}`);
          }
          if (takesId(op)) {
            idAnswers++;
            const expected = hasRole(role, op.role as 'user') ? 404 : 403;
            if (res.statusCode !== expected && !refusedBody(op, res))
              leaks.push(
                `${op.method} ${url} as ${role}: ${res.statusCode}, not ${expected}: ${res.body.slice(0, 120)}`,
              );
          }
          const text = res.body;
          const leaked = [A_NAME, A_LEAD, tenantA, ...ids].find((s) => text.includes(s));
          if (leaked && res.statusCode < 400)
            leaks.push(`${op.method} ${url} as ${role}: ${res.statusCode} shows ${leaked}`);
          if (res.statusCode >= 500) leaks.push(`${op.method} ${url} as ${role}: ${res.statusCode}`);
        }
      }
    }
    console.log(
      `tenant sweep: ${ops.length} operations × ${ROLES.length} roles, ${checks} requests (${idAnswers} with an ` +
        `id of A's in the path), ${outside} answers outside the description, ${leaks.length} leaks`,
    );
    expect(leaks).toEqual([]);
    expect(await snapshotOfA(tables)).toBe(before);
  }, 300_000);

  // Twilio's status callback is public (its signature is the credential), so the sweep above does
  // not reach it: B, signing with its own Twilio token, names A's review request.
  it("refuses B's signed Twilio callback for A's review request like one for a request that does not exist", async () => {
    const tables = await tenantTables();
    const before = await snapshotOfA(tables);
    const sms = { accountSid: 'AC' + 'b'.repeat(32), authToken: 'b-twilio-token', phoneNumber: '+12065550199' };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/sms',
      headers: { cookie: b.admin.cookie },
      payload: sms,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [request] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id::text as id from review_requests where tenant_id = ${tenantA}`,
    );
    const op = (await operationsOf(t.app)).find((o) => o.path === '/api/reviews/requests/{id}/sms-status')!;
    const params = { MessageSid: 'SM' + 'c'.repeat(32), MessageStatus: 'delivered', AccountSid: sms.accountSid };
    const answers = [];
    for (const id of [request!.id, '4f9d1c2e-8b7a-4c3d-9e1f-0a2b3c4d5e6f']) {
      const path = `/api/reviews/requests/${id}/sms-status`;
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(sms.authToken, `${t.config.appUrl}${path}`, params),
        },
        payload: new URLSearchParams(params).toString(),
      });
      expect(outsideDescription(op, res)).toBeNull();
      answers.push({ status: res.statusCode, message: res.json<{ message: string }>().message });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(403);
    expect(await snapshotOfA(tables)).toBe(before);
  });
});

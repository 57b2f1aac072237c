// Helpers shared by the leads API tests (not a test file itself).
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TLead } from '#shared/schemas/leads.ts';
import type { App } from '#server/app.ts';
import type { Db } from '#server/db/client.ts';
import { activities, leads } from '#server/db/schema/index.ts';

type Method = 'GET' | 'POST' | 'PATCH';

export function client(app: App, cookie: string) {
  const call = (method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    call,
    async create(body: Record<string, unknown> = {}): Promise<TLead> {
      const res = await call('POST', '/api/leads', {
        name: 'Pat Lee',
        service: 'Furnace repair',
        location: 'Dayton, OH',
        phone: '(937) 555-0142',
        email: 'pat@example.com',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<TLead>();
    },
  };
}

/** The activity types written about a lead, oldest first: proof of what a request wrote (or did not). */
export async function activityTypes(db: Db, leadId: string): Promise<string[]> {
  const rows = await db
    .select({ type: activities.type })
    .from(activities)
    .where(eq(activities.leadId, leadId))
    .orderBy(activities.createdAt);
  return rows.map((r) => r.type);
}

/** Moves a lead back in time (age is a scoring and qualification input). */
export async function age(db: Db, leadId: string, days: number): Promise<void> {
  await db
    .update(leads)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(leads.id, leadId));
}

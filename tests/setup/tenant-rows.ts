// Rows for one business, written straight to the database, for tests that read them back
// through the API (dashboard, Felix). Times are relative to now so "this week" stays true.
import { eq } from 'drizzle-orm';
import type { TLeadStatus } from '#shared/schemas/leads.ts';
import type { Db } from '#server/db/client.ts';
import {
  activities,
  leads,
  memberships,
  reviews,
  socialMediaAnalytics,
  socialPosts,
  tasks,
} from '#server/db/schema/index.ts';

const HOUR = 3_600_000;
export const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);
export const daysAgo = (d: number) => hoursAgo(d * 24);

export async function tenantIdOf(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ tenantId: memberships.tenantId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  if (!row) throw new Error(`no membership for ${userId}`);
  return row.tenantId;
}

type LeadRow = { name: string; status?: TLeadStatus; createdAt: Date; lastContactedAt?: Date; phone?: string };
type ReviewRow = { customerName: string; rating: number; responseStatus?: string; content?: string };
type PostRow = { status: string; scheduledFor: Date; analytics?: { likes: number; shares: number; comments: number } };
type TaskRow = { title: string; status?: string; dueAt?: Date };

export interface TenantRows {
  leads?: LeadRow[];
  reviews?: ReviewRow[];
  posts?: PostRow[];
  tasks?: TaskRow[];
  activities?: { title: string; createdAt: Date }[];
}

export async function insertTenantRows(db: Db, tenantId: string, rows: TenantRows): Promise<void> {
  for (const l of rows.leads ?? []) {
    await db
      .insert(leads)
      .values({ tenantId, service: 'Furnace repair', location: 'Springfield', ...l, updatedAt: l.createdAt });
  }
  for (const r of rows.reviews ?? []) {
    await db.insert(reviews).values({ tenantId, platform: 'google', ...r });
  }
  for (const p of rows.posts ?? []) {
    const [post] = await db
      .insert(socialPosts)
      .values({
        tenantId,
        platform: 'facebook',
        content: 'Furnace tune-up season is here',
        status: p.status,
        scheduledFor: p.scheduledFor,
      })
      .returning({ id: socialPosts.id });
    if (p.analytics && post)
      await db.insert(socialMediaAnalytics).values({ tenantId, postId: post.id, platform: 'facebook', ...p.analytics });
  }
  for (const t of rows.tasks ?? []) {
    await db.insert(tasks).values({ tenantId, ...t });
  }
  for (const a of rows.activities ?? []) {
    await db.insert(activities).values({ tenantId, type: 'note', ...a });
  }
}

/**
 * A small business whose figures the tests pin: 7 leads (3 new, 2 of them waiting more than a
 * day, 4 created in the last 7 days, 1 in the last 24 hours, 1 converted), 4 reviews averaging
 * 3.5 with one 2-star review unanswered, 1 post scheduled in 2 days, 21 engagements, 2 pending tasks.
 */
export function sampleBusiness(): TenantRows {
  return {
    leads: [
      { name: 'Ava Brooks', createdAt: daysAgo(3), phone: '+15550100001' },
      { name: 'Ben Carter', createdAt: daysAgo(2) },
      { name: 'Cleo Diaz', createdAt: hoursAgo(2) },
      { name: 'Dan Evans', status: 'contacted', createdAt: daysAgo(10), lastContactedAt: daysAgo(9) },
      { name: 'Eve Flores', status: 'qualified', createdAt: daysAgo(5), lastContactedAt: daysAgo(4) },
      { name: 'Finn Gray', status: 'converted', createdAt: daysAgo(20), lastContactedAt: daysAgo(19) },
      { name: 'Gina Hall', status: 'lost', createdAt: daysAgo(40), lastContactedAt: daysAgo(39) },
    ],
    reviews: [
      { customerName: 'Maria Lopez', rating: 5, responseStatus: 'posted' },
      { customerName: 'Luis Ortega', rating: 4, responseStatus: 'posted' },
      { customerName: 'Tom Becker', rating: 2, content: 'Showed up three hours late.' },
      { customerName: 'Dale Whitaker', rating: 3, responseStatus: 'posted' },
    ],
    posts: [
      { status: 'scheduled', scheduledFor: new Date(Date.now() + 2 * 24 * HOUR) },
      { status: 'published', scheduledFor: daysAgo(3), analytics: { likes: 10, shares: 2, comments: 3 } },
      { status: 'published', scheduledFor: daysAgo(8), analytics: { likes: 5, shares: 0, comments: 1 } },
    ],
    tasks: [
      { title: 'Order furnace filters' },
      { title: 'Call back Ava Brooks', dueAt: new Date(Date.now() + 24 * HOUR) },
      { title: 'Send invoice to Finn', status: 'completed', dueAt: daysAgo(1) },
    ],
    activities: [
      { title: 'New lead: Cleo Diaz', createdAt: hoursAgo(2) },
      { title: 'Lead converted: Finn Gray', createdAt: daysAgo(19) },
    ],
  };
}

/** Another business with rows that must never show up in the first one's figures. */
export function otherBusiness(): TenantRows {
  return {
    leads: [1, 2, 3, 4, 5].map((i) => ({ name: `Other Lead ${i}`, createdAt: daysAgo(4) })),
    reviews: [
      { customerName: 'Other Reviewer', rating: 1 },
      { customerName: 'Other Critic', rating: 2 },
    ],
    posts: [{ status: 'published', scheduledFor: daysAgo(1), analytics: { likes: 500, shares: 50, comments: 50 } }],
    tasks: [{ title: 'Other business task', dueAt: hoursAgo(-1) }],
    activities: [{ title: 'Other business activity', createdAt: hoursAgo(1) }],
  };
}

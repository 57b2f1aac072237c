import { limitsOf } from '#shared/plans.ts';
import type { TBusiness, TBusinessList, TCreateBusinessRequest } from '#shared/schemas/businesses.ts';
import { toRole, type AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, notFound } from '#server/errors.ts';
import { createBusinessFor, membershipsOf } from '#server/modules/auth/accounts.service.ts';
import { moveSession } from '#server/modules/auth/auth.service.ts';
import { planOf, requireFeature } from '#server/modules/billing/billing.service.ts';
import { leadStatusCounts, monthlyLeadCounts } from '#server/modules/leads/leads.service.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import { countOpenTasks } from '#server/modules/tasks/tasks.service.ts';
import type { AppServices } from '#server/services.ts';

export interface BusinessesDeps {
  db: Db;
}

export function businessesDeps({ database }: AppServices): BusinessesDeps {
  return { db: database.db };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The figures an agency compares its businesses by, each from its owning area. */
async function figuresOf(db: Db, tenantId: string, now: Date) {
  const timezone = await tenantTimezone({ db }, tenantId);
  const [months, byStatus, openTasks, { plan }] = await Promise.all([
    monthlyLeadCounts({ db }, tenantId, timezone, now),
    leadStatusCounts({ db }, tenantId),
    countOpenTasks({ db }, tenantId),
    planOf(db, tenantId),
  ]);
  return {
    plan,
    leadsThisMonth: months.thisMonth,
    leadsLastMonth: months.lastMonth,
    totalLeads: months.total,
    convertedLeads: months.converted,
    newLeads: byStatus.new,
    openTasks,
  };
}

/** Every business the caller belongs to, the current one first, with its key numbers. */
export async function listBusinesses(
  deps: BusinessesDeps,
  auth: AuthContext,
  now = new Date(),
): Promise<TBusinessList> {
  const memberships = await membershipsOf(deps.db, auth.userId);
  const businesses: TBusiness[] = await Promise.all(
    memberships.map(async (m) => ({
      id: m.tenantId,
      name: m.tenant.name,
      slug: m.tenant.slug,
      role: toRole(m.role),
      current: m.tenantId === auth.tenantId,
      ...(await figuresOf(deps.db, m.tenantId, now)),
    })),
  );
  businesses.sort((a, b) => Number(b.current) - Number(a.current));
  return { businesses, ...(await whyNotCreate(deps, auth, businesses)) };
}

/** Whether this session may add a business, and if not, the way that would let it. */
async function whyNotCreate(deps: BusinessesDeps, auth: AuthContext, businesses: TBusiness[]) {
  const blocked = auth.role === 'admin' ? await planBlocks(deps, auth.tenantId) : ADMIN_ONLY;
  if (blocked === null) return { canCreate: true, createBlockedReason: null };
  const agency = businesses.find((b) => !b.current && b.role === 'admin' && limitsOf(b.plan).features.includes(MULTI));
  const reason = agency
    ? `Switch to ${agency.name}, whose ${limitsOf(agency.plan).name} plan includes several businesses, to add one.`
    : blocked;
  return { canCreate: false, createBlockedReason: reason };
}

const MULTI = 'multi_business';
const ADMIN_ONLY = 'Only an admin of this business can create businesses from it.';

/** The plan's refusal message, or null when the plan includes several businesses. */
function planBlocks(deps: BusinessesDeps, tenantId: string): Promise<string | null> {
  return requireFeature(deps.db, tenantId, MULTI).then(
    () => null,
    (err: unknown) => (err instanceof AppError ? err.message : Promise.reject(err)),
  );
}

/**
 * Agency mode: an admin of a business whose plan includes several businesses creates another,
 * becomes its admin, and the session moves to it. The new business has its own plan (free until
 * it subscribes), its own settings, team and data.
 */
export async function createBusiness(
  deps: BusinessesDeps,
  auth: AuthContext,
  input: TCreateBusinessRequest,
): Promise<TBusiness> {
  if (auth.role !== 'admin') throw new AppError('forbidden', ADMIN_ONLY);
  await requireFeature(deps.db, auth.tenantId, MULTI);
  const tenantId = await createBusinessFor(deps.db, auth.userId, input.name.trim());
  return switchBusiness(deps, auth, tenantId);
}

/** Moves this session to another business the caller is an active member of; others are 404. */
export async function switchBusiness(
  deps: BusinessesDeps,
  auth: AuthContext,
  tenantId: string,
  now = new Date(),
): Promise<TBusiness> {
  const moved = UUID.test(tenantId) && (await moveSession(deps.db, auth.sidHash, auth.userId, tenantId));
  if (!moved) throw notFound('Business');
  const membership = (await membershipsOf(deps.db, auth.userId)).find((m) => m.tenantId === tenantId);
  if (!membership) throw notFound('Business');
  return {
    id: tenantId,
    name: membership.tenant.name,
    slug: membership.tenant.slug,
    role: toRole(membership.role),
    current: true,
    ...(await figuresOf(deps.db, tenantId, now)),
  };
}

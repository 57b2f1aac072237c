import type { TBilling } from '#shared/schemas/billing.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { seatsInUse } from '#server/modules/team/team.service.ts';
import { getBilling, type BillingDeps } from './billing.service.ts';

/** GET /api/billing: the plan with this month's usage (team seats come from the team area). */
export async function billingOverview(deps: BillingDeps, auth: AuthContext): Promise<TBilling> {
  return getBilling(deps, auth, await seatsInUse(deps.db, auth.tenantId));
}

import { completeLayout, type TDashboardLayout } from '#shared/schemas/dashboard-layout.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import { storeDashboardLayout, storedDashboardLayout } from '#server/modules/coach/coach-engagement.service.ts';

/**
 * The signed-in user's dashboard cards. Kept per user (not per business): each person in a team
 * chooses their own morning view. A stored layout is read back through completeLayout, so a card
 * added later joins at the end instead of vanishing. The coach area keeps it, in the person's
 * progress row.
 */
export async function getLayout(deps: { db: Db }, auth: Pick<AuthContext, 'userId'>): Promise<TDashboardLayout> {
  return completeLayout(
    (await storedDashboardLayout(deps, auth.userId)) as { order?: unknown; hidden?: unknown } | null,
  );
}

export async function saveLayout(
  deps: { db: Db },
  auth: Pick<AuthContext, 'userId'>,
  input: TDashboardLayout,
): Promise<TDashboardLayout> {
  const layout = completeLayout(input);
  await storeDashboardLayout(deps, auth.userId, layout);
  return layout;
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TPushKind } from '#shared/push.ts';
import type { Db } from '#server/db/client.ts';
import { pushPreferences, pushSubscriptions } from '#server/db/schema/index.ts';

// SQL for Web Push. Every query is scoped by tenant_id in its WHERE clause.

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
}

/** One device per endpoint in a business: subscribing again moves it to this member and its new keys. */
export async function upsertSubscription(db: Db, tenantId: string, userId: string, sub: NewSubscription) {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ tenantId, userId, ...sub })
    .onConflictDoUpdate({
      target: [pushSubscriptions.tenantId, pushSubscriptions.endpoint],
      set: { userId, p256dh: sub.p256dh, auth: sub.auth, device: sub.device, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export function listDevices(db: Db, tenantId: string, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.userId, userId)))
    .orderBy(pushSubscriptions.createdAt);
}

export async function deleteDevice(db: Db, tenantId: string, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)),
    )
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** The push service said the endpoint is gone (404/410). */
export async function deleteByEndpoint(db: Db, tenantId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function markSent(db: Db, tenantId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSentAt: new Date() })
    .where(and(eq(pushSubscriptions.tenantId, tenantId), inArray(pushSubscriptions.id, ids)));
}

/** The business's devices whose member has not turned `kind` off (`userId` narrows to one member). */
export function devicesFor(db: Db, tenantId: string, kind: TPushKind, userId?: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .leftJoin(
      pushPreferences,
      and(
        eq(pushPreferences.tenantId, pushSubscriptions.tenantId),
        eq(pushPreferences.userId, pushSubscriptions.userId),
      ),
    )
    .where(
      and(
        eq(pushSubscriptions.tenantId, tenantId),
        userId ? eq(pushSubscriptions.userId, userId) : undefined,
        sql`not coalesce(${pushPreferences.off} @> ${JSON.stringify([kind])}::jsonb, false)`,
      ),
    );
}

export async function turnedOff(db: Db, tenantId: string, userId: string): Promise<TPushKind[]> {
  const [row] = await db
    .select({ off: pushPreferences.off })
    .from(pushPreferences)
    .where(and(eq(pushPreferences.tenantId, tenantId), eq(pushPreferences.userId, userId)));
  return row?.off ?? [];
}

export async function saveTurnedOff(db: Db, tenantId: string, userId: string, off: TPushKind[]): Promise<void> {
  await db
    .insert(pushPreferences)
    .values({ tenantId, userId, off })
    .onConflictDoUpdate({
      target: [pushPreferences.tenantId, pushPreferences.userId],
      set: { off, updatedAt: new Date() },
    });
}

import type { Db } from '#server/db/client.ts';
import { analyticsEvents } from '#server/db/schema/index.ts';

export async function insertEvent(
  db: Db,
  tenantId: string,
  userId: string | null,
  name: string,
  properties: Record<string, unknown>,
): Promise<void> {
  await db.insert(analyticsEvents).values({ tenantId, userId, name, properties });
}

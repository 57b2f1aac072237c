import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { insertEvent } from './events.repo.ts';

/** Records one product analytics event for the signed-in user's tenant. */
export async function recordEvent(db: Db, auth: AuthContext, name: string, properties: Record<string, unknown> = {}): Promise<void> {
  await insertEvent(db, auth.tenantId, auth.userId, name, properties);
}

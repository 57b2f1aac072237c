import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import type { AppServices } from '#server/services.ts';
import { insertEvent } from './events.repo.ts';

export interface EventsDeps {
  db: Db;
}

export function eventsDeps({ database }: AppServices): EventsDeps {
  return { db: database.db };
}

/** Records one product analytics event for the signed-in user's tenant. */
export async function recordEvent(
  deps: EventsDeps,
  auth: AuthContext,
  name: string,
  properties: Record<string, unknown> = {},
): Promise<void> {
  await insertEvent(deps.db, auth.tenantId, auth.userId, name, properties);
}

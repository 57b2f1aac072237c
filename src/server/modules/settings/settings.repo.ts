import { eq } from 'drizzle-orm';
import { SETTINGS_MESSAGES } from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { clientConfigurations, clients } from '../../db/schema/index.ts';
import { FieldError } from '../../errors.ts';

export type ConfigRow = typeof clientConfigurations.$inferSelect;
export type ConfigValues = Partial<Omit<typeof clientConfigurations.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>>;
export type ClientRow = typeof clients.$inferSelect;
export type ClientValues = Omit<typeof clients.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

/** The tenant's one configuration row, if it has saved anything yet. */
export async function findConfiguration(db: Db, tenantId: string): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(clientConfigurations).where(eq(clientConfigurations.tenantId, tenantId)).limit(1);
  return row;
}

/** Creates the tenant's row on its first save; later saves change only the given columns. */
export async function upsertConfiguration(db: Db, tenantId: string, userId: string, values: ConfigValues): Promise<void> {
  await db
    .insert(clientConfigurations)
    .values({ ...values, tenantId, userId })
    .onConflictDoUpdate({ target: clientConfigurations.tenantId, set: { ...values, userId, updatedAt: new Date() } });
}

export async function findClient(db: Db, tenantId: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.tenantId, tenantId)).limit(1);
  return row;
}

/** The tenant's white-label brand (one per tenant); a domain another tenant uses is a field error. */
export async function upsertClient(db: Db, tenantId: string, values: ClientValues): Promise<void> {
  try {
    await db
      .insert(clients)
      .values({ ...values, tenantId })
      .onConflictDoUpdate({ target: clients.tenantId, set: { ...values, updatedAt: new Date() } });
  } catch (err) {
    if (isUniqueViolation(err, 'clients_domain_unique')) throw new FieldError('clientDomain', SETTINGS_MESSAGES.domainTaken.message, 'conflict');
    throw err;
  }
}

export async function deleteClient(db: Db, tenantId: string): Promise<void> {
  await db.delete(clients).where(eq(clients.tenantId, tenantId));
}

/** Changes columns of the tenant's row if it has one (clearing a section never creates a row). */
export async function updateConfiguration(db: Db, tenantId: string, values: ConfigValues): Promise<void> {
  await db.update(clientConfigurations).set(values).where(eq(clientConfigurations.tenantId, tenantId));
}

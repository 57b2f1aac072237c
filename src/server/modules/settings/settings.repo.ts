import { eq, sql } from 'drizzle-orm';
import { SETTINGS_MESSAGES } from '#shared/schemas/settings.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { clientConfigurations, clients } from '#server/db/schema/index.ts';
import { FieldError } from '#server/errors.ts';

export type ConfigRow = typeof clientConfigurations.$inferSelect;
export type ConfigValues = Partial<
  Omit<typeof clientConfigurations.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>
>;
export type ClientRow = typeof clients.$inferSelect;
export type ClientValues = Omit<typeof clients.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

/** The tenant's one configuration row, if it has saved anything yet. */
export async function findConfiguration(db: Db, tenantId: string): Promise<ConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(clientConfigurations)
    .where(eq(clientConfigurations.tenantId, tenantId))
    .limit(1);
  return row;
}

/** The business's time zone as saved (not checked), if it has a configuration row. */
export async function findTimezone(db: Db, tenantId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ timezone: clientConfigurations.timezone })
    .from(clientConfigurations)
    .where(eq(clientConfigurations.tenantId, tenantId));
  return row?.timezone;
}

/** The GA4 property the business reads, chosen on the Google card (creates the row on a first save). */
export async function saveGa4Property(db: Db, tenantId: string, ga4PropertyId: string): Promise<void> {
  await db
    .insert(clientConfigurations)
    .values({ tenantId, ga4PropertyId })
    .onConflictDoUpdate({ target: clientConfigurations.tenantId, set: { ga4PropertyId } });
}

/** Creates the tenant's row on its first save; later saves change only the given columns. */
export async function upsertConfiguration(
  db: Db,
  tenantId: string,
  userId: string,
  values: ConfigValues,
): Promise<void> {
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
    if (isUniqueViolation(err, 'clients_domain_unique'))
      throw new FieldError('clientDomain', SETTINGS_MESSAGES.domainTaken.message, 'conflict');
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

/**
 * The time zone as PostgreSQL names it (its own list, matched without regard to case), or
 * undefined when PostgreSQL does not know it. Intl accepts names PostgreSQL refuses, and a
 * stored zone is used in the dashboard's queries.
 */
export async function findTimezoneName(db: Db, timezone: string): Promise<string | undefined> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select name from pg_timezone_names where lower(name) = lower(${timezone}) order by (name = ${timezone}) desc limit 1`,
  );
  return rows[0]?.name;
}

/** The configurations that text from this Twilio account (inbound webhooks name the account). */
export async function findBySmsAccount(db: Db, accountSid: string): Promise<ConfigRow[]> {
  return db.select().from(clientConfigurations).where(eq(clientConfigurations.twilioAccountSid, accountSid));
}

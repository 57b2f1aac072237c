import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { userIdentities } from '#server/db/schema/index.ts';

// SQL for sign-ins through an OpenID Connect provider: which user an (issuer, subject) is.

export async function findIdentityUser(db: Db, issuer: string, subject: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.userId;
}

/** Links a provider identity to a user; a second link of the same identity is a unique violation. */
export async function insertIdentity(
  db: Db,
  values: { userId: string; issuer: string; subject: string },
): Promise<void> {
  await db.insert(userIdentities).values(values);
}

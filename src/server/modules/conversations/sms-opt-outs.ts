import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { reviewOptOuts } from '#server/db/schema/index.ts';

// The STOP list of the business's Twilio number: numbers that replied STOP (or that Twilio
// refuses with 21610) are never texted again, automatically or by hand, until they reply START.
// The table kept its first name (review_opt_outs) from when only review requests read it; it
// moved here when every text began to honour it (decision 026). Phones are E.164.

export type OptOutSource = 'sms_stop' | 'twilio_21610';

export async function isTextOptedOut(db: Db, tenantId: string, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reviewOptOuts.id })
    .from(reviewOptOuts)
    .where(and(eq(reviewOptOuts.tenantId, tenantId), eq(reviewOptOuts.phone, phone)));
  return row !== undefined;
}

export async function addTextOptOut(db: Db, tenantId: string, phone: string, source: OptOutSource): Promise<void> {
  await db.insert(reviewOptOuts).values({ tenantId, phone, source }).onConflictDoNothing();
}

export async function removeTextOptOut(db: Db, tenantId: string, phone: string): Promise<void> {
  await db.delete(reviewOptOuts).where(and(eq(reviewOptOuts.tenantId, tenantId), eq(reviewOptOuts.phone, phone)));
}

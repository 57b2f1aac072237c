import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import { createDemoAccount, findAccountByEmail } from '#server/modules/auth/accounts.service.ts';
import { DEMO_BUSINESS_NAME } from '#server/modules/auth/demo-business.ts';
import { addDemoConversations } from '#server/modules/conversations/conversations-demo.ts';
import { addDemoReviewRequests } from '#server/modules/reviews/review-requests-demo.ts';
import { addDemoBusinessProfile } from '#server/modules/settings/settings-demo.ts';
import { seedDemoLeads, type ConvertedDemoLead } from './demo-leads.ts';
import { demoThreads } from './demo-inbox.ts';
import { seedDemoMarketing } from './demo-marketing.ts';

export const DEMO_EMAIL = 'demo@fieldwise.local';

export interface DemoAccount {
  email: string;
  /** Known only when the account was created by this call. */
  password?: string;
  file: string;
  created: boolean;
  /** The business and its admin, when this call created them (the areas are seeded next). */
  ids?: { tenantId: string; userId: string; tenantName: string; email: string };
  /** Its recently converted leads, when this call created them (the demo's finished jobs are theirs). */
  converted?: ConvertedDemoLead[];
}

/** The demo admin as the services see a signed-in person (the seeding acts as them). */
export const demoAuth = (demo: NonNullable<DemoAccount['ids']>): AuthContext => ({
  ...demo,
  role: 'admin',
  emailVerified: true,
  sidHash: '',
});

/** A password that meets the sign-up rules (upper, lower, digit, special) and is unguessable. */
function demoPassword(): string {
  return `Demo-${randomBytes(9).toString('base64url')}7a!`;
}

/**
 * Creates the demo business and its admin on first start. The password is random per install,
 * printed once and kept in DATA_DIR/demo-login.txt (owner-readable only), never a shared default.
 */
export async function ensureDemoAccount(db: Db, dataDir: string): Promise<DemoAccount> {
  const file = path.join(dataDir, 'demo-login.txt');
  if (await findAccountByEmail(db, DEMO_EMAIL)) return { email: DEMO_EMAIL, file, created: false };

  const password = demoPassword();
  const person = { email: DEMO_EMAIL, firstName: 'Dana', lastName: 'Demo' };
  // One transaction: a first start that fails half-way leaves no half-made demo behind. Every row
  // is written by its area's own service (sample rows live in the demo business only, PRODUCT.md item 1).
  const { ids, converted } = await db.transaction(async (tx) => {
    const { userId, tenantId } = await createDemoAccount(tx, { ...person, password });
    const demo = { tenantId, userId, tenantName: DEMO_BUSINESS_NAME, email: DEMO_EMAIL };
    await addDemoBusinessProfile({ db: tx }, tenantId, userId);
    const converted = await seedDemoLeads(tx, demoAuth(demo));
    await seedDemoMarketing(tx, tenantId);
    // Each recent job's review request went out two hours after it; two in three customers opened it.
    await addDemoReviewRequests(
      { db: tx },
      tenantId,
      converted.map((lead, i) => ({
        leadId: lead.id,
        customerName: lead.name,
        phone: lead.phone,
        email: lead.email,
        sentAt: new Date(Math.min(lead.closedAt.getTime() + 2 * 3_600_000, Date.now())),
        clicked: i % 3 !== 2,
      })),
    );
    await addDemoConversations({ db: tx }, tenantId, demoThreads(converted));
    return { ids: demo, converted };
  });

  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `email: ${DEMO_EMAIL}\npassword: ${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return { email: DEMO_EMAIL, password, file, created: true, ids, converted };
}

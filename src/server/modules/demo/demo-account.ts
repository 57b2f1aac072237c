import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { hashPassword } from '#server/modules/auth/password.ts';
import type { Db } from '#server/db/client.ts';
import { memberships, tenants, users } from '#server/db/schema/index.ts';
import { DEMO_TENANT_SLUG } from '#server/modules/auth/demo-business.ts';
import { seedDemoLeads } from './demo-leads.ts';
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
}

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
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  if (existing.length > 0) {
    return { email: DEMO_EMAIL, file, created: false };
  }

  const password = demoPassword();
  const passwordHash = await hashPassword(password);
  const ids = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: DEMO_EMAIL,
        firstName: 'Dana',
        lastName: 'Demo',
        passwordHash,
        emailVerified: true,
        role: 'admin',
      })
      .returning({ id: users.id });
    const [tenant] = await tx
      .insert(tenants)
      .values({ slug: DEMO_TENANT_SLUG, name: 'Demo Heating & Cooling' })
      .onConflictDoUpdate({ target: tenants.slug, set: { name: 'Demo Heating & Cooling' } })
      .returning({ id: tenants.id });
    if (!user || !tenant) throw new Error('demo account insert returned no row');
    await tx.insert(memberships).values({ userId: user.id, tenantId: tenant.id, role: 'admin' });
    // Sample rows live in the demo tenant only, as real rows (PRODUCT.md item 1).
    await seedDemoLeads(tx, tenant.id);
    await seedDemoMarketing(tx, tenant.id);
    return { tenantId: tenant.id, userId: user.id, tenantName: 'Demo Heating & Cooling', email: DEMO_EMAIL };
  });

  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `email: ${DEMO_EMAIL}\npassword: ${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return { email: DEMO_EMAIL, password, file, created: true, ids };
}

import { trimBoth, trimTrailing } from '#shared/strings.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { AppError, FieldError } from '#server/errors.ts';
import * as repo from './auth.repo.ts';
import { DEMO_BUSINESS_NAME, DEMO_TENANT_SLUG } from './demo-business.ts';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';
import { newPasswordProblem } from './password-policy.ts';

// Accounts and businesses as other areas (team, businesses, oidc, mail to admins) and sign-up use
// them: who has an account, creating one with or without a business of its own, a business's
// admins. Sessions, sign-in and mailed links are in auth.service.ts.

export const EMAIL_TAKEN =
  'An account with this email already exists. Sign in, or reset your password if you forgot it.';

/** The account with this (lower-cased) email, for other areas (team invitations). */
export async function findAccountByEmail(db: Db, email: string): Promise<repo.UserRow | undefined> {
  return repo.findUserByEmail(db, email);
}

type NewAccount = { email: string; firstName: string; lastName: string; password: string };

/** A user whose address is already proven (an invitation's link, the demo's fixed account). */
async function insertVerifiedUser(db: Db, input: NewAccount): Promise<repo.UserRow> {
  const { password, ...names } = input;
  return repo.insertUser(db, { ...names, passwordHash: await hashPassword(password), emailVerified: true });
}

/** A user without a business of their own (joining one by invitation); answers the user id. */
export async function createMemberAccount(db: Db, input: NewAccount): Promise<string> {
  const problem = newPasswordProblem(input.password);
  if (problem) throw new FieldError('password', problem);
  try {
    // The invitation link arrived by mail, so the address is proven.
    return (await insertVerifiedUser(db, input)).id;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw new FieldError('email', EMAIL_TAKEN, 'conflict');
    throw err;
  }
}

/** True when `password` is the account's password (one argon2 verify either way). */
export async function passwordMatches(db: Db, userId: string, password: string): Promise<boolean> {
  const user = await repo.findUserById(db, userId);
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  return Boolean(user?.passwordHash && user.isActive && matches);
}

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-');
  return trimTrailing(trimBoth(slug, '-').slice(0, 40), '-') || 'business';
}

async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await repo.takenSlugs(db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Creates a user with their own business (tenant) as its admin; answers the user id. */
export async function createAccount(
  db: Db,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    businessName?: string | undefined;
    passwordHash: string | null;
    emailVerified?: boolean;
  },
): Promise<{ userId: string; tenantId: string }> {
  const tenantName = input.businessName?.trim() || `${input.firstName} ${input.lastName}`;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash: input.passwordHash,
          emailVerified: input.emailVerified ?? false,
        });
        const tenantId = await repo.insertTenantWithAdmin(tx, user.id, {
          name: tenantName,
          slug: await freeSlug(tx, tenantName),
        });
        return { userId: user.id, tenantId };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_unique')) throw new FieldError('email', EMAIL_TAKEN, 'conflict');
      // Two sign-ups raced for the same slug: pick again.
      if (attempt < 3 && isUniqueViolation(err, 'tenants_slug_unique')) continue;
      throw err;
    }
  }
}

/**
 * The demo business and its admin, as the first start creates them (modules/demo): a verified
 * account like a sign-up's, its business under the fixed demo slug rather than one derived from
 * its name, so the areas know it as the demo. Answers the ids.
 */
export async function createDemoAccount(db: Db, input: NewAccount): Promise<{ userId: string; tenantId: string }> {
  const user = await insertVerifiedUser(db, input);
  const tenantId = await repo.insertTenantWithAdmin(db, user.id, { name: DEMO_BUSINESS_NAME, slug: DEMO_TENANT_SLUG });
  return { userId: user.id, tenantId };
}

/**
 * The admins of a business who get its mail (billing, weekly report, connection problems, new
 * leads): active memberships only, deactivated accounts skipped.
 */
export async function businessAdmins(db: Db, tenantId: string): Promise<repo.BusinessAdmin[]> {
  return repo.businessAdmins(db, tenantId);
}

/** Every business's id. */
export async function businessIds(db: Db): Promise<string[]> {
  return repo.allTenantIds(db);
}

/** The business's active members and their roles, in no particular order. */
export async function activeMembers(db: Db, tenantId: string): Promise<{ userId: string; role: string }[]> {
  return repo.activeMembers(db, tenantId);
}

/** The business's name as it was registered (undefined for no such business). */
export async function businessName(db: Db, tenantId: string): Promise<string | undefined> {
  return repo.findTenantName(db, tenantId);
}

/** The business's address part of its public pages (/p/{slug}/…) and inbound email; '' for no such business. */
export async function businessSlug(db: Db, tenantId: string): Promise<string> {
  return (await repo.findTenantSlug(db, tenantId)) ?? '';
}

/** A business by its public address part (/p/{slug}/…): its id and name, or null. */
export async function businessBySlug(db: Db, slug: string): Promise<{ tenantId: string; name: string } | null> {
  return repo.findTenantBySlug(db, slug);
}

/** A person's first and last name as they gave them (undefined for no such account). */
export async function personName(
  db: Db,
  userId: string,
): Promise<{ firstName: string | null; lastName: string | null } | undefined> {
  const user = await repo.findUserById(db, userId);
  return user && { firstName: user.firstName, lastName: user.lastName };
}

/** The plan id stored for the business (tenants.plan), as the AI allowance reads it. */
export async function businessPlanId(db: Db, tenantId: string): Promise<string | undefined> {
  return repo.findTenantPlan(db, tenantId);
}

/** The businesses a person is an active member of, oldest membership first. */
export async function membershipsOf(db: Db, userId: string): Promise<repo.MembershipView[]> {
  return repo.listMemberships(db, userId);
}

/** A new business with `userId` as its admin (agency mode); answers its id. */
export async function createBusinessFor(db: Db, userId: string, name: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) =>
        repo.insertTenantWithAdmin(tx, userId, { name, slug: await freeSlug(tx, name) }),
      );
    } catch (err) {
      // Two creations raced for the same slug: pick again.
      if (attempt < 3 && isUniqueViolation(err, 'tenants_slug_unique')) continue;
      throw err;
    }
  }
}

/** Businesses known to be (or not be) the demo: a slug never changes, so the answer is kept. */
const demoAnswers = new Map<string, boolean>();

/**
 * True for the demo business the first start creates: the one business whose areas show sample
 * figures (under the Demo Data badge) where a real business would be asked to connect a service.
 */
export async function isDemoBusiness(deps: { db: Db }, tenantId: string): Promise<boolean> {
  const known = demoAnswers.get(tenantId);
  if (known !== undefined) return known;
  const slug = await repo.findTenantSlug(deps.db, tenantId);
  if (slug === undefined) return false;
  const demo = slug === DEMO_TENANT_SLUG;
  if (demoAnswers.size > 10_000) demoAnswers.clear();
  demoAnswers.set(tenantId, demo);
  return demo;
}

/** Refuses sample rows (`what`: "leads", "posts"…) for any business but the demo (decision 033). */
export async function assertDemoBusiness(deps: { db: Db }, tenantId: string, what: string): Promise<void> {
  if (!(await isDemoBusiness(deps, tenantId)))
    throw new AppError('forbidden', `Sample ${what} are for the demo business only.`);
}

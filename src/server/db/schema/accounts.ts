import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TRole } from '#shared/schemas/auth.ts';
import { id, timestamps, tstz } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    // Stored lower-cased (enforced by the check below) so the unique index is case-insensitive.
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    // argon2id hash; NULL for users who only sign in through an OIDC provider.
    passwordHash: text('password_hash'),
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionStatus: text('subscription_status').notNull().default('free'),
    subscriptionPlan: text('subscription_plan').notNull().default('free'),
    subscriptionCurrentPeriodEnd: tstz('subscription_current_period_end'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    analyticsEnabled: boolean('analytics_enabled').notNull().default(true),
    role: text('role').notNull().default('member'),
    // Shown as "last login" in the settings account info.
    lastLoginAt: tstz('last_login_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

export const tenants = pgTable('tenants', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  primaryDomain: text('primary_domain'),
  plan: text('plan').notNull().default('free'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  // Subscription state, following Stripe's webhooks (or the admin's choice without Stripe).
  // none | trialing | active | past_due | canceled | unpaid | incomplete
  subscriptionStatus: text('subscription_status').notNull().default('none'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  billingInterval: text('billing_interval'), // month | year
  trialEndsAt: tstz('trial_ends_at'),
  currentPeriodEnd: tstz('current_period_end'),
  // After a failed payment the plan keeps working until then (never data loss).
  graceEndsAt: tstz('grace_ends_at'),
  ...timestamps(),
});

// Server-side sessions: the cookie carries only the opaque sid.
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<Record<string, unknown>>().notNull().default({}),
    expire: tstz('expire').notNull(),
    // Lets "sign out everywhere" and user deletion find a user's sessions without reading sess.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // The tenant the session is working in.
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    ...timestamps(),
    // Touched (throttled) on use, for idle timeouts and the sessions list.
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId)],
);

export const tenantDomains = pgTable(
  'tenant_domains',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    verified: boolean('verified').notNull().default(false),
    // DNS TXT value the tenant publishes to prove it owns the domain.
    verificationToken: text('verification_token'),
    // When the ownership check last succeeded.
    verifiedAt: tstz('verified_at'),
    // The last ownership check (on request or the daily re-check) and why it failed, if it did.
    lastCheckedAt: tstz('last_checked_at'),
    lastError: text('last_error'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('tenant_domains_domain_unique').on(t.domain),
    index('tenant_domains_tenant_id_idx').on(t.tenantId),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    // The database default 'member' is older than the three ranks; sessions read the role through
    // toRole (auth-context.ts), which counts it, like anything unknown, as user.
    role: text('role')
      .$type<TRole>()
      .notNull()
      .default(sql`'member'`),
    status: text('status').notNull().default('active'),
    ...timestamps(),
  },
  (t) => [
    unique('memberships_tenant_user_unique').on(t.tenantId, t.userId),
    index('memberships_user_id_idx').on(t.userId),
  ],
);

// Invitations to join a business; only a hash of the mailed token is stored.
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(), // user | manager | admin
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at').notNull(),
    lastSentAt: tstz('last_sent_at').notNull().defaultNow(),
    acceptedAt: tstz('accepted_at'),
    revokedAt: tstz('revoked_at'),
    ...timestamps(),
  },
  (t) => [index('team_invitations_tenant_email_idx').on(t.tenantId, t.email)],
);

export const oauthConnections = pgTable(
  'oauth_connections',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    issuerUrl: text('issuer_url'),
    clientId: text('client_id'),
    // Ciphertext (AES-256-GCM), never returned by the API.
    clientSecret: text('client_secret'),
    organization: text('organization'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    // Delegated tokens for provider connections that read data (e.g. Google Search Console,
    // GA4); ciphertext like client_secret.
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: tstz('token_expires_at'),
    scope: text('scope'),
    ...timestamps(),
  },
  (t) => [unique('oauth_connections_tenant_provider_unique').on(t.tenantId, t.provider)],
);

// Email verification and password reset links; only a hash of the token is stored.
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify_email' | 'reset_password'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    ...timestamps(),
  },
  (t) => [index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

// Fixed-window counters kept in the database so limits hold across app instances.
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    windowStart: tstz('window_start').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    ...timestamps(),
  },
  (t) => [index('rate_limits_expires_at_idx').on(t.expiresAt)],
);

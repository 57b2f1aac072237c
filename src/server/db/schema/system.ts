import { bigint, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { tenantId } from './tenant-column.ts';
import { id, timestamps, tstz } from './columns.ts';

// Every email sent, and the local outbox when SMTP is not configured.
export const emailLogs = pgTable(
  'email_logs',
  {
    id: id(),
    // The tenant it was sent for (NULL for account mail such as password resets).
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    emailType: text('email_type').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    subject: text('subject'),
    // The local outbox keeps the message so its links can be read without SMTP.
    bodyText: text('body_text'),
    status: text('status').notNull().default('pending'), // pending | sent | failed | outbox
    errorMessage: text('error_message'),
    sentAt: tstz('sent_at'),
    ...timestamps(),
  },
  (t) => [
    index('email_logs_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst()),
    index('email_logs_recipient_created_idx').on(t.recipientEmail, t.createdAt.desc().nullsFirst()),
  ],
);

// AI requests and tokens per tenant per calendar month, for quotas and the usage display.
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: id(),
    tenantId: tenantId(),
    month: text('month').notNull(), // 'YYYY-MM' (UTC)
    requests: integer('requests').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    // AI social posts generated this month, counted against the plan (shared/plans.ts).
    aiPosts: integer('ai_posts').notNull().default(0),
    ...timestamps(),
  },
  (t) => [unique('ai_usage_tenant_month_unique').on(t.tenantId, t.month)],
);

// Product analytics events sent by the client (lead_added, wordpress_configured, …) and hint
// actions; kept per tenant so a business's own usage can be shown back to it.
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [index('analytics_events_tenant_name_created_idx').on(t.tenantId, t.name, t.createdAt.desc().nullsFirst())],
);

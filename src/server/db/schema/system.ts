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

// Postgres-backed job queue (claimed with FOR UPDATE SKIP LOCKED).
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    queue: text('queue').notNull(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('queued'), // queued | running | done | failed
    runAt: tstz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedAt: tstz('locked_at'),
    // Idempotent enqueue: a second job with the same key is refused.
    uniqueKey: text('unique_key').unique(),
    ...timestamps(),
  },
  (t) => [
    index('jobs_queue_status_run_at_idx').on(t.queue, t.status, t.runAt),
    index('jobs_tenant_id_idx').on(t.tenantId),
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

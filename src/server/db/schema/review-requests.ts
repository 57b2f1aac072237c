import { boolean, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type {
  TRequestChannelPref,
  TRequestStatus,
  TRequestTrigger,
  TSmsStatus,
  TEmailStatus,
} from '#shared/schemas/review-requests.ts';
import { leads } from './leads.ts';
import { trackedLinks } from './links.ts';
import { tenantId } from './tenant-column.ts';
import { id, timestamps, tstz } from './columns.ts';

// Review requests after a job (issue 16), owned by the reviews module: the business's choices,
// every request with its delivery, and the numbers that replied STOP.

/** One row per business; no row means the defaults (automatic, 2 hours after the job, text first). */
export const reviewRequestSettings = pgTable('review_request_settings', {
  id: id(),
  tenantId: tenantId().unique(),
  autoSend: boolean('auto_send').notNull().default(true),
  delayHours: integer('delay_hours').notNull().default(2),
  channel: text('channel').$type<TRequestChannelPref>().notNull().default('sms_then_email'),
  ...timestamps(),
});

export const reviewRequests = pgTable(
  'review_requests',
  {
    id: id(),
    tenantId: tenantId(),
    // The converted lead it follows (null for a manual request to someone who is not a lead).
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    // E.164 (+15551234567), normalised when the request is made.
    phone: text('phone'),
    email: text('email'),
    trigger: text('trigger').$type<TRequestTrigger>().notNull(),
    status: text('status').$type<TRequestStatus>().notNull(),
    // Why it was skipped or failed, in the words the owner reads.
    reason: text('reason'),
    scheduledFor: tstz('scheduled_for').notNull(),
    sentAt: tstz('sent_at'),
    linkId: uuid('link_id').references(() => trackedLinks.id, { onDelete: 'set null' }),
    // The page the request's link opens instead of Google's review form (a finished job's, which
    // asks the customer's consent beside the review link); null: Google's form.
    landingUrl: text('landing_url'),
    smsSid: text('sms_sid'),
    smsStatus: text('sms_status').$type<TSmsStatus>(),
    smsError: text('sms_error'),
    emailStatus: text('email_status').$type<TEmailStatus>(),
    ...timestamps(),
  },
  (t) => [
    index('review_requests_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('review_requests_tenant_phone_idx').on(t.tenantId, t.phone),
    index('review_requests_tenant_email_idx').on(t.tenantId, t.email),
  ],
);

/** Numbers that replied STOP (or that Twilio refuses as opted out): never texted again until START. */
export const reviewOptOuts = pgTable(
  'review_opt_outs',
  {
    id: id(),
    tenantId: tenantId(),
    phone: text('phone').notNull(),
    source: text('source').notNull(), // 'sms_stop' | 'twilio_21610'
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('review_opt_outs_tenant_phone_unique').on(t.tenantId, t.phone)],
);

/**
 * Email addresses that unsubscribed from review requests (the link in each request email, or the
 * mail client's one-click List-Unsubscribe): never sent another request. Stored lower-cased.
 */
export const reviewEmailOptOuts = pgTable(
  'review_email_opt_outs',
  {
    id: id(),
    tenantId: tenantId(),
    email: text('email').notNull(),
    source: text('source').notNull(), // 'link' | 'one_click'
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('review_email_opt_outs_tenant_email_unique').on(t.tenantId, t.email)],
);

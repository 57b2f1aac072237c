import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantId } from './tenant-column.ts';
import { tstz } from './columns.ts';

// What keeps a landing page's lead form from being used to send mail (decision 021), owned by
// the website module: the form stamps already used, and the auto-replies sent per business and day.

/** A form stamp (its MAC, bound to the page) that already brought a lead; forgotten once it could no longer be used. */
export const leadFormStamps = pgTable(
  'lead_form_stamps',
  {
    tenantId: tenantId(),
    stamp: text('stamp').notNull(),
    // The form's page: a landing page's id or a project page's (a job of the work area), so no
    // foreign key; the row is forgotten once the stamp expires either way.
    pageId: uuid('page_id').notNull(),
    usedAt: tstz('used_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.stamp] }), index('lead_form_stamps_expires_idx').on(t.expiresAt)],
);

/** One row per customer answered automatically on a day (the business's day): a normalised email or E.164 number. */
export const leadAutoReplies = pgTable(
  'lead_auto_replies',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    recipient: text('recipient').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.recipient] }), index('lead_auto_replies_day_idx').on(t.day)],
);

/** A business's auto-replies on a day: how many went out, when the daily limit was reached and when the owner heard. */
export const leadAutoReplyDays = pgTable(
  'lead_auto_reply_days',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
    limitReachedAt: tstz('limit_reached_at'),
    ownerToldAt: tstz('owner_told_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] }), index('lead_auto_reply_days_day_idx').on(t.day)],
);

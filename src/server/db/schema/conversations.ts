import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  TConversationStatus,
  TMessageChannel,
  TMessageDirection,
  TMessageKind,
  TMessageStatus,
} from '#shared/conversations.ts';
import { users } from './accounts.ts';
import { leads } from './leads.ts';
import { tenantId } from './tenant-column.ts';
import { id, timestamps, tstz } from './columns.ts';

// Conversations (issue 38), owned by the conversations module: one thread per customer with
// every message in it, and the business's missed-call and quiet-hours choices.

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    tenantId: tenantId(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    // E.164 (+15551234567) when known; one thread per number.
    phone: text('phone'),
    // Lower-cased when known.
    email: text('email'),
    status: text('status').$type<TConversationStatus>().notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    unread: integer('unread').notNull().default(0),
    lastMessageAt: tstz('last_message_at').notNull().defaultNow(),
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    lastChannel: text('last_channel').$type<TMessageChannel>().notNull().default('sms'),
    optedOutAt: tstz('opted_out_at'),
    optedInAt: tstz('opted_in_at'),
    // The unguessable part of the thread's reply address (reply+{token}@INBOUND_EMAIL_DOMAIN),
    // made when the first email of the thread goes out.
    replyToken: text('reply_token'),
    ...timestamps(),
  },
  (t) => [
    // The inbox list: a business's threads of one status, newest activity first.
    index('conversations_tenant_status_last_idx').on(t.tenantId, t.status, t.lastMessageAt.desc().nullsFirst(), t.id),
    index('conversations_tenant_last_idx').on(t.tenantId, t.lastMessageAt.desc().nullsFirst(), t.id),
    uniqueIndex('conversations_tenant_phone_unique').on(t.tenantId, t.phone),
    index('conversations_tenant_email_idx').on(t.tenantId, t.email),
    index('conversations_tenant_lead_idx').on(t.tenantId, t.leadId),
    // An inbound email names only the token: it finds the thread (and so the business).
    uniqueIndex('conversations_reply_token_unique').on(t.replyToken),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: id(),
    tenantId: tenantId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<TMessageDirection>().notNull(),
    channel: text('channel').$type<TMessageChannel>().notNull(),
    kind: text('kind').$type<TMessageKind>().notNull(),
    body: text('body').notNull(),
    mediaUrls: jsonb('media_urls')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').$type<TMessageStatus>().notNull(),
    // The carrier's or provider's reason, in the words the owner reads.
    error: text('error'),
    // Twilio's message SID (SM…), or the call SID (CA…) of a missed call's text-back.
    providerSid: text('provider_sid'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('conversation_messages_tenant_thread_idx').on(t.tenantId, t.conversationId, t.createdAt),
    // Twilio retries a webhook it got no answer to: the same SID is stored once per business
    // (businesses sharing one number each get the text); led by the SID for the status callback's lookup.
    uniqueIndex('conversation_messages_provider_sid_unique').on(t.providerSid, t.tenantId),
  ],
);

/** One row per business; no row means the defaults (no forward number, the default message, 8 am – 6 pm). */
export const conversationSettings = pgTable('conversation_settings', {
  id: id(),
  tenantId: tenantId().unique(),
  // The owner's phone (E.164) calls to the Twilio number are forwarded to.
  forwardTo: text('forward_to'),
  missedCallText: boolean('missed_call_text').notNull().default(true),
  missedCallMessage: text('missed_call_message'),
  // The owner's hours, "HH:MM" in the business's zone: a missed call is texted back within them.
  hoursStart: text('hours_start').notNull().default('08:00'),
  hoursEnd: text('hours_end').notNull().default('18:00'),
  // Automatic texts wait until quiet hours end (business's zone).
  quietStart: text('quiet_start').notNull().default('21:00'),
  quietEnd: text('quiet_end').notNull().default('08:00'),
  ...timestamps(),
});

import { index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { TPushKind } from '#shared/push.ts';
import { users } from './accounts.ts';
import { tenantId } from './tenant-column.ts';
import { id, timestamps, tstz } from './columns.ts';

// Web Push (issue 37), owned by the push module: each member's devices in each business, and
// what each member wants pushed.

/** One browser on one device of one member; the push service's endpoint and keys (RFC 8291). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The device as the browser describes itself ("Chrome on Android"). */
    device: text('device').notNull(),
    lastSentAt: tstz('last_sent_at'),
    ...timestamps(),
  },
  (t) => [unique('push_subscriptions_endpoint').on(t.tenantId, t.endpoint), index().on(t.tenantId, t.userId)],
);

/** A member's choices; no row means every kind on. */
export const pushPreferences = pgTable(
  'push_preferences',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The kinds turned off. */
    off: jsonb('off').$type<TPushKind[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [unique('push_preferences_member').on(t.tenantId, t.userId)],
);

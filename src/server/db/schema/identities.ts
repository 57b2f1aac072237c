import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { id, timestamps } from './columns.ts';

// A user's sign-in at an OpenID Connect provider: later sign-ins match on (issuer, subject),
// which stays stable when the person changes their email at the provider. Owned by a user,
// not a tenant: one person signs in once and works in any of their businesses.
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    ...timestamps(),
  },
  (t) => [
    unique('user_identities_issuer_subject_unique').on(t.issuer, t.subject),
    index('user_identities_user_id_idx').on(t.userId),
  ],
);

import { uuid } from 'drizzle-orm/pg-core';
import { tenants } from './accounts.ts';

// Not re-exported from index.ts: only tables belong in the Drizzle schema object.

/** tenant_id NOT NULL, deleted with its tenant: the column every tenant-owned table leads with. */
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

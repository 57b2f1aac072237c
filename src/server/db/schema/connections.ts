import { pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tenantId } from './tenant-column.ts';
import { id, textList, timestamps, tstz } from './columns.ts';

// A tenant's connection to one of the owner's accounts at a provider (Google, Meta, X, LinkedIn),
// made through OAuth or from credentials pasted in Settings → Social. One per tenant and provider.
// Token columns hold ciphertext from the secret box and never leave the server.
export const connections = pgTable(
  'connections',
  {
    id: id(),
    tenantId: tenantId(),
    /** google | meta | x | linkedin */
    provider: text('provider').notNull(),
    /** oauth | manual (pasted in Settings → Social) */
    source: text('source').notNull().default('oauth'),
    /** choose_account (granted, nothing picked yet) | healthy | problem */
    status: text('status').notNull().default('choose_account'),
    /** The page / location / property / organization chosen, by the provider's id and name. */
    externalAccountId: text('external_account_id'),
    accountName: text('account_name'),
    scopes: textList('scopes'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    /** A token for the chosen account itself where the provider has one (a Facebook Page token). */
    accountToken: text('account_token'),
    expiresAt: tstz('expires_at'),
    /** expired | revoked | missing_permission | rate_limited | provider_down */
    problemCode: text('problem_code'),
    problemMessage: text('problem_message'),
    problemSince: tstz('problem_since'),
    /** When the owner was mailed about the current problem (one mail per problem). */
    problemNotifiedAt: tstz('problem_notified_at'),
    lastSuccessAt: tstz('last_success_at'),
    lastCheckedAt: tstz('last_checked_at'),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [unique('connections_tenant_provider_unique').on(t.tenantId, t.provider)],
);

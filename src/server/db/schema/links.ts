import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { TLinkSource } from '#shared/schemas/links.ts';
import { tenantId } from './tenant-column.ts';
import { id, tstz } from './columns.ts';

// Tracked short links (/r/{code}): a link we send out (review request, social post, mail…) and
// every time someone opened it. Owned by the links module.

export const trackedLinks = pgTable(
  'tracked_links',
  {
    id: id(),
    tenantId: tenantId(),
    // Public and unguessable: 10 url-safe random characters, unique across every business.
    code: text('code').notNull().unique(),
    targetUrl: text('target_url').notNull(),
    source: text('source').$type<TLinkSource>().notNull(),
    // The row the link was made for (a review request's id, a post's id), when there is one.
    sourceId: text('source_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('tracked_links_tenant_source_idx').on(t.tenantId, t.source, t.sourceId)],
);

export const linkClicks = pgTable(
  'link_clicks',
  {
    id: id(),
    tenantId: tenantId(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => trackedLinks.id, { onDelete: 'cascade' }),
    clickedAt: tstz('clicked_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('link_clicks_tenant_clicked_idx').on(t.tenantId, t.clickedAt),
    index('link_clicks_link_idx').on(t.linkId),
  ],
);

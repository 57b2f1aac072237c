import { date, index, integer, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { tenantId } from './tenant-column.ts';
import { tstz } from './columns.ts';

/**
 * One row per business, day and search query, as Search Console reported it (keywords owns it).
 * The daily sync upserts the last days again (Search Console revises recent figures), so a
 * re-sync changes figures but never the row count. Trends and sparklines read from here.
 */
export const seoKeywordDays = pgTable(
  'seo_keyword_days',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    query: text('query').notNull(),
    clicks: integer('clicks').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
    /** Average position that day (1 = top). */
    position: real('position').notNull(),
    syncedAt: tstz('synced_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'seo_keyword_days_pk', columns: [t.tenantId, t.day, t.query] }),
    index('seo_keyword_days_tenant_query_day_idx').on(t.tenantId, t.query, t.day),
  ],
);

/** The Search Console property each business syncs (chosen, or the only one it can read). */
export const seoKeywordSites = pgTable('seo_keyword_sites', {
  tenantId: tenantId().primaryKey(),
  siteUrl: text('site_url').notNull(),
  syncedAt: tstz('synced_at'),
  /** Why the last sync failed, shown on /keywords; null after a good sync. */
  syncError: text('sync_error'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

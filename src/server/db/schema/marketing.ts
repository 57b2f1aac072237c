import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TReportDetails } from '#shared/schemas/analytics.ts';
import { users } from './accounts.ts';
import { tenantId } from './tenant-column.ts';
import { id, textList, timestamps, tstz } from './columns.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    tenantId: tenantId(),
    customerName: text('customer_name').notNull(),
    rating: integer('rating').notNull(), // 1..5
    content: text('content'),
    platform: text('platform').notNull(),
    status: text('status').notNull().default('pending'),
    aiResponse: text('ai_response'),
    responseStatus: text('response_status').notNull().default('draft'),
    // The review's id on its platform (e.g. Google reviewId), so re-imports do not duplicate.
    externalId: text('external_id'),
    // When the customer wrote it (the platform's createTime), as opposed to our created_at.
    reviewedAt: tstz('reviewed_at'),
    // Reviews (issue 16): the reviewer's photo, the review's own page, the Places id it came from,
    // and the owner's reply as it stands on the platform (synced or posted by us).
    reviewerPhotoUrl: text('reviewer_photo_url'),
    reviewUrl: text('review_url'),
    placeId: text('place_id'),
    replyText: text('reply_text'),
    repliedAt: tstz('replied_at'),
    ...timestamps(),
  },
  (t) => [
    index('reviews_tenant_status_idx').on(t.tenantId, t.status),
    unique('reviews_tenant_platform_external_unique').on(t.tenantId, t.platform, t.externalId),
  ],
);

// The business chosen on /reviews (one per tenant), so the next visit opens on it.
export const reviewBusinesses = pgTable('review_businesses', {
  id: id(),
  tenantId: tenantId().unique(),
  placeId: text('place_id').notNull(),
  name: text('name').notNull(),
  address: text('address'),
  rating: numeric('rating', { precision: 2, scale: 1 }),
  ratingCount: integer('rating_count'),
  ...timestamps(),
});

// Saved reply templates with {name} and {business} placeholders.
export const reviewReplyTemplates = pgTable(
  'review_reply_templates',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    ...timestamps(),
  },
  (t) => [index('review_reply_templates_tenant_idx').on(t.tenantId, t.createdAt)],
);

export const socialPosts = pgTable(
  'social_posts',
  {
    id: id(),
    tenantId: tenantId(),
    // Author, for the activity feed.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    platform: text('platform').notNull(), // facebook | instagram | twitter | linkedin
    content: text('content').notNull(),
    // The wizard's per-platform hashtags field.
    hashtags: text('hashtags'),
    status: text('status').notNull().default('scheduled'), // scheduled | publishing | published | failed | cancelled
    scheduledFor: tstz('scheduled_for'),
    publishedAt: tstz('published_at'),
    // Set by the publishing worker: the platform's post id/URL, or why publishing failed.
    externalPostId: text('external_post_id'),
    externalUrl: text('external_url'),
    errorMessage: text('error_message'),
    // One post written for N platforms is N rows (targets) sharing a group id; each publishes alone.
    groupId: uuid('group_id'),
    // Sent to the platforms that take images (Instagram needs one).
    imageUrl: text('image_url'),
    // Publishing tries so far; part of the job key, so a retry is a new job and a repeat is not.
    attempts: integer('attempts').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('social_posts_tenant_scheduled_idx').on(t.tenantId, t.scheduledFor),
    // The publishing worker looks across tenants for due posts.
    index('social_posts_status_scheduled_idx').on(t.status, t.scheduledFor),
    // A network's posting limit counts one account's recent sends before each is sent (social-limits.ts).
    index('social_posts_tenant_platform_published_idx').on(t.tenantId, t.platform, t.publishedAt),
  ],
);

// Credential columns hold ciphertext (AES-256-GCM); the API only reports isConfigured.
export const socialMediaConfigs = pgTable(
  'social_media_configs',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    platform: text('platform').notNull(),
    appId: text('app_id'),
    appSecret: text('app_secret'),
    accessToken: text('access_token'),
    accessTokenSecret: text('access_token_secret'),
    clientId: text('client_id'),
    clientSecret: text('client_secret'),
    pageId: text('page_id'),
    businessAccountId: text('business_account_id'),
    organizationId: text('organization_id'),
    isConfigured: boolean('is_configured').notNull().default(false),
    ...timestamps(),
  },
  (t) => [unique('social_media_configs_tenant_platform_unique').on(t.tenantId, t.platform)],
);

export const socialMediaAnalytics = pgTable(
  'social_media_analytics',
  {
    id: id(),
    tenantId: tenantId(),
    postId: uuid('post_id').references(() => socialPosts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    likes: integer('likes').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    reach: integer('reach').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
    clickThrough: integer('click_through').notNull().default(0),
    engagementRate: numeric('engagement_rate', { precision: 5, scale: 2 }), // percent
    // Issue 15: the account's follower count, on a row with no post (one per platform a day).
    followers: integer('followers'),
    recordedAt: tstz('recorded_at').notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    index('social_media_analytics_tenant_recorded_idx').on(t.tenantId, t.recordedAt.desc().nullsFirst()),
    index('social_media_analytics_post_id_idx').on(t.postId),
  ],
);

export const seoKeywords = pgTable(
  'seo_keywords',
  {
    id: id(),
    tenantId: tenantId(),
    keyword: text('keyword').notNull(),
    // Search Console's average position (e.g. 4.3) over the last 28 days, and over the 28 before.
    position: real('position'),
    previousPosition: real('previous_position'),
    // The rest of the keyword row as last fetched from Search Console.
    clicks: integer('clicks').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
    ctr: numeric('ctr', { precision: 5, scale: 2 }), // percent
    searchVolume: integer('search_volume'),
    difficulty: text('difficulty'), // easy | medium | hard
    trend: text('trend'), // up | down | other
    checkedAt: tstz('checked_at'),
    // Keywords (issue 17): the page that earned most clicks for the keyword, from Search Console.
    page: text('page'),
    ...timestamps(),
  },
  (t) => [unique('seo_keywords_tenant_keyword_unique').on(t.tenantId, t.keyword)],
);

export const analyticsReports = pgTable(
  'analytics_reports',
  {
    id: id(),
    tenantId: tenantId(),
    period: text('period').notNull(), // 7d | 30d | 90d
    traffic: integer('traffic').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    topKeywords: textList('top_keywords'),
    topPages: textList('top_pages'),
    trafficSources: textList('traffic_sources'), // 'Name (NN%)'
    // Analytics (issue 17): the weekly split, sources, keywords and conversion parts the report was built from.
    details: jsonb('details').$type<TReportDetails>(),
    generatedAt: tstz('generated_at').notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [index('analytics_reports_tenant_generated_idx').on(t.tenantId, t.generatedAt.desc().nullsFirst())],
);

export const wordpressPosts = pgTable(
  'wordpress_posts',
  {
    id: id(),
    tenantId: tenantId(),
    title: text('title').notNull(),
    content: text('content'),
    status: text('status').notNull().default('draft'),
    publishedAt: tstz('published_at'),
    metaDescription: text('meta_description'),
    categories: textList('categories'),
    tags: textList('tags'),
    featuredImage: text('featured_image'),
    seoScore: integer('seo_score'),
    // The post's id and link on the tenant's WordPress site once published there.
    remotePostId: integer('remote_post_id'),
    remoteUrl: text('remote_url'),
    ...timestamps(),
  },
  (t) => [index('wordpress_posts_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst())],
);

export const landingPages = pgTable(
  'landing_pages',
  {
    id: id(),
    tenantId: tenantId(),
    title: text('title').notNull(),
    description: text('description'),
    html: text('html'), // sanitised before storage
    css: text('css'),
    thumbnail: text('thumbnail'),
    messages: jsonb('messages')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // The structured page (fixed section set) our templates render; html is derived from it.
    page: jsonb('page').$type<unknown>(),
    // Published at /p/{tenant slug}/{slug}; null while a draft.
    slug: text('slug'),
    publishedAt: tstz('published_at'),
    ...timestamps(),
  },
  (t) => [
    index('landing_pages_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst()),
    unique('landing_pages_tenant_slug_unique').on(t.tenantId, t.slug),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: id(),
    tenantId: tenantId(),
    title: text('title').notNull(),
    excerpt: text('excerpt'),
    content: text('content'),
    status: text('status').notNull().default('draft'), // draft | published
    readingTime: integer('reading_time'), // minutes
    platform: text('platform').notNull().default('blog'), // blog | medium | substack
    topic: text('topic'),
    tone: text('tone'),
    metaDescription: text('meta_description'),
    categories: textList('categories'),
    tags: textList('tags'),
    // The post's id, link and status on the tenant's WordPress site once published there.
    remotePostId: integer('remote_post_id'),
    remoteUrl: text('remote_url'),
    remoteStatus: text('remote_status'),
    publishedAt: tstz('published_at'),
    // Scheduled publishing (issue 18): the time, the state of the try (scheduled | publishing |
    // failed; null when nothing is scheduled), the try's number (its job key) and why it failed.
    scheduledFor: tstz('scheduled_for'),
    scheduleState: text('schedule_state'),
    scheduleAttempt: integer('schedule_attempt').notNull().default(0),
    scheduleError: text('schedule_error'),
    ...timestamps(),
  },
  (t) => [
    index('blog_posts_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst()),
    index('blog_posts_schedule_due_idx').on(t.scheduleState, t.scheduledFor),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

// A blog post's featured image (one per post): kept here until published, then its id in the
// WordPress media library, so a second publish does not upload it again.
export const blogPostImages = pgTable(
  'blog_post_images',
  {
    id: id(),
    tenantId: tenantId(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    remoteMediaId: integer('remote_media_id'),
    remoteUrl: text('remote_url'),
    ...timestamps(),
  },
  (t) => [unique('blog_post_images_tenant_post_unique').on(t.tenantId, t.postId)],
);

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { TEngagementLevel, TLeadPriority, TLeadStatus, TScoreFactor, TScoreModel } from '#shared/schemas/leads.ts';
import { users } from './accounts.ts';
import { tenantId } from './tenant-column.ts';
import { id, timestamps, tstz } from './columns.ts';

export const leads = pgTable(
  'leads',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    service: text('service').notNull(),
    location: text('location').notNull(),
    priority: text('priority').$type<TLeadPriority>().notNull().default('medium'),
    status: text('status').$type<TLeadStatus>().notNull().default('new'),
    leadScore: integer('lead_score').notNull().default(0), // 0..100
    aiRecommendations: text('ai_recommendations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    engagementLevel: text('engagement_level').$type<TEngagementLevel>().notNull().default('unknown'),
    predictedValue: numeric('predicted_value', { precision: 10, scale: 2 }),
    urgencyScore: integer('urgency_score').notNull().default(50), // 0..100
    conversionProbability: numeric('conversion_probability', { precision: 5, scale: 2 }),
    // The explainable score: which features contributed what, so the screen can say why.
    scoreFactors: jsonb('score_factors').$type<TScoreFactor[]>(),
    // Which model produced the score: 'priors' (trade defaults) or 'history' (fitted per tenant).
    scoreModel: text('score_model').$type<TScoreModel>(),
    lastContactedAt: tstz('last_contacted_at'),
    // Status history the scoring model reads: when it passed qualification, when it closed
    // (converted or lost; cleared if it is reopened).
    qualifiedAt: tstz('qualified_at'),
    closedAt: tstz('closed_at'),
    nextFollowUpAt: tstz('next_follow_up_at'),
    // Where the lead came from: null when added by hand, 'landing:{page id}' from a published page.
    source: text('source'),
    // The UTM tags of the visit that sent the lead (utm_source, utm_medium, utm_campaign, …).
    utm: jsonb('utm').$type<Record<string, string>>(),
    // The search words that brought the lead (issue 35), lower-cased: from the visit's utm_term
    // ('tag'), the search engine's referrer query ('search'), or for an organic visit without
    // either, the tracked keyword whose top page is the page the form was on ('page').
    searchKeyword: text('search_keyword'),
    searchKeywordFrom: text('search_keyword_from').$type<'tag' | 'search' | 'page'>(),
    // The name of the page the lead came from when the website area does not own it: a finished
    // job's project page (source 'project:{job id}'), its title when the lead arrived.
    sourceTitle: text('source_title'),
    // What the job was worth, entered on Convert (defaults to the predicted value then).
    jobValue: numeric('job_value', { precision: 10, scale: 2 }),
    ...timestamps(),
  },
  (t) => [
    // Keyset pagination of the lead list, newest first, unfiltered and per status / priority filter.
    index('leads_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_tenant_status_created_idx').on(
      t.tenantId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('leads_tenant_priority_created_idx').on(
      t.tenantId,
      t.priority,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Search: ILIKE '%q%' over name, service and location (pg_trgm, case-insensitive trigrams).
    // The repo's search expression must stay exactly this one for the index to be used.
    index('leads_search_trgm_idx').using('gin', sql`(name || ' ' || service || ' ' || location) gin_trgm_ops`),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: id(),
    tenantId: tenantId(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    // The lead the activity is about, if any; the activity stays in the feed if the lead goes.
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    // Who did it (NULL for the system or a departed member).
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('activities_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst()),
    index('activities_lead_id_idx').on(t.leadId),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    tenantId: tenantId(),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type'),
    status: text('status').notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    // For the dashboard's "upcoming tasks" list.
    dueAt: tstz('due_at'),
    // When the owner's phone was told it is due (the due-task sweep pushes once per due time).
    dueNotifiedAt: tstz('due_notified_at'),
    completedAt: tstz('completed_at'),
    // What the task follows up on, when it was created from a lead or a review.
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    reviewId: uuid('review_id'),
    ...timestamps(),
  },
  (t) => [index('tasks_tenant_status_idx').on(t.tenantId, t.status, t.dueAt)],
);

import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tenantId } from './tenant-column.ts';
import { id, timestamps, tstz } from './columns.ts';

// Coach data is about the business, so it is tenant-owned; user_id says whom it addresses
// (nullable: an insight or goal outlives the member who left).

export const aiCoachInsights = pgTable(
  'ai_coach_insights',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    insightType: text('insight_type').notNull(), // achievement | warning | recommendation | tip | other
    title: text('title').notNull(),
    message: text('message').notNull(),
    actionable: boolean('actionable').notNull().default(false),
    priority: text('priority').notNull().default('medium'),
    category: text('category'),
    isRead: boolean('is_read').notNull().default(false),
    isActionTaken: boolean('is_action_taken').notNull().default(false),
    relatedFeature: text('related_feature'),
    metadata: jsonb('metadata'),
    validUntil: tstz('valid_until'),
    ...timestamps(),
  },
  (t) => [
    index('ai_coach_insights_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst()),
    index('ai_coach_insights_user_id_idx').on(t.userId),
  ],
);

export const userGoals = pgTable(
  'user_goals',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    goalType: text('goal_type').notNull(), // daily | weekly | monthly | custom
    title: text('title').notNull(),
    description: text('description'),
    targetValue: integer('target_value').notNull(),
    currentValue: integer('current_value').notNull().default(0),
    unit: text('unit'),
    category: text('category'),
    status: text('status').notNull().default('active'),
    dueDate: tstz('due_date'),
    completedAt: tstz('completed_at'),
    priority: text('priority').notNull().default('medium'),
    ...timestamps(),
  },
  (t) => [index('user_goals_tenant_status_idx').on(t.tenantId, t.status), index('user_goals_user_id_idx').on(t.userId)],
);

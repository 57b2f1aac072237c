import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TPhotoStage, TProposalKind, TProposalStatus } from '#shared/work.ts';
import { leads } from './leads.ts';
import { tenantId } from './tenant-column.ts';
import { id, timestamps, tstz } from './columns.ts';

// Finished work (issue 36), owned by the work module (`modules/work/`; not the background-job
// queue in `server/jobs/`): a job done for a converted lead, its photos, and what the owner did
// with each thing "Share this job" proposed.

/** One finished job: what was done, in which town, when, for how much; never the street address unless the customer agreed. */
export const workJobs = pgTable(
  'work_jobs',
  {
    id: id(),
    tenantId: tenantId(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    town: text('town').notNull(),
    completedOn: date('completed_on', { mode: 'string' }).notNull(),
    value: numeric('value', { precision: 10, scale: 2 }),
    notes: text('notes'),
    /** The customer's recorded yes to their first name and the job's photos on public pages (the owner's tick, or their answer). */
    consent: boolean('consent').notNull().default(false),
    /** When the customer answered the review page's question themselves (consent then holds their yes or no); null: not answered. */
    consentAnsweredAt: tstz('consent_answered_at'),
    /** The street address, kept only with consent. */
    address: text('address'),
    /** The project page's address part: /p/{business}/projects/{slug}. */
    slug: text('slug').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('work_jobs_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('work_jobs_tenant_slug_idx').on(t.tenantId, t.slug),
    index('work_jobs_lead_idx').on(t.leadId),
  ],
);

/** A photo of a job, resized and stripped of its metadata, its bytes in a file under the business in the data directory. */
export const jobPhotos = pgTable(
  'job_photos',
  {
    id: id(),
    tenantId: tenantId(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => workJobs.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<TPhotoStage>().notNull(),
    /** The public address's secret part: /p/_/photos/{token}.jpg. */
    token: text('token').notNull(),
    /** Where the bytes are, relative to the data directory. */
    path: text('path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    position: integer('position').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('job_photos_tenant_job_idx').on(t.tenantId, t.jobId, t.position),
    uniqueIndex('job_photos_token_idx').on(t.token),
  ],
);

/** What the owner did with one of a job's proposals: the draft kept, approved (with what it became), or skipped. */
export const jobProposals = pgTable(
  'job_proposals',
  {
    tenantId: tenantId(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => workJobs.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TProposalKind>().notNull(),
    status: text('status').$type<TProposalStatus>().notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** What it became: a post group, a review request, a blog post (its id), and the outcome in words. */
    ref: text('ref'),
    outcome: text('outcome'),
    decidedAt: tstz('decided_at'),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.jobId, t.kind] })],
);

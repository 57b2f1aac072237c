import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TCreateJobRequest, TJob, TJobPage } from '#shared/schemas/work.ts';
import { WORK_MESSAGES } from '#shared/work.ts';
import type { z } from 'zod';
import type { ZCreateJobRequest } from '#shared/schemas/work.ts';
import type { Ai } from '#server/ai/ai.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { AppError, FieldError, notFound } from '#server/errors.ts';
import type { AppServices } from '#server/services.ts';
import { leadOf, leadsOf } from '#server/modules/leads/leads.service.ts';
import { requestDeps, type RequestDeps } from '#server/modules/reviews/review-requests.service.ts';
import { socialDeps, type SocialDeps } from '#server/modules/social/social.service.ts';
import { businessSlug } from '#server/modules/website/lead-intake.service.ts';
import { websiteDeps, type WebsiteDeps } from '#server/modules/website/website.deps.ts';
import { toPhoto } from './job-photos.ts';
import { photoStoreFor, type PhotoStore } from './photo-store.ts';
import * as repo from './work.repo.ts';

/**
 * Finished work (issue 36; the `work` area, not the background-job queue in server/jobs/): a job
 * done for a converted lead, its photos (job-photos.ts), and what "Share this job" proposes
 * (job-proposals.service.ts) through the review-request, social and website areas' services.
 */
export interface WorkDeps {
  db: Db;
  ai: Ai;
  log: FastifyBaseLogger;
  photos: PhotoStore;
  /** Read when used: main.ts puts the real port into appUrl only after listening. */
  readonly appUrl: string;
  social: SocialDeps;
  requests: RequestDeps;
  website: WebsiteDeps;
}

export function workDeps(services: AppServices): WorkDeps {
  return {
    db: services.database.db,
    ai: services.ai,
    log: services.log,
    photos: photoStoreFor(services.config.photoBucket, services.config.dataDir),
    get appUrl() {
      return services.config.appUrl;
    },
    social: socialDeps(services),
    requests: requestDeps(services),
    website: websiteDeps(services),
  };
}

const PAGE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const jobNotFound = () => notFound('Job');
const num = (v: string | null) => (v === null ? null : Number(v));

function slugOf(service: string, town: string, completedOn: string): string {
  const words = `${service} ${town.split(',')[0] ?? ''} ${completedOn.slice(0, 7)}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, 60).replace(/-+$/, '') || 'project';
}

/** The project page's public address. */
export const projectUrl = (appUrl: string, business: string, slug: string) =>
  `${appUrl}/p/${business}/projects/${slug}`;

/** Jobs as the API shows them, with their customers' names and photos. */
export async function jobViews(deps: WorkDeps, tenantId: string, rows: repo.JobRow[]): Promise<TJob[]> {
  const ids = rows.map((r) => r.id);
  const [photos, leads, published, business] = await Promise.all([
    repo.photosOf(deps.db, tenantId, ids),
    leadsOf(
      deps,
      tenantId,
      rows.map((r) => r.leadId),
    ),
    repo.publishedJobs(deps.db, tenantId),
    businessSlug(deps, tenantId),
  ]);
  const live = new Set(published.map((j) => j.id));
  return rows.map((r) => ({
    id: r.id,
    leadId: r.leadId,
    customerName: leads.get(r.leadId)?.name ?? '',
    service: r.service,
    town: r.town,
    completedOn: r.completedOn,
    value: num(r.value),
    notes: r.notes,
    consent: r.consent,
    consentAnswered: r.consentAnsweredAt !== null,
    slug: r.slug,
    projectUrl: live.has(r.id) ? projectUrl(deps.appUrl, business, r.slug) : null,
    photos: photos.filter((p) => p.jobId === r.id).map((p) => toPhoto(deps.appUrl, p)),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function jobRowOr404(deps: Pick<WorkDeps, 'db'>, tenantId: string, id: string): Promise<repo.JobRow> {
  const row = UUID.test(id) ? await repo.findJob(deps.db, tenantId, id) : undefined;
  if (!row) throw jobNotFound();
  return row;
}

/** A job for one of the business's converted leads: town only, the street address only with consent. */
export async function createJob(
  deps: WorkDeps,
  auth: AuthContext,
  input: z.output<typeof ZCreateJobRequest>,
): Promise<TJob> {
  const lead = await leadOf(deps, auth.tenantId, input.leadId);
  if (!lead) throw notFound('Lead');
  if (lead.status !== 'converted') throw new AppError('conflict', WORK_MESSAGES.leadNotConverted);
  const base = slugOf(input.service, input.town, input.completedOn);
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    if (await repo.slugTaken(deps.db, auth.tenantId, slug)) continue;
    try {
      const row = await repo.insertJob(deps.db, auth.tenantId, {
        leadId: lead.id,
        service: input.service,
        town: input.town,
        completedOn: input.completedOn,
        value: input.value === null || input.value === undefined ? null : String(input.value),
        notes: input.notes || null,
        consent: input.consent,
        address: input.consent ? input.address || null : null,
        slug,
      });
      return (await jobViews(deps, auth.tenantId, [row]))[0]!;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new AppError('conflict', 'Could not give this job an address; please try again.');
}

export type { TCreateJobRequest };

const encodeCursor = (row: repo.JobRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!UUID.test(id) || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(at) || Number.isNaN(Date.parse(at)))
    throw new FieldError('cursor', 'This page of jobs is no longer valid. Reload the list to start again.');
  return { at, id };
}

/** The business's jobs, newest first, 20 a page (?cursor= from the previous page), optionally one lead's. */
export async function listJobs(
  deps: WorkDeps,
  auth: AuthContext,
  query: { cursor?: string | undefined; leadId?: string | undefined },
): Promise<TJobPage> {
  const rows = await repo.listJobs(deps.db, auth.tenantId, {
    limit: PAGE + 1,
    ...(query.cursor ? { after: decodeCursor(query.cursor) } : {}),
    ...(query.leadId ? { leadId: query.leadId } : {}),
  });
  const page = rows.slice(0, PAGE);
  return {
    jobs: await jobViews(deps, auth.tenantId, page),
    nextCursor: rows.length > PAGE ? encodeCursor(page.at(-1)!) : null,
  };
}

import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { TProposalKind, TProposalStatus } from '#shared/work.ts';
import type { Db } from '#server/db/client.ts';
import { jobPhotos, jobProposals, workJobs } from '#server/db/schema/index.ts';

export type JobRow = typeof workJobs.$inferSelect;
export type NewJob = Omit<typeof workJobs.$inferInsert, 'id' | 'tenantId'>;
export type PhotoRow = typeof jobPhotos.$inferSelect;
export type NewPhoto = Omit<typeof jobPhotos.$inferInsert, 'tenantId' | 'jobId'>;
export type ProposalRow = typeof jobProposals.$inferSelect;

export async function insertJob(db: Db, tenantId: string, values: NewJob): Promise<JobRow> {
  const [row] = await db
    .insert(workJobs)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function slugTaken(db: Db, tenantId: string, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workJobs.id })
    .from(workJobs)
    .where(and(eq(workJobs.tenantId, tenantId), eq(workJobs.slug, slug)));
  return row !== undefined;
}

export async function findJob(
  db: Db,
  tenantId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<JobRow | undefined> {
  const query = db
    .select()
    .from(workJobs)
    .where(and(eq(workJobs.tenantId, tenantId), eq(workJobs.id, id)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function findJobBySlug(db: Db, tenantId: string, slug: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(workJobs)
    .where(and(eq(workJobs.tenantId, tenantId), eq(workJobs.slug, slug)));
  return row;
}

/** A page of jobs, newest first, after the (createdAt, id) of the last one shown. */
export async function listJobs(
  db: Db,
  tenantId: string,
  opts: { after?: { at: string; id: string }; leadId?: string; limit: number },
): Promise<JobRow[]> {
  const after = opts.after
    ? or(
        lt(workJobs.createdAt, new Date(opts.after.at)),
        and(eq(workJobs.createdAt, new Date(opts.after.at)), lt(workJobs.id, opts.after.id)),
      )
    : undefined;
  return db
    .select()
    .from(workJobs)
    .where(and(eq(workJobs.tenantId, tenantId), opts.leadId ? eq(workJobs.leadId, opts.leadId) : undefined, after))
    .orderBy(desc(workJobs.createdAt), desc(workJobs.id))
    .limit(opts.limit);
}

/** The jobs whose project page is approved (public), newest first. */
export async function publishedJobs(db: Db, tenantId: string): Promise<JobRow[]> {
  return db
    .select({ job: workJobs })
    .from(workJobs)
    .innerJoin(
      jobProposals,
      and(
        eq(jobProposals.tenantId, workJobs.tenantId),
        eq(jobProposals.jobId, workJobs.id),
        eq(jobProposals.kind, 'project_page'),
        eq(jobProposals.status, 'approved'),
      ),
    )
    .where(eq(workJobs.tenantId, tenantId))
    .orderBy(desc(workJobs.completedOn), desc(workJobs.id))
    .then((rows) => rows.map((r) => r.job));
}

export async function photosOf(db: Db, tenantId: string, jobIds: string[]): Promise<PhotoRow[]> {
  if (jobIds.length === 0) return [];
  return db
    .select()
    .from(jobPhotos)
    .where(
      and(
        eq(jobPhotos.tenantId, tenantId),
        sql`${jobPhotos.jobId} in (${sql.join(
          jobIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(jobPhotos.jobId), asc(jobPhotos.position));
}

export async function insertPhotos(db: Db, tenantId: string, jobId: string, rows: NewPhoto[]): Promise<PhotoRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(jobPhotos)
    .values(rows.map((r) => ({ ...r, tenantId, jobId })))
    .returning();
}

export async function deletePhoto(
  db: Db,
  tenantId: string,
  jobId: string,
  photoId: string,
): Promise<PhotoRow | undefined> {
  const [row] = await db
    .delete(jobPhotos)
    .where(and(eq(jobPhotos.tenantId, tenantId), eq(jobPhotos.jobId, jobId), eq(jobPhotos.id, photoId)))
    .returning();
  return row;
}

/** A photo by its public token (the token is the secret). */
export async function photoByToken(db: Db, token: string): Promise<PhotoRow | undefined> {
  const [row] = await db.select().from(jobPhotos).where(eq(jobPhotos.token, token));
  return row;
}

export async function proposalsOf(db: Db, tenantId: string, jobId: string): Promise<ProposalRow[]> {
  return db
    .select()
    .from(jobProposals)
    .where(and(eq(jobProposals.tenantId, tenantId), eq(jobProposals.jobId, jobId)));
}

/** Keeps a generated draft once (a second caller's draft is dropped); the row that stands. */
export async function keepDraft(
  db: Db,
  tenantId: string,
  jobId: string,
  kind: TProposalKind,
  content: Record<string, unknown>,
): Promise<void> {
  await db.insert(jobProposals).values({ tenantId, jobId, kind, status: 'proposed', content }).onConflictDoNothing();
}

/**
 * Moves a proposal from proposed to approved or skipped with what it became; false when another
 * request decided it first (the row is no longer proposed).
 */
export async function decide(
  db: Db,
  tenantId: string,
  jobId: string,
  kind: TProposalKind,
  values: {
    status: Exclude<TProposalStatus, 'proposed'>;
    content: Record<string, unknown>;
    ref?: string | null;
    outcome?: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(jobProposals)
    .set({ ...values, decidedAt: new Date() })
    .where(
      and(
        eq(jobProposals.tenantId, tenantId),
        eq(jobProposals.jobId, jobId),
        eq(jobProposals.kind, kind),
        eq(jobProposals.status, 'proposed'),
      ),
    )
    .returning({ kind: jobProposals.kind });
  return rows.length > 0;
}

/** A skipped proposal may be taken up again: back to proposed. */
export async function reopen(db: Db, tenantId: string, jobId: string, kind: TProposalKind): Promise<void> {
  await db
    .update(jobProposals)
    .set({ status: 'proposed', decidedAt: null, outcome: null })
    .where(
      and(
        eq(jobProposals.tenantId, tenantId),
        eq(jobProposals.jobId, jobId),
        eq(jobProposals.kind, kind),
        eq(jobProposals.status, 'skipped'),
      ),
    );
}

/** What an approved proposal became, once it has. */
export async function setOutcome(
  db: Db,
  tenantId: string,
  jobId: string,
  kind: TProposalKind,
  values: { ref: string | null; outcome: string },
): Promise<void> {
  await db
    .update(jobProposals)
    .set(values)
    .where(and(eq(jobProposals.tenantId, tenantId), eq(jobProposals.jobId, jobId), eq(jobProposals.kind, kind)));
}

/** An approval whose work failed goes back to proposed, with the content the owner sent. */
export async function release(db: Db, tenantId: string, jobId: string, kind: TProposalKind): Promise<void> {
  await db
    .update(jobProposals)
    .set({ status: 'proposed', decidedAt: null })
    .where(
      and(
        eq(jobProposals.tenantId, tenantId),
        eq(jobProposals.jobId, jobId),
        eq(jobProposals.kind, kind),
        eq(jobProposals.status, 'approved'),
      ),
    );
}

/** The customer's own answer to the review page's question: consent is then theirs, yes or no. */
export async function recordConsentAnswer(db: Db, tenantId: string, id: string, yes: boolean): Promise<void> {
  await db
    .update(workJobs)
    .set({ consent: yes, consentAnsweredAt: new Date(), updatedAt: new Date() })
    .where(and(eq(workJobs.tenantId, tenantId), eq(workJobs.id, id)));
}

import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { blogPostImages, blogPosts, landingPages } from '#server/db/schema/index.ts';

// SQL for blog_posts and landing_pages. Every query is scoped by tenant_id in its WHERE clause
// (the public page looks its business up by slug first, through the auth area).

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewBlogPost = Omit<typeof blogPosts.$inferInsert, 'id' | 'tenantId'>;
export type BlogImageRow = typeof blogPostImages.$inferSelect;
export type BlogImageMeta = Omit<BlogImageRow, 'data'>;
export type LandingPageRow = typeof landingPages.$inferSelect;
export type NewLandingPage = Omit<typeof landingPages.$inferInsert, 'id' | 'tenantId'>;

export async function listBlogPosts(db: Db, tenantId: string, limit: number): Promise<BlogPostRow[]> {
  return db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.tenantId, tenantId))
    .orderBy(desc(blogPosts.updatedAt))
    .limit(limit);
}

/** Only the columns the content stats need, for every post of the business. */
export async function statRows(db: Db, tenantId: string) {
  return db
    .select({ status: blogPosts.status, content: blogPosts.content, createdAt: blogPosts.createdAt })
    .from(blogPosts)
    .where(eq(blogPosts.tenantId, tenantId));
}

/** When each of the business's published blog posts went out. */
export async function publishedBlogDates(db: Db, tenantId: string): Promise<Date[]> {
  const rows = await db
    .select({ at: blogPosts.publishedAt })
    .from(blogPosts)
    .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.status, 'published')));
  return rows.flatMap((r) => (r.at ? [r.at] : []));
}

export async function findBlogPost(db: Db, tenantId: string, id: string): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.id, id)));
  return row;
}

export async function insertBlogPost(db: Db, tenantId: string, values: NewBlogPost): Promise<BlogPostRow> {
  const [row] = await db
    .insert(blogPosts)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('blog post insert returned no row');
  return row;
}

export async function updateBlogPost(
  db: Db,
  tenantId: string,
  id: string,
  changes: Partial<NewBlogPost>,
): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .update(blogPosts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.id, id)))
    .returning();
  return row;
}

/** Changes a post only while its schedule is in the given state and try: the claim that makes a publish happen once. */
export async function updateBlogPostIf(
  db: Db,
  tenantId: string,
  id: string,
  when: { state: string; attempt: number },
  changes: Partial<NewBlogPost>,
): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .update(blogPosts)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(blogPosts.tenantId, tenantId),
        eq(blogPosts.id, id),
        eq(blogPosts.scheduleState, when.state),
        eq(blogPosts.scheduleAttempt, when.attempt),
      ),
    )
    .returning();
  return row;
}

/** Scheduled posts whose time has come, across businesses (the minute sweep's safety net). */
export async function dueBlogPosts(db: Db, now: Date) {
  return db
    .select({ id: blogPosts.id, tenantId: blogPosts.tenantId, scheduleAttempt: blogPosts.scheduleAttempt })
    .from(blogPosts)
    .where(and(eq(blogPosts.scheduleState, 'scheduled'), lte(blogPosts.scheduledFor, now)))
    .limit(500);
}

const imageMetaColumns = {
  id: blogPostImages.id,
  tenantId: blogPostImages.tenantId,
  postId: blogPostImages.postId,
  filename: blogPostImages.filename,
  mimeType: blogPostImages.mimeType,
  size: blogPostImages.size,
  remoteMediaId: blogPostImages.remoteMediaId,
  remoteUrl: blogPostImages.remoteUrl,
  createdAt: blogPostImages.createdAt,
  updatedAt: blogPostImages.updatedAt,
};

/** The featured images of these posts, without their bytes. */
export async function imageMetas(db: Db, tenantId: string, postIds: string[]): Promise<BlogImageMeta[]> {
  if (postIds.length === 0) return [];
  return db
    .select(imageMetaColumns)
    .from(blogPostImages)
    .where(and(eq(blogPostImages.tenantId, tenantId), inArray(blogPostImages.postId, postIds)));
}

export async function findImage(db: Db, tenantId: string, postId: string): Promise<BlogImageRow | undefined> {
  const [row] = await db
    .select()
    .from(blogPostImages)
    .where(and(eq(blogPostImages.tenantId, tenantId), eq(blogPostImages.postId, postId)));
  return row;
}

/** One image per post: a new upload replaces the old one (and is uploaded to WordPress afresh). */
export async function saveImage(
  db: Db,
  tenantId: string,
  postId: string,
  file: { filename: string; mimeType: string; data: Buffer },
): Promise<void> {
  const values = { ...file, size: file.data.length, remoteMediaId: null, remoteUrl: null };
  await db
    .insert(blogPostImages)
    .values({ ...values, tenantId, postId })
    .onConflictDoUpdate({
      target: [blogPostImages.tenantId, blogPostImages.postId],
      set: { ...values, updatedAt: new Date() },
    });
}

export async function setImageRemote(
  db: Db,
  tenantId: string,
  postId: string,
  remoteMediaId: number,
  remoteUrl: string,
) {
  await db
    .update(blogPostImages)
    .set({ remoteMediaId, remoteUrl: remoteUrl || null, updatedAt: new Date() })
    .where(and(eq(blogPostImages.tenantId, tenantId), eq(blogPostImages.postId, postId)));
}

export async function deleteImage(db: Db, tenantId: string, postId: string): Promise<void> {
  await db.delete(blogPostImages).where(and(eq(blogPostImages.tenantId, tenantId), eq(blogPostImages.postId, postId)));
}

export async function listLandingPages(db: Db, tenantId: string, limit: number): Promise<LandingPageRow[]> {
  return db
    .select()
    .from(landingPages)
    .where(eq(landingPages.tenantId, tenantId))
    .orderBy(desc(landingPages.createdAt))
    .limit(limit);
}

/** These landing pages of the tenant (id, title, slug, published): the coach names the pages its leads came from. */
export async function landingPagesByIds(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: landingPages.id,
      title: landingPages.title,
      slug: landingPages.slug,
      publishedAt: landingPages.publishedAt,
    })
    .from(landingPages)
    .where(and(eq(landingPages.tenantId, tenantId), inArray(landingPages.id, ids)));
}

export async function findLandingPage(db: Db, tenantId: string, id: string): Promise<LandingPageRow | undefined> {
  const [row] = await db
    .select()
    .from(landingPages)
    .where(and(eq(landingPages.tenantId, tenantId), eq(landingPages.id, id)));
  return row;
}

export async function insertLandingPage(db: Db, tenantId: string, values: NewLandingPage): Promise<LandingPageRow> {
  const [row] = await db
    .insert(landingPages)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('landing page insert returned no row');
  return row;
}

export async function updateLandingPage(
  db: Db,
  tenantId: string,
  id: string,
  changes: Partial<NewLandingPage>,
): Promise<LandingPageRow | undefined> {
  const [row] = await db
    .update(landingPages)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(landingPages.tenantId, tenantId), eq(landingPages.id, id)))
    .returning();
  return row;
}

export async function slugTaken(db: Db, tenantId: string, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: landingPages.id })
    .from(landingPages)
    .where(and(eq(landingPages.tenantId, tenantId), eq(landingPages.slug, slug)));
  return Boolean(row);
}

/** A published page of the business by its slug. */
export async function findPublished(db: Db, tenantId: string, pageSlug: string): Promise<LandingPageRow | undefined> {
  const [row] = await db
    .select()
    .from(landingPages)
    .where(
      and(eq(landingPages.tenantId, tenantId), eq(landingPages.slug, pageSlug), isNotNull(landingPages.publishedAt)),
    );
  return row;
}

import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { blogPosts, landingPages, memberships, tenants, users } from '#server/db/schema/index.ts';

// SQL for blog_posts and landing_pages. Every query is scoped by tenant_id in its WHERE clause
// (the public page looks its tenant up by slug first).

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewBlogPost = Omit<typeof blogPosts.$inferInsert, 'id' | 'tenantId'>;
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

export async function listLandingPages(db: Db, tenantId: string, limit: number): Promise<LandingPageRow[]> {
  return db
    .select()
    .from(landingPages)
    .where(eq(landingPages.tenantId, tenantId))
    .orderBy(desc(landingPages.createdAt))
    .limit(limit);
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

export async function tenantSlug(db: Db, tenantId: string): Promise<string> {
  const [row] = await db.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.slug ?? '';
}

/** A published page by its public address: the tenant by slug, then its page by slug. */
export async function findPublished(db: Db, businessSlug: string, pageSlug: string) {
  const [row] = await db
    .select({ page: landingPages, tenantName: tenants.name })
    .from(landingPages)
    .innerJoin(tenants, eq(tenants.id, landingPages.tenantId))
    .where(and(eq(tenants.slug, businessSlug), eq(landingPages.slug, pageSlug), isNotNull(landingPages.publishedAt)));
  return row;
}

/** Emails of the business's admins, told about every lead a landing page brings in. */
export async function adminEmails(db: Db, tenantId: string): Promise<{ userId: string; email: string }[]> {
  return db
    .select({ userId: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.status, 'active'), eq(memberships.role, 'admin')));
}

import type { TBlogPost, TSaveBlogPost } from '#shared/schemas/website.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { notFound } from '#server/errors.ts';
import { assertDemoBusiness } from '#server/modules/auth/accounts.service.ts';
import { createBlogPost, viewPost } from './blog.service.ts';
import type { WebsiteDeps } from './website.deps.ts';
import * as repo from './website.repo.ts';

/** The demo's sample website (a reserved .example address: no real site), where its posts went. */
export const DEMO_SITE = 'https://demo-heating-cooling.example';

/**
 * A post of the demo business's history that went live on its sample website `publishedAt`: written
 * as the editor saves a draft, then stamped as a WordPress publish stamps it (published, its
 * address and the remote status). Nothing is sent anywhere; refused for any business that is not
 * the demo, whose screens carry the Demo Data badge.
 */
export async function addDemoPublishedPost(
  deps: WebsiteDeps,
  auth: AuthContext,
  input: TSaveBlogPost,
  slug: string,
  publishedAt: Date,
): Promise<TBlogPost> {
  await assertDemoBusiness(deps, auth.tenantId, 'posts');
  const draft = await createBlogPost(deps, auth, input);
  const row = await repo.updateBlogPost(deps.db, auth.tenantId, draft.id, {
    status: 'published',
    remoteStatus: 'publish',
    remoteUrl: `${DEMO_SITE}/blog/${slug}`,
    publishedAt,
  });
  if (!row) throw notFound('Blog post');
  return viewPost(deps, auth.tenantId, row);
}

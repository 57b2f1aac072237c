import type { TSyncResult } from '#shared/schemas/reviews.ts';
import {
  forEachReviewPage,
  type BusinessReview,
} from '#server/integrations/google-business/business-reviews-client.ts';
import { connectedTenants, withConnection } from '#server/modules/connections/connections.service.ts';
import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import type { NewReview } from './reviews.repo.ts';
import * as repo from './reviews.repo.ts';
import type { ReviewsDeps } from './reviews.deps.ts';
import { pushLowReviews } from './review-push.ts';

/**
 * The Business Profile sync: every review of the connected location (Places gives at most five),
 * page by page, into `reviews` by Google's reviewId — new ones inserted, edits and the owner's
 * replies refreshed, our drafts and follow-up flags kept; new low ones pushed to the owner's phone.
 * Run every 15 minutes by reviews.jobs.ts.
 */
function toRow(r: BusinessReview): NewReview {
  return {
    platform: 'google',
    externalId: r.reviewId,
    customerName: r.reviewerName,
    reviewerPhotoUrl: r.reviewerPhotoUrl,
    rating: r.rating,
    content: r.comment,
    reviewedAt: r.createTime ? new Date(r.createTime) : null,
    replyText: r.reply?.comment ?? null,
    repliedAt: r.reply ? new Date(r.reply.updateTime ?? Date.now()) : null,
    ...(r.reply ? { responseStatus: repo.REVIEW_ANSWERED } : {}),
  };
}

/** Syncs one business; undefined when it has no Business Profile connection. */
export async function syncTenantReviews(deps: ReviewsDeps, tenantId: string): Promise<TSyncResult | undefined> {
  const config = { baseUrl: deps.config.businessBaseUrl, ...(deps.http ? { http: deps.http } : {}) };
  return withConnection(deps.connections, tenantId, 'google', async (token, location) => {
    const firstImport = (await repo.countPlatform(deps.db, tenantId, 'google')) === 0;
    const added: NewReview[] = [];
    let seen = 0;
    const pages = await forEachReviewPage(config, token, location, async (page) => {
      seen += page.reviews.length;
      const rows = page.reviews.map(toRow);
      added.push(...(await repo.upsertReviews(deps.db, tenantId, rows, { repliesComplete: true })).added);
    });
    await pushLowReviews(deps, tenantId, added, { firstImport });
    return { imported: added.length, updated: seen - added.length, pages };
  });
}

/** The recurring job: every connected business in turn; one business's problem does not stop the rest. */
export async function syncAllReviews(
  deps: ReviewsDeps,
): Promise<{ tenants: number; failed: number; imported: number }> {
  let tenants = 0;
  let failed = 0;
  let imported = 0;
  for (const tenantId of await connectedTenants(deps.connections, 'google')) {
    try {
      const result = await syncTenantReviews(deps, tenantId);
      if (result) {
        tenants++;
        imported += result.imported;
      }
    } catch (err) {
      // Already recorded on the connection (banner and mail); the next run tries again.
      if (!(err instanceof ConnectionProblem)) throw err;
      failed++;
    }
  }
  return { tenants, failed, imported };
}

import type { Jobs } from '#server/jobs/jobs.ts';
import { notify } from '#server/modules/push/push.service.ts';
import type { NewReview } from './reviews.repo.ts';

/** A review this low is worth the owner's attention now (the spec's "3 stars or less"). */
export const LOW_REVIEW_STARS = 3;

/**
 * Tells the business's members who chose "Review of 3 stars or less" of reviews new to us, one
 * push per sync (the job system sends it), opening /reviews. A business's first import is its
 * history, not news: nothing is pushed for it.
 */
export async function pushLowReviews(
  deps: { jobs: Pick<Jobs, 'enqueue'> },
  tenantId: string,
  added: NewReview[],
  { firstImport }: { firstImport: boolean },
): Promise<void> {
  if (firstImport) return;
  const low = added.filter((r) => r.rating <= LOW_REVIEW_STARS);
  const [one] = low;
  if (!one) return;
  await notify(
    deps,
    tenantId,
    'low_review',
    low.length === 1
      ? {
          title: `New ${one.rating}-star review from ${one.customerName}`,
          body: one.content?.slice(0, 140) || 'No words, just the stars.',
          url: '/reviews',
        }
      : {
          title: `${low.length} new reviews of ${LOW_REVIEW_STARS} stars or less`,
          body: low
            .map((r) => `${r.customerName} (${r.rating}★)`)
            .join(', ')
            .slice(0, 140),
          url: '/reviews',
        },
  );
}

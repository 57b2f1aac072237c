import {
  FLAG_MAX_RATING,
  type TFlagResult,
  type TGeneratedResponse,
  type TReplyTemplate,
  type TReplyTemplateList,
  type TReview,
} from '#shared/schemas/reviews.ts';
import type { z } from 'zod';
import type { ZGenerateResponseRequest, ZReplyTemplateRequest } from '#shared/schemas/reviews.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { AppError, notFound } from '#server/errors.ts';
import { updateReply } from '#server/integrations/google-business/business-reviews-client.ts';
import { withConnection } from '#server/modules/connections/connections.service.ts';
import { businessProfileOfMembers } from '#server/modules/onboarding/onboarding.service.ts';
import { createTask } from '#server/modules/tasks/tasks.service.ts';
import { REPLY_SYSTEM, acceptableReply, offlineReply, replyPrompt, type ReplyInput } from './review-replies.ts';
import * as repo from './reviews.repo.ts';
import type { ReviewsDeps } from './reviews.deps.ts';
import { connectionFailure, isUuid, overview, reviewNotFound, toReview } from './reviews.service.ts';

/** Generate Response, Post Response, Flag for Follow-up and the reply templates. */

async function reviewOr404(deps: ReviewsDeps, tenantId: string, id: string): Promise<repo.ReviewRow> {
  const row = isUuid(id) ? await repo.findReview(deps.db, tenantId, id) : undefined;
  if (!row) throw reviewNotFound();
  return row;
}

/** Through the AI layer in the business's voice; the offline engine answers without a model or when a draft breaks the rules. */
export async function generateResponse(
  deps: ReviewsDeps,
  auth: AuthContext,
  input: z.output<typeof ZGenerateResponseRequest>,
): Promise<TGeneratedResponse> {
  const review = input.reviewId ? await reviewOr404(deps, auth.tenantId, input.reviewId) : undefined;
  const business = input.businessName || (await repo.findBusiness(deps.db, auth.tenantId))?.name || '';
  // The onboarding profile: its tone for the prompt and the offline reply alike, its facts for the model to use.
  const profile = await businessProfileOfMembers(deps.db, auth.tenantId);
  const facts: ReplyInput = {
    reviewerName: review?.customerName ?? input.reviewerName ?? '',
    rating: review?.rating ?? input.rating,
    reviewText: review?.content ?? input.reviewText,
    businessName: business,
    tone: profile.tone,
    profile: [profile.serviceArea && `Serves ${profile.serviceArea}.`, profile.description].filter(Boolean).join(' '),
  };
  const offline = () => offlineReply(facts);
  const result = await deps.ai.text(
    { tenantId: auth.tenantId, userId: auth.userId },
    { system: REPLY_SYSTEM, prompt: replyPrompt(facts), offline },
  );
  const response = acceptableReply(result.value, facts) ? result.value.trim() : offline();
  const source = response === result.value.trim() ? result.source : 'offline';
  if (review) await repo.updateReview(deps.db, auth.tenantId, review.id, { aiResponse: response });
  return { response, source };
}

/**
 * Post Response: published on Google through the Business Profile (updateReply), then the
 * review is marked replied with the date. Without a connection nothing is pretended: the
 * draft is kept and the answer says to copy it and paste it on Google.
 */
export async function postReply(deps: ReviewsDeps, auth: AuthContext, id: string, text: string): Promise<TReview> {
  const review = await reviewOr404(deps, auth.tenantId, id);
  await repo.updateReview(deps.db, auth.tenantId, review.id, { aiResponse: text });
  const cannot = (why: string) =>
    new AppError('conflict', `${why} Your reply is saved: copy it and paste it on the review on Google.`);
  if (review.platform !== 'google' || !review.externalId)
    throw cannot(
      review.platform === repo.DEMO_PLATFORM
        ? 'This is a sample review, so there is nothing to post to.'
        : 'Replies can be posted from here once Google Business Profile is connected and its reviews are synced.',
    );
  const externalId = review.externalId;
  const config = { baseUrl: deps.config.businessBaseUrl, ...(deps.http ? { http: deps.http } : {}) };
  let posted: { updateTime: string | null } | undefined;
  try {
    posted = await withConnection(deps.connections, auth.tenantId, 'google', (token, location) =>
      updateReply(config, token, location, externalId, text),
    );
  } catch (err) {
    connectionFailure(err);
  }
  if (!posted) throw cannot('Google Business Profile is not connected, so the reply cannot be posted from here.');
  const repliedAt = posted.updateTime ? new Date(posted.updateTime) : new Date();
  await repo.updateReview(deps.db, auth.tenantId, review.id, {
    replyText: text,
    repliedAt,
    responseStatus: repo.REVIEW_ANSWERED,
  });
  const { googleConnected } = await overview(deps, auth);
  return toReview((await repo.findReview(deps.db, auth.tenantId, review.id))!, googleConnected);
}

/** Flag for Follow-up (3 stars or fewer): a task linked to the review, shown in the dashboard's Upcoming Tasks. */
export async function flagReview(deps: ReviewsDeps, auth: AuthContext, id: string): Promise<TFlagResult> {
  const review = await reviewOr404(deps, auth.tenantId, id);
  if (review.rating > FLAG_MAX_RATING)
    throw new AppError('bad_request', `Only reviews of ${FLAG_MAX_RATING} stars or fewer are flagged for follow-up.`);
  if (review.status === 'flagged') throw new AppError('conflict', 'This review is already flagged for follow-up.');
  const task = await createTask(
    deps.tasks,
    auth,
    {
      title: `Follow up on ${review.rating}-star review from ${review.customerName}`.slice(0, 200),
      description: (review.content ?? 'Rating only, no text.').slice(0, 2000),
      dueAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      reviewId: review.id,
    },
    'review_follow_up',
  );
  await repo.updateReview(deps.db, auth.tenantId, review.id, { status: 'flagged' });
  const { googleConnected } = await overview(deps, auth);
  return { review: toReview({ ...review, status: 'flagged' }, googleConnected), taskId: task.id };
}

// Templates ----------------------------------------------------------------------------------

const TEMPLATE_MAX = 50;
const toTemplate = (r: Awaited<ReturnType<typeof repo.insertTemplate>>): TReplyTemplate => ({
  id: r.id,
  name: r.name,
  body: r.body,
  createdAt: r.createdAt.toISOString(),
});

export async function listTemplates(deps: ReviewsDeps, auth: AuthContext): Promise<TReplyTemplateList> {
  return { templates: (await repo.listTemplates(deps.db, auth.tenantId)).map(toTemplate) };
}

export async function createTemplate(
  deps: ReviewsDeps,
  auth: AuthContext,
  input: z.output<typeof ZReplyTemplateRequest>,
): Promise<TReplyTemplate> {
  if ((await repo.countTemplates(deps.db, auth.tenantId)) >= TEMPLATE_MAX)
    throw new AppError('conflict', `You can keep up to ${TEMPLATE_MAX} templates. Delete one to add another.`);
  return toTemplate(await repo.insertTemplate(deps.db, auth.tenantId, input));
}

export async function deleteTemplate(deps: ReviewsDeps, auth: AuthContext, id: string): Promise<void> {
  if (!isUuid(id) || !(await repo.deleteTemplate(deps.db, auth.tenantId, id))) throw notFound('Template');
}

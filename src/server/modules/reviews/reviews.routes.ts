import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMessage } from '#shared/schemas/auth.ts';
import {
  ZChooseBusinessRequest,
  ZFlagResult,
  ZGenerateResponseRequest,
  ZGeneratedResponse,
  ZPlace,
  ZPlaceIdParams,
  ZPlaceSearch,
  ZPlaceSearchQuery,
  ZPlacesStatus,
  ZPostReplyRequest,
  ZReplyTemplate,
  ZReplyTemplateList,
  ZReplyTemplateRequest,
  ZReview,
  ZReviewAnalytics,
  ZReviewList,
  ZReviewListQuery,
  ZReviewOverview,
  ZReviewParams,
  ZSyncResult,
} from '#shared/schemas/reviews.ts';
import { AppError, type ErrorCode } from '#server/errors.ts';
import { PROVIDER_ERRORS } from '#server/plugins/api-responses.ts';
import { authOf, requireAuth, requireRole } from '#server/plugins/auth.ts';
import type { RouteRateLimit } from '#server/security/rate-limit.ts';
import * as reviews from './reviews.service.ts';
import * as replies from './review-reply.service.ts';
import { reviewsDeps } from './reviews.deps.ts';
import { syncTenantReviews } from './reviews-sync.service.ts';
import { reviewRequestsRoutes } from './review-requests.routes.ts';

/** Each Places call is billed to the operator (or the business's own key); a person may search a few times a minute. */
const PLACES_LOOKS: RouteRateLimit = {
  name: 'places',
  perUser: { limit: 30, windowMs: 5 * 60_000 },
  perTenant: { limit: 60, windowMs: 5 * 60_000 },
};

/**
 * Reviews and the business search. Every member reads, searches, drafts replies and flags a
 * review for follow-up; a manager or admin chooses the business, posts replies publicly on
 * Google, syncs and keeps the reply templates.
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = reviewsDeps(app.deps);
  const auth = { preValidation: requireAuth };
  const asManager = { preValidation: requireRole('manager') };
  // Google Places: its key refused (400) or Google down (503).
  const places = { config: { rateLimit: PLACES_LOOKS, errors: ['unavailable'] satisfies ErrorCode[] } };
  await app.register(reviewRequestsRoutes);

  app.get('/places/status', { ...auth, schema: { response: { 200: ZPlacesStatus } } }, async (request) =>
    reviews.placesStatus(deps, authOf(request).tenantId),
  );

  app.get(
    '/places/search',
    { ...auth, ...places, schema: { querystring: ZPlaceSearchQuery, response: { 200: ZPlaceSearch } } },
    async (request) => reviews.searchPlaces(deps, authOf(request).tenantId, request.query.q),
  );

  app.get(
    '/places/details/:placeId',
    {
      ...auth,
      ...places,
      schema: { params: ZPlaceIdParams, response: { 200: ZPlace.extend({ reviews: z.array(ZReview) }) } },
    },
    async (request) => reviews.placeDetailsView(deps, authOf(request).tenantId, request.params.placeId),
  );

  app.get('/reviews/business', { ...auth, schema: { response: { 200: ZReviewOverview } } }, async (request) =>
    reviews.overview(deps, authOf(request)),
  );

  app.put(
    '/reviews/business',
    { ...asManager, ...places, schema: { body: ZChooseBusinessRequest, response: { 200: ZReviewOverview } } },
    async (request) => reviews.chooseBusiness(deps, authOf(request), request.body.placeId),
  );

  app.delete('/reviews/business', { ...asManager, schema: { response: { 200: ZReviewOverview } } }, async (request) =>
    reviews.forgetBusiness(deps, authOf(request)),
  );

  app.get(
    '/reviews',
    { ...auth, schema: { querystring: ZReviewListQuery, response: { 200: ZReviewList } } },
    async (request) => reviews.listReviews(deps, authOf(request), request.query),
  );

  app.get('/reviews/analytics', { ...auth, schema: { response: { 200: ZReviewAnalytics } } }, async (request) => {
    const list = await reviews.listReviews(deps, authOf(request), { replied: 'all' });
    return list.analytics;
  });

  app.post(
    '/reviews/generate-response',
    // The AI allowance (429).
    {
      ...auth,
      config: { errors: ['rate_limited'] },
      schema: { body: ZGenerateResponseRequest, response: { 200: ZGeneratedResponse } },
    },
    async (request) => replies.generateResponse(deps, authOf(request), request.body),
  );

  app.post(
    '/reviews/:id/reply',
    // Posting goes to Google (its errors; a reply it refuses is a 409 that keeps the text).
    {
      ...asManager,
      config: { errors: [...PROVIDER_ERRORS] },
      schema: { params: ZReviewParams, body: ZPostReplyRequest, response: { 200: ZReview } },
    },
    async (request) => replies.postReply(deps, authOf(request), request.params.id, request.body.text),
  );

  app.post(
    '/reviews/:id/flag',
    { ...auth, config: { errors: ['conflict'] }, schema: { params: ZReviewParams, response: { 200: ZFlagResult } } },
    async (request) => replies.flagReview(deps, authOf(request), request.params.id),
  );

  const sync = { ...asManager, config: { errors: [...PROVIDER_ERRORS] }, schema: { response: { 200: ZSyncResult } } };
  app.post('/reviews/sync', sync, async (request) => {
    let result;
    try {
      result = await syncTenantReviews(deps, authOf(request).tenantId);
    } catch (err) {
      reviews.connectionFailure(err);
    }
    if (!result) throw new AppError('conflict', 'Connect Google Business Profile in Settings to sync every review.');
    return result;
  });

  app.get('/reviews/templates', { ...auth, schema: { response: { 200: ZReplyTemplateList } } }, async (request) =>
    replies.listTemplates(deps, authOf(request)),
  );

  app.post(
    '/reviews/templates',
    {
      ...asManager,
      config: { errors: ['conflict'] },
      schema: { body: ZReplyTemplateRequest, response: { 201: ZReplyTemplate } },
    },
    async (request, reply) => reply.code(201).send(await replies.createTemplate(deps, authOf(request), request.body)),
  );

  app.delete(
    '/reviews/templates/:id',
    { ...asManager, schema: { params: ZReviewParams, response: { 200: ZMessage } } },
    async (request) => {
      await replies.deleteTemplate(deps, authOf(request), request.params.id);
      return { message: 'Template deleted.' };
    },
  );
};

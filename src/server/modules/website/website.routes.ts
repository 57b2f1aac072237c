import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zString } from '#shared/schemas/string.ts';
import {
  ZAutoReplyStatus,
  ZBlogGenerationRequest,
  ZBlogPost,
  ZBlogPostList,
  ZFeaturedImageRequest,
  ZGeneratedContent,
  ZGenerateLandingRequest,
  ZGenerateLandingResponse,
  ZLandingPage,
  ZLandingPageList,
  ZPublishBlogPostRequest,
  ZPublishResult,
  ZSaveBlogPostRequest,
  ZScheduleBlogPostRequest,
  type TContentType,
} from '#shared/schemas/website.ts';
import { authOf, requireAuth, requireRole } from '#server/plugins/auth.ts';
import { sendNdjson, wantsNdjson } from '#server/plugins/ndjson.ts';
import type { RouteRateLimit } from '#server/security/rate-limit.ts';
import * as blog from './blog.service.ts';
import * as images from './blog-image.service.ts';
import * as schedule from './blog-schedule.service.ts';
import * as landing from './landing.service.ts';
import { autoReplyStatus } from './lead-guard.ts';
import { websiteDeps } from './website.deps.ts';

// Any string: a malformed id is a 404 from the service, like a missing one.
const ZIdParams = z.object({ id: zString().max(64) });
const HOUR = 3_600_000;
/** Generation calls the model: counted per person and business before the body is read. */
const GENERATE: RouteRateLimit = {
  name: 'website-generate',
  perUser: { limit: 60, windowMs: HOUR },
  perTenant: { limit: 150, windowMs: HOUR },
};
/** Publishing calls the business's WordPress site. */
const PUBLISH: RouteRateLimit = { name: 'website-publish', perTenant: { limit: 60, windowMs: HOUR } };
/** A 4 MB image, base64-encoded, in a JSON body. */
const IMAGE_BODY_LIMIT = 6 * 1024 * 1024;

/** Blog generation and drafts, WordPress publishing and landing pages (the /website screen). */
export const websiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = websiteDeps(app.deps);
  const auth = { preValidation: requireAuth };
  const managers = { preValidation: requireRole('manager') };

  for (const platform of ['blog', 'medium', 'substack'] as const satisfies TContentType[]) {
    app.post(
      `/ai/generate-${platform}`,
      {
        ...auth,
        config: { rateLimit: GENERATE },
        schema: { body: ZBlogGenerationRequest, response: { 200: ZGeneratedContent } },
      },
      // Asked for as NDJSON, the article streams in as it is written; otherwise one JSON answer.
      async (request, reply) =>
        wantsNdjson(request)
          ? sendNdjson(reply, (onDelta) => blog.generateContent(deps, authOf(request), platform, request.body, onDelta))
          : blog.generateContent(deps, authOf(request), platform, request.body),
    );
  }

  app.get('/website/blog-posts', { ...auth, schema: { response: { 200: ZBlogPostList } } }, async (request) =>
    blog.listBlogPosts(deps, authOf(request)),
  );
  app.get(
    '/website/blog-posts/:id',
    { ...auth, schema: { params: ZIdParams, response: { 200: ZBlogPost } } },
    async (request) => blog.getBlogPost(deps, authOf(request), request.params.id),
  );
  app.post(
    '/website/blog-posts',
    { ...auth, schema: { body: ZSaveBlogPostRequest, response: { 201: ZBlogPost } } },
    async (request, reply) => reply.code(201).send(await blog.createBlogPost(deps, authOf(request), request.body)),
  );
  app.put(
    '/website/blog-posts/:id',
    { ...auth, schema: { params: ZIdParams, body: ZSaveBlogPostRequest, response: { 200: ZBlogPost } } },
    async (request) => blog.updateBlogPost(deps, authOf(request), request.params.id, request.body),
  );
  app.post(
    '/website/blog-posts/:id/publish',
    {
      ...managers,
      // Already publishing (409), the WordPress site down (503).
      config: { rateLimit: PUBLISH, errors: ['conflict', 'unavailable'] },
      schema: { params: ZIdParams, body: ZPublishBlogPostRequest, response: { 200: ZPublishResult } },
    },
    async (request) => blog.publishBlogPost(deps, authOf(request), request.params.id, request.body.status),
  );
  app.post(
    '/website/blog-posts/:id/schedule',
    {
      ...managers,
      config: { errors: ['conflict'] },
      schema: { params: ZIdParams, body: ZScheduleBlogPostRequest, response: { 200: ZBlogPost } },
    },
    async (request) => schedule.scheduleBlogPost(deps, authOf(request), request.params.id, request.body),
  );
  app.delete(
    '/website/blog-posts/:id/schedule',
    { ...managers, config: { errors: ['conflict'] }, schema: { params: ZIdParams, response: { 200: ZBlogPost } } },
    async (request) => schedule.cancelSchedule(deps, authOf(request), request.params.id),
  );
  app.put(
    '/website/blog-posts/:id/featured-image',
    {
      ...auth,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { params: ZIdParams, body: ZFeaturedImageRequest, response: { 200: ZBlogPost } },
    },
    async (request) => images.setFeaturedImage(deps, authOf(request), request.params.id, request.body),
  );
  app.delete(
    '/website/blog-posts/:id/featured-image',
    { ...auth, schema: { params: ZIdParams, response: { 200: ZBlogPost } } },
    async (request) => images.removeFeaturedImage(deps, authOf(request), request.params.id),
  );

  app.post(
    '/ai/generate-landing-page',
    {
      ...auth,
      config: { rateLimit: GENERATE },
      schema: { body: ZGenerateLandingRequest, response: { 200: ZGenerateLandingResponse } },
    },
    async (request) => landing.generateLandingPage(deps, authOf(request), request.body),
  );
  app.get('/website/landing-pages', { ...auth, schema: { response: { 200: ZLandingPageList } } }, async (request) =>
    landing.listLandingPages(deps, authOf(request)),
  );
  app.get(
    '/website/landing-pages/:id',
    { ...auth, schema: { params: ZIdParams, response: { 200: ZLandingPage } } },
    async (request) => landing.getLandingPage(deps, authOf(request), request.params.id),
  );
  app.post(
    '/website/landing-pages/:id/publish',
    { ...managers, schema: { params: ZIdParams, response: { 200: ZLandingPage } } },
    async (request) => landing.publishLandingPage(deps, authOf(request), request.params.id),
  );
  app.post(
    '/website/landing-pages/:id/unpublish',
    { ...managers, schema: { params: ZIdParams, response: { 200: ZLandingPage } } },
    async (request) => landing.unpublishLandingPage(deps, authOf(request), request.params.id),
  );
  // Today's automatic replies to landing-page leads and the plan's daily limit (Settings → Lead form).
  app.get('/website/auto-replies', { ...auth, schema: { response: { 200: ZAutoReplyStatus } } }, async (request) =>
    autoReplyStatus(deps, authOf(request).tenantId),
  );
};

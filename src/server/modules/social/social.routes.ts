import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreatePostRequest,
  ZCreatePostResponse,
  ZGenerateRequest,
  ZGenerateResponse,
  ZImportQuery,
  ZImportRequest,
  ZImportResponse,
  ZSocialPost,
  ZSocialPostList,
  ZSocialPostListQuery,
  ZUpdatePostRequest,
} from '#shared/schemas/social.ts';
import {
  ZSocialAnalytics,
  ZSocialAnalyticsQuery,
  ZSocialImage,
  ZSocialImageUpload,
} from '#shared/schemas/social-analytics.ts';
import { fileAnswer } from '#server/plugins/api-responses.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import { sendNdjson, wantsNdjson } from '#server/plugins/ndjson.ts';
import * as social from './social.service.ts';
import { generateDrafts } from './social-generate.ts';
import { importPosts } from './social-import.ts';
import { getAnalytics } from './social-analytics.service.ts';
import { imageByToken, uploadImage } from './social-images.ts';

const IMAGE_BODY_LIMIT = 7.5 * 1024 * 1024; // 5 MB as base64, with room for the JSON around it
// Any string: a malformed id is a 404 from the service, like a missing post.
const ZPostParams = z.object({ id: z.string().max(64) });

/** The business's social posts: every member may read, write, schedule, cancel and retry. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = social.socialDeps(app.deps, app.log);
  const auth = { preValidation: requireAuth };
  // A post already published (or publishing) can no longer change (409).
  const settled = { config: { errors: ['conflict'] as const } };

  app.get(
    '/social/posts',
    { ...auth, schema: { querystring: ZSocialPostListQuery, response: { 200: ZSocialPostList } } },
    async (request) => social.listPosts(deps, authOf(request), request.query),
  );

  app.post(
    '/social/posts',
    { ...auth, schema: { body: ZCreatePostRequest, response: { 201: ZCreatePostResponse } } },
    async (request, reply) =>
      reply.code(201).send({ posts: await social.createPost(deps, authOf(request), request.body) }),
  );

  app.patch(
    '/social/posts/:id',
    { ...auth, ...settled, schema: { params: ZPostParams, body: ZUpdatePostRequest, response: { 200: ZSocialPost } } },
    async (request) => social.updatePost(deps, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/social/posts/:id',
    { ...auth, ...settled, schema: { params: ZPostParams, response: { 200: ZSocialPost } } },
    async (request) => social.cancelPost(deps, authOf(request), request.params.id),
  );

  app.post(
    '/social/posts/:id/retry',
    { ...auth, ...settled, schema: { params: ZPostParams, response: { 200: ZSocialPost } } },
    async (request) => social.retryPost(deps, authOf(request), request.params.id),
  );

  app.post(
    '/social/import',
    {
      ...auth,
      schema: { querystring: ZImportQuery, body: ZImportRequest, response: { 200: ZImportResponse } },
    },
    async (request) => importPosts(deps, authOf(request), request.body.csv, request.query.dryRun === 'true'),
  );

  const csvFile = { 200: fileAnswer('text/csv', 'The posts as a CSV file') };
  app.get('/social/export.csv', { ...auth, schema: { response: csvFile } }, async (request, reply) => {
    const csv = await social.exportCsv(deps, authOf(request));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="social-posts.csv"')
      .send(csv);
  });

  app.post(
    '/social/generate',
    {
      ...auth,
      schema: { body: ZGenerateRequest, response: { 200: ZGenerateResponse } },
      config: {
        rateLimit: { name: 'social-generate', perUser: { limit: 30, windowMs: 60 * 60_000 } },
        // The plan's AI posts a month (402).
        errors: ['payment_required'],
      },
    },
    // Asked for as NDJSON, the drafts stream in as they are written; otherwise one JSON answer.
    async (request, reply) =>
      wantsNdjson(request)
        ? sendNdjson(reply, (onDelta) => generateDrafts(deps, authOf(request), request.body, onDelta))
        : generateDrafts(deps, authOf(request), request.body),
  );

  app.get(
    '/social/analytics',
    { ...auth, schema: { querystring: ZSocialAnalyticsQuery, response: { 200: ZSocialAnalytics } } },
    async (request) => getAnalytics(deps, authOf(request), request.query.period),
  );

  app.post(
    '/social/images',
    {
      ...auth,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { body: ZSocialImageUpload, response: { 201: ZSocialImage } },
      config: { rateLimit: { name: 'social-images', perUser: { limit: 60, windowMs: 60 * 60_000 } } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await uploadImage({ db: deps.db, appUrl: deps.connections.appUrl }, authOf(request), request.body)),
  );

  // Public: the networks fetch a post's image from here. The random token is the only key.
  app.get(
    '/social/images/:token',
    {
      schema: {
        params: z.object({ token: z.string().max(64) }),
        response: { 200: fileAnswer('image/*', 'The image') },
      },
    },
    async (request, reply) => {
      const image = await imageByToken(deps.db, request.params.token);
      return reply
        .type(image.mimeType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image.data);
    },
  );
};

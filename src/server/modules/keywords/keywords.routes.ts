import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZGoogleProperties,
  ZGooglePropertiesSaved,
  ZKeywordInsights,
  ZKeywordList,
  ZKeywordQuery,
  ZKeywordSummary,
  ZKeywordSyncResult,
  ZSaveGoogleProperties,
} from '#shared/schemas/keywords.ts';
import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import { PROVIDER_ERRORS } from '#server/plugins/api-responses.ts';
import { authOf, requireAuth, requireRole } from '#server/plugins/auth.ts';
import { AppError, RateLimitError } from '#server/errors.ts';
import type { RouteRateLimit } from '#server/security/rate-limit.ts';
import { googleProperties, saveGoogleProperties } from './google-properties.service.ts';
import { keywordsDeps } from './keywords.deps.ts';
import { syncKeywords } from './keywords-sync.service.ts';
import { keywordInsights, keywordSummary, listKeywordRows } from './keywords-view.service.ts';

/** A sync reads up to 16 months from Google: a few a hour per business. */
const SYNCS: RouteRateLimit = { name: 'keywords-sync', perTenant: { limit: 6, windowMs: 60 * 60_000 } };
/** A new site starts a full resync: a few choices an hour per business. */
const PROPERTY_SAVES: RouteRateLimit = { name: 'google-properties', perTenant: { limit: 20, windowMs: 60 * 60_000 } };
/** Recommendations may call the model. */
const INSIGHTS: RouteRateLimit = {
  name: 'keywords-insights',
  perUser: { limit: 30, windowMs: 10 * 60_000 },
  perTenant: { limit: 60, windowMs: 10 * 60_000 },
};

function connectionFailure(err: unknown): never {
  if (!(err instanceof ConnectionProblem)) throw err;
  if (err.needsReconnect) throw new AppError('conflict', err.message);
  if (err.code === 'rate_limited') throw new RateLimitError(err.message, err.retryAfterSeconds ?? 60);
  throw new AppError('unavailable', err.message);
}

/**
 * Keywords from Search Console: every member reads the rows, summary and insights; a manager
 * or admin syncs now (the daily job syncs anyway).
 */
export const keywordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = keywordsDeps(app.deps);
  const auth = { preValidation: requireAuth };

  app.get(
    '/analytics/keywords',
    { ...auth, schema: { querystring: ZKeywordQuery, response: { 200: ZKeywordList } } },
    async (request) => listKeywordRows(deps, authOf(request), request.query),
  );

  app.get('/keywords/summary', { ...auth, schema: { response: { 200: ZKeywordSummary } } }, async (request) =>
    keywordSummary(deps, authOf(request)),
  );

  app.get(
    '/keywords/insights',
    { ...auth, config: { rateLimit: INSIGHTS }, schema: { response: { 200: ZKeywordInsights } } },
    async (request) => keywordInsights(deps, authOf(request)),
  );

  // Which Search Console site and GA4 property this business reads (the Google card's pickers).
  app.get(
    '/google/properties',
    {
      preValidation: requireRole('manager'),
      config: { errors: [...PROVIDER_ERRORS] },
      schema: { response: { 200: ZGoogleProperties } },
    },
    async (request) => googleProperties(deps, authOf(request).tenantId),
  );

  app.put(
    '/google/properties',
    {
      preValidation: requireRole('manager'),
      config: { rateLimit: PROPERTY_SAVES, errors: [...PROVIDER_ERRORS] },
      schema: { body: ZSaveGoogleProperties, response: { 200: ZGooglePropertiesSaved } },
    },
    async (request) => saveGoogleProperties(deps, authOf(request).tenantId, request.body),
  );

  app.post(
    '/keywords/sync',
    {
      preValidation: requireRole('manager'),
      config: { rateLimit: SYNCS, errors: [...PROVIDER_ERRORS] },
      schema: { response: { 200: ZKeywordSyncResult } },
    },
    async (request) => {
      const result = await syncKeywords(deps, authOf(request).tenantId).catch(connectionFailure);
      if (result.state === 'not_connected')
        throw new AppError('conflict', 'Connect Google in Settings → Connections to sync Search Console.');
      if (result.state === 'no_site')
        throw new AppError('conflict', 'This Google account has no verified Search Console property.');
      return {
        siteUrl: result.siteUrl,
        days: result.days,
        from: result.from,
        to: result.to,
        message: `Search Console synced: ${result.days} days with data.`,
      };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnalyticsMetrics,
  ZAnalyticsPreferences,
  ZAnalyticsStatus,
  ZBreakdown,
  ZConversionRequest,
  ZFunnel,
  ZGenerateReportRequest,
  ZPeriodQuery,
  ZRealtime,
  ZReport,
  ZReportList,
  ZReviewSummary,
  ZTopKeywords,
  ZTrafficSources,
  ZWeekdayTraffic,
} from '#shared/schemas/analytics.ts';
import { ZMessage } from '#shared/schemas/auth.ts';
import type { RouteRateLimit } from '#server/security/rate-limit.ts';
import { fileAnswer, PROVIDER_ERRORS } from '#server/plugins/api-responses.ts';
import { authOf, requireAuth, requireRole } from '#server/plugins/auth.ts';
import * as analytics from './analytics.service.ts';
import * as reports from './reports.service.ts';
import { reportFile } from './report-files.ts';

// Any string: a malformed id is a 404 from the service, like a missing report.
const ZReportParams = z.object({ id: z.string().max(64) });
const GENERATE: RouteRateLimit = { name: 'analytics-generate', perTenant: { limit: 20, windowMs: 60 * 60_000 } };
const PDF: RouteRateLimit = { name: 'analytics-pdf', perUser: { limit: 20, windowMs: 10 * 60_000 } };

/** /api/analytics/*: GA4 figures, the cards' other sources, and reports (keywords live with the keywords area). */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = analytics.analyticsDeps(app.deps);
  const auth = { preValidation: requireAuth };
  const period = { querystring: ZPeriodQuery };
  // Figures read from GA4: not connected or no property (409), Google's limits (429), Google down (503).
  const ga4 = { config: { errors: [...PROVIDER_ERRORS] } };

  app.get('/analytics/status', { ...auth, schema: { response: { 200: ZAnalyticsStatus } } }, async (request) =>
    analytics.analyticsStatus(deps, authOf(request).tenantId),
  );
  app.get(
    '/analytics/metrics',
    { ...auth, ...ga4, schema: { ...period, response: { 200: ZAnalyticsMetrics } } },
    (request) => analytics.metrics(deps, authOf(request).tenantId, request.query.period),
  );
  app.get(
    '/analytics/traffic',
    { ...auth, ...ga4, schema: { ...period, response: { 200: ZWeekdayTraffic } } },
    (request) => analytics.weekdayTraffic(deps, authOf(request).tenantId, request.query.period),
  );
  app.get(
    '/analytics/traffic-sources',
    { ...auth, ...ga4, schema: { ...period, response: { 200: ZTrafficSources } } },
    (request) => analytics.trafficSources(deps, authOf(request).tenantId, request.query.period),
  );
  for (const kind of analytics.BREAKDOWN_KINDS) {
    app.get(
      `/analytics/${kind}`,
      { ...auth, ...ga4, schema: { ...period, response: { 200: ZBreakdown } } },
      (request) => analytics.breakdown(deps, authOf(request).tenantId, kind, request.query.period),
    );
  }
  app.get('/analytics/top-keywords', { ...auth, schema: { response: { 200: ZTopKeywords } } }, (request) =>
    analytics.topKeywordsCard(deps, authOf(request).tenantId),
  );
  app.get('/analytics/reviews', { ...auth, schema: { response: { 200: ZReviewSummary } } }, (request) =>
    analytics.reviewSummary(deps, authOf(request)),
  );
  app.get('/analytics/conversion-funnel', { ...auth, schema: { response: { 200: ZFunnel } } }, (request) =>
    analytics.conversionFunnel(deps, authOf(request).tenantId),
  );
  app.get('/analytics/realtime', { ...auth, ...ga4, schema: { response: { 200: ZRealtime } } }, (request) =>
    analytics.realtime(deps, authOf(request).tenantId),
  );
  app.post(
    '/analytics/conversions',
    { ...auth, schema: { body: ZConversionRequest, response: { 201: ZMessage } } },
    async (request, reply) =>
      reply.code(201).send(await analytics.recordConversion(deps, authOf(request), request.body)),
  );

  // Reports ----------------------------------------------------------------------------------
  app.get('/analytics/reports', { ...auth, schema: { response: { 200: ZReportList } } }, (request) =>
    reports.listReports(deps, authOf(request).tenantId),
  );
  for (const path of ['/analytics/generate-report', '/analytics/report']) {
    app.post(
      path,
      {
        ...auth,
        schema: { body: ZGenerateReportRequest, response: { 201: ZReport } },
        config: { rateLimit: GENERATE, errors: [...PROVIDER_ERRORS] },
      },
      async (request, reply) =>
        reply.code(201).send(await reports.generateReport(deps, authOf(request).tenantId, request.body.period)),
    );
  }
  app.get(
    '/analytics/reports/:id',
    { ...auth, schema: { params: ZReportParams, response: { 200: ZReport } } },
    (request) => reports.getReport(deps, authOf(request).tenantId, request.params.id),
  );
  const csvFile = { 200: fileAnswer('text/csv', 'The report as a CSV file') };
  app.get(
    '/analytics/reports/:id/csv',
    { ...auth, schema: { params: ZReportParams, response: csvFile } },
    async (request, reply) => {
      const file = await reportFile(deps, authOf(request), request.params.id, 'csv');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.body);
    },
  );
  app.get(
    '/analytics/reports/:id/pdf',
    {
      ...auth,
      schema: { params: ZReportParams, response: { 200: fileAnswer('application/pdf', 'The report as a PDF') } },
      config: { rateLimit: PDF, errors: ['unavailable'] },
    },
    async (request, reply) => {
      const file = await reportFile(deps, authOf(request), request.params.id, 'pdf');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.body);
    },
  );

  // The Monday report mail: on by default, any manager may turn it off for the business.
  app.get('/analytics/preferences', { ...auth, schema: { response: { 200: ZAnalyticsPreferences } } }, (request) =>
    analytics.preferences(deps, authOf(request).tenantId),
  );
  app.put(
    '/analytics/preferences',
    {
      preValidation: requireRole('manager'),
      schema: { body: ZAnalyticsPreferences, response: { 200: ZAnalyticsPreferences } },
    },
    (request) => analytics.savePreferences(deps, authOf(request).tenantId, request.body.weeklyEmail),
  );
};

import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZActivityList,
  ZActivityListQuery,
  ZCreateLeadRequest,
  ZHottestLeads,
  ZHottestLeadsQuery,
  ZKeywordRevenueList,
  ZLead,
  ZLeadExportQuery,
  ZLeadImportQuery,
  ZLeadImportRequest,
  ZLeadImportResult,
  ZLeadListQuery,
  ZLeadPage,
  ZLeadRecommendations,
  ZLeadScoreAnalytics,
  ZLeadSummary,
  ZQualifyResult,
  ZUpdateLeadRequest,
} from '#shared/schemas/leads.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import * as leads from './leads.service.ts';
import { ZRevenueQuery } from '#shared/schemas/coach.ts';
import { keywordRevenue } from './lead-keywords.ts';
import { exportFileName, exportLeadsCsv } from './leads-export.ts';
import { importLeads } from './leads-import.ts';
import { leadRecommendations } from './lead-tips.service.ts';
import { zString } from '#shared/schemas/string.ts';
import { fileAnswer } from '#server/plugins/api-responses.ts';

const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

// Any string: a malformed id is a 404 from the service, like a missing lead, not a 400.
const ZLeadParams = z.object({ id: zString().max(64) });

/**
 * Leads calls of the spec plus the list, summary and activity feed the screen needs. The
 * static paths (/leads/summary, /leads/analytics/scores) win over /leads/:id in Fastify's router.
 */
export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = leads.leadsDeps(app.deps);
  // Before validation, so a visitor gets 401 rather than a list of field errors.
  const auth = { preValidation: requireAuth };

  // The busiest route: its answer is built field by field from the driver's rows (leadListRows,
  // typed as ZLeadPage), so it skips re-validating 50 leads against the schema on the way out
  // and is stringified directly.
  const listSerializer = () => (data: unknown) => JSON.stringify(data);
  app.get(
    '/leads',
    {
      ...auth,
      serializerCompiler: listSerializer,
      schema: { querystring: ZLeadListQuery, response: { 200: ZLeadPage } },
    },
    async (request) => leads.listLeads(deps, authOf(request), request.query),
  );

  app.get(
    '/leads/keyword-revenue',
    { ...auth, schema: { querystring: ZRevenueQuery, response: { 200: ZKeywordRevenueList } } },
    async (request) => keywordRevenue(deps, authOf(request), request.query.days),
  );

  app.get('/leads/summary', { ...auth, schema: { response: { 200: ZLeadSummary } } }, async (request) =>
    leads.leadSummary(deps, authOf(request)),
  );

  app.get(
    '/leads/hottest',
    { ...auth, schema: { querystring: ZHottestLeadsQuery, response: { 200: ZHottestLeads } } },
    async (request) => ({ leads: await leads.hottestLeads(deps, authOf(request), request.query.limit) }),
  );

  app.get('/leads/analytics/scores', { ...auth, schema: { response: { 200: ZLeadScoreAnalytics } } }, async (request) =>
    leads.scoreAnalytics(deps, authOf(request)),
  );

  app.post(
    '/leads',
    { ...auth, schema: { body: ZCreateLeadRequest, response: { 201: ZLead } } },
    async (request, reply) => reply.code(201).send(await leads.createLead(deps, authOf(request), request.body)),
  );

  // A CSV file (?dryRun=true checks it and saves nothing). JSON may escape the file to more than
  // its size, so the body may be larger than the file limit the schema holds it to.
  app.post(
    '/leads/import',
    {
      ...auth,
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { rateLimit: { name: 'leads-import', perUser: { limit: 60, windowMs: 60 * 60_000 } } },
      schema: { querystring: ZLeadImportQuery, body: ZLeadImportRequest, response: { 200: ZLeadImportResult } },
    },
    async (request) => importLeads(deps, authOf(request), request.body.csv, request.query.dryRun === 'true'),
  );

  // The list's leads for its filters as a CSV file the import reads back, streamed page by page.
  app.get(
    '/leads/export.csv',
    {
      ...auth,
      // Each download reads every matching lead: as many as the imports a person may make.
      config: { rateLimit: { name: 'leads-export', perUser: { limit: 60, windowMs: 60 * 60_000 } } },
      schema: { querystring: ZLeadExportQuery, response: { 200: fileAnswer('text/csv', 'The leads as a CSV file') } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${await exportFileName(deps, auth)}"`)
        .send(Readable.from(exportLeadsCsv(deps, auth, request.query)));
    },
  );

  app.patch(
    '/leads/:id',
    { ...auth, schema: { params: ZLeadParams, body: ZUpdateLeadRequest, response: { 200: ZLead } } },
    async (request) => leads.updateLead(deps, authOf(request), request.params.id, request.body),
  );

  app.post(
    '/leads/:id/qualify',
    { ...auth, schema: { params: ZLeadParams, response: { 200: ZQualifyResult } } },
    async (request) => leads.qualifyLead(deps, authOf(request), request.params.id),
  );

  app.post(
    '/leads/:id/score',
    { ...auth, schema: { params: ZLeadParams, response: { 200: ZLead } } },
    async (request) => leads.rescoreLead(deps, authOf(request), request.params.id),
  );

  // A POST: each call asks the model (within the AI budget) and stores the tips on the lead.
  app.post(
    '/leads/:id/recommendations',
    {
      ...auth,
      config: { errors: ['rate_limited'] },
      schema: { params: ZLeadParams, response: { 200: ZLeadRecommendations } },
    },
    async (request) => leadRecommendations(deps, authOf(request), request.params.id),
  );

  app.get(
    '/activities',
    { ...auth, schema: { querystring: ZActivityListQuery, response: { 200: ZActivityList } } },
    async (request) => leads.listActivities(deps, authOf(request), request.query.limit),
  );
};

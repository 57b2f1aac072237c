import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SETTINGS_SECTIONS,
  TESTABLE_SECTIONS,
  ZAnalyticsInput,
  ZBranding,
  ZBusinessInput,
  ZConnectionTestResult,
  ZPlacesInput,
  ZRegistrarInput,
  ZSettings,
  ZSmsInput,
  ZSocialInput,
  ZTurnstileInput,
  ZWhiteLabelInput,
  ZWebAppManifest,
  ZWordpressInput,
} from '#shared/schemas/settings.ts';
import { authOf, requireAuth, requireRole } from '#server/plugins/auth.ts';
import * as settings from './settings.service.ts';
import { webAppManifest } from './manifest.service.ts';

/**
 * Settings and the integrations vault (issue 7). Any member reads (secrets masked); a manager or
 * admin changes and tests; the white-label brand, shown to everyone in the tenant, is admin-only.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = settings.settingsDeps(app.deps);
  const asManager = { preHandler: requireRole('manager') };
  const asAdmin = { preHandler: requireRole('admin') };
  const answers = { response: { 200: ZSettings } };
  // The brand's domain is one business's (409).
  const domainTaken = { config: { errors: ['conflict'] as const } };

  app.get('/settings', { schema: answers, preHandler: requireAuth }, async (request) =>
    settings.getSettings(deps, authOf(request)),
  );
  app.get('/branding', { schema: { response: { 200: ZBranding } }, preHandler: requireAuth }, async (request) =>
    settings.getBranding(deps, authOf(request)),
  );

  // The installable app's manifest (index.html links it): a visitor's is Fieldwise's, a member's
  // carries the business's white label. Private: it varies with the session. Served as JSON, which
  // browsers take for a manifest and the API description states.
  app.get('/manifest.webmanifest', { schema: { response: { 200: ZWebAppManifest } } }, async (request, reply) => {
    void reply.header('cache-control', 'private, no-cache');
    return webAppManifest(deps, request.auth?.tenantId ?? null);
  });

  app.put('/settings/wordpress', { schema: { body: ZWordpressInput, ...answers }, ...asManager }, async (request) =>
    settings.saveSection(deps, authOf(request), 'wordpress', request.body),
  );
  app.put('/settings/analytics', { schema: { body: ZAnalyticsInput, ...answers }, ...asManager }, async (request) =>
    settings.saveSection(deps, authOf(request), 'analytics', request.body),
  );
  app.put('/settings/business', { schema: { body: ZBusinessInput, ...answers }, ...asManager }, async (request) =>
    settings.saveSection(deps, authOf(request), 'business', request.body),
  );
  app.put('/settings/sms', { schema: { body: ZSmsInput, ...answers }, ...asManager }, async (request) =>
    settings.saveSection(deps, authOf(request), 'sms', request.body),
  );
  app.put('/settings/social', { schema: { body: ZSocialInput, ...answers }, ...asManager }, async (request) =>
    settings.saveSection(deps, authOf(request), 'social', request.body),
  );
  app.put(
    '/settings/white-label',
    { schema: { body: ZWhiteLabelInput, ...answers }, ...asAdmin, ...domainTaken },
    async (request) => settings.saveSection(deps, authOf(request), 'white-label', request.body),
  );
  app.put('/settings/registrar', { schema: { body: ZRegistrarInput, ...answers }, ...asManager }, async (request) =>
    settings.saveSection(deps, authOf(request), 'registrar', request.body),
  );
  app.put('/settings/places', { schema: { body: ZPlacesInput, ...answers }, ...asManager }, async (request) =>
    settings.saveSection(deps, authOf(request), 'places', request.body),
  );

  app.put('/settings/turnstile', { schema: { body: ZTurnstileInput, ...answers }, ...asManager }, async (request) =>
    settings.saveSection(deps, authOf(request), 'turnstile', request.body),
  );

  // The static white-label route wins over the parametric one, so it keeps its admin requirement.
  app.delete('/settings/white-label', { schema: answers, ...asAdmin }, async (request) =>
    settings.clearSection(deps, authOf(request), 'white-label'),
  );
  const otherSection = z.enum(SETTINGS_SECTIONS).exclude(['white-label']);
  app.delete(
    '/settings/:section',
    { schema: { params: z.object({ section: otherSection }), ...answers }, ...asManager },
    async (request) => settings.clearSection(deps, authOf(request), request.params.section),
  );

  app.post(
    '/settings/:section/test',
    {
      schema: { params: z.object({ section: z.enum(TESTABLE_SECTIONS) }), response: { 200: ZConnectionTestResult } },
      ...asManager,
      config: { rateLimit: settings.CONNECTION_TESTS },
    },
    async (request) => settings.testConnection(deps, authOf(request), request.params.section),
  );
};

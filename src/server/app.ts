import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAi } from '#server/ai/ai.ts';
import { businessPlanId } from '#server/modules/auth/accounts.service.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { openSecretBox } from '#server/security/secret-box.ts';
import type { AppDeps, AppServices } from '#server/services.ts';
import { createBoss } from '#server/jobs/boss.ts';
import { jobDefinitions } from '#server/jobs/definitions.ts';
import { createJobs } from '#server/jobs/jobs.ts';
import { loggerOptions } from '#server/logging.ts';
import { authRoutes } from '#server/modules/auth/auth.routes.ts';
import { onboardingRoutes } from '#server/modules/onboarding/onboarding.routes.ts';
import { oidcRoutes } from '#server/modules/auth/oidc.routes.ts';
import { registerAuth, sessionCookieName } from '#server/plugins/auth.ts';
import { registerOpenApi } from '#server/plugins/openapi.ts';
import { registerClient } from '#server/plugins/client.ts';
import { registerCompression } from '#server/plugins/compress.ts';
import { registerOriginCheck } from '#server/plugins/origin-check.ts';
import { domainsRoutes } from '#server/modules/domains/domains.routes.ts';
import { brandedIndex, isCustomDomainOrigin, registerCustomDomains } from '#server/modules/domains/domains-host.ts';
import { frameworkErrors, registerErrorHandler } from '#server/plugins/error-handler.ts';
import { registerSecurityHeaders } from '#server/plugins/security-headers.ts';
import { registerRateLimits } from '#server/security/rate-limit.ts';
import { systemRoutes } from '#server/modules/system/system.routes.ts';
import { eventsRoutes } from '#server/modules/events/events.routes.ts';
import { leadsRoutes } from '#server/modules/leads/leads.routes.ts';
import { leadsOf } from '#server/modules/leads/leads.service.ts';
import { felixRoutes } from '#server/modules/felix/felix.routes.ts';
import { dashboardRoutes } from '#server/modules/dashboard/dashboard.routes.ts';
import { settingsRoutes } from '#server/modules/settings/settings.routes.ts';
import { registrarRoutes } from '#server/modules/registrar/registrar.routes.ts';
import { pushRoutes } from '#server/modules/push/push.routes.ts';
import { tasksRoutes } from '#server/modules/tasks/tasks.routes.ts';
import { teamRoutes } from '#server/modules/team/team.routes.ts';
import { billingRoutes } from '#server/modules/billing/billing.routes.ts';
import { connectionsRoutes } from '#server/modules/connections/connections.routes.ts';
import { businessesRoutes } from '#server/modules/businesses/businesses.routes.ts';
import { socialRoutes } from '#server/modules/social/social.routes.ts';
import { reviewsRoutes } from '#server/modules/reviews/reviews.routes.ts';
import { reviewOf } from '#server/modules/reviews/reviews.service.ts';
import { websiteRoutes } from '#server/modules/website/website.routes.ts';
import { analyticsRoutes } from '#server/modules/analytics/analytics.routes.ts';
import { keywordsRoutes } from '#server/modules/keywords/keywords.routes.ts';
import { landingPublicRoutes } from '#server/modules/website/landing-public.routes.ts';
import { linksPublicRoutes } from '#server/modules/links/links.routes.ts';
import { coachRoutes } from '#server/modules/coach/coach.routes.ts';
import { conversationsRoutes } from '#server/modules/conversations/conversations.routes.ts';
import { emailWebhookRoutes } from '#server/modules/conversations/email-webhook.routes.ts';
import { twilioWebhookRoutes } from '#server/modules/conversations/twilio-webhooks.routes.ts';
import { workRoutes } from '#server/modules/work/work.routes.ts';
import { projectsPublicRoutes } from '#server/modules/work/projects-public.routes.ts';

export type App = FastifyInstance;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
/** Builds the whole HTTP application without listening, so tests can `inject` requests. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  // Before anything else, so a server without its encryption key refuses to start.
  const secretBox = deps.secretBox ?? (await openSecretBox(config));
  const app = Fastify({
    logger: loggerOptions(deps.logger, config.logLevel),
    // A hop count trusts that many proxies in front of us (Fastify's own meaning of a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Reuse a caller's request id when it is well-formed, so logs can be joined across hops.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    frameworkErrors,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const services: AppServices = {
    ...deps,
    mailer: deps.mailer ?? createMailer(config, deps.database.db, app.log),
    ai: deps.ai ?? createAi({ config: config.ai, db: deps.database.db, planOf: businessPlanId, log: app.log }),
    secretBox,
    jobs:
      deps.jobs ??
      createJobs(
        () => createBoss(deps.database, { supervise: false }),
        jobDefinitions(() => services),
      ),
    log: app.log,
    linked: { leadsOf, reviewOf },
  };
  app.decorate('deps', services);
  // A queue the app made for itself is its to stop; one handed in belongs to the caller.
  if (!deps.jobs) app.addHook('onClose', () => services.jobs.stop());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerCompression(app);

  registerErrorHandler(app);
  await registerSecurityHeaders(app, { https: config.secureCookies });
  await app.register(cookie);
  registerCustomDomains(app);
  registerOriginCheck(app, (request, origin) => isCustomDomainOrigin(app, request, origin));
  registerAuth(app);
  // After the session is read (per-user limits) and before any body is parsed.
  registerRateLimits(app);

  await registerOpenApi(app);
  await app.register(systemRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(onboardingRoutes, { prefix: '/api' });
  await app.register(oidcRoutes, { prefix: '/api' });
  await app.register(eventsRoutes, { prefix: '/api' });
  await app.register(leadsRoutes, { prefix: '/api' });
  await app.register(felixRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(settingsRoutes, { prefix: '/api' });
  await app.register(registrarRoutes, { prefix: '/api' });
  await app.register(tasksRoutes, { prefix: '/api' });
  await app.register(pushRoutes, { prefix: '/api' });
  await app.register(teamRoutes, { prefix: '/api' });
  await app.register(billingRoutes, { prefix: '/api' });
  await app.register(connectionsRoutes, { prefix: '/api' });
  await app.register(businessesRoutes, { prefix: '/api' });
  await app.register(socialRoutes, { prefix: '/api' });
  await app.register(reviewsRoutes, { prefix: '/api' });
  await app.register(websiteRoutes, { prefix: '/api' });
  await app.register(analyticsRoutes, { prefix: '/api' });
  await app.register(keywordsRoutes, { prefix: '/api' });
  await app.register(conversationsRoutes, { prefix: '/api' });
  await app.register(twilioWebhookRoutes, { prefix: '/api' });
  await app.register(emailWebhookRoutes, { prefix: '/api' });
  await app.register(domainsRoutes, { prefix: '/api' });
  await app.register(coachRoutes, { prefix: '/api' });
  await app.register(workRoutes, { prefix: '/api' });
  // Published landing pages: server-rendered HTML at /p/{business}/{page}.
  await app.register(landingPublicRoutes);
  // Finished jobs' project pages and portfolio: /p/{business}/projects[/{slug}].
  await app.register(projectsPublicRoutes);
  await app.register(linksPublicRoutes);

  await registerClient(
    app,
    deps.clientDir,
    (request, html) => brandedIndex(app.deps.database.db, request, html),
    (request) => Boolean(request.cookies[sessionCookieName(deps.config)]),
  );
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppServices;
  }
}

import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { createAi, type Ai } from './ai/ai.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { openSecretBox, type SecretBox } from './security/secret-box.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { oidcRoutes } from './modules/auth/oidc.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerClient } from './plugins/client.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { felixRoutes } from './modules/felix/felix.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { registrarRoutes } from './modules/registrar/registrar.routes.ts';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Folder of the built client (dist/client); omitted in API tests. */
  clientDir?: string;
  /** Logger options or instance; defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Defaults to SMTP (SMTP_URL) or the local outbox. */
  mailer?: Mailer;
  /** Defaults to the providers configured by environment, else the offline engine. */
  ai?: Ai;
  /** Defaults to the box from APP_SECRET or the key file under DATA_DIR. */
  secretBox?: SecretBox;
}

export interface AppServices extends AppDeps {
  mailer: Mailer;
  ai: Ai;
  /** Encrypts stored integration secrets (APP_SECRET or the key file under DATA_DIR). */
  secretBox: SecretBox;
}

export type App = FastifyInstance;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Builds the whole HTTP application without listening, so tests can `inject` requests. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  // Before anything else, so a server without its encryption key refuses to start.
  const secretBox = deps.secretBox ?? (await openSecretBox(config));
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Reuse a caller's request id when it is well-formed, so logs can be joined across hops.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', {
    ...deps,
    mailer: deps.mailer ?? createMailer(config, deps.database.db, app.log),
    ai: deps.ai ?? createAi({ config: config.ai, db: deps.database.db, log: app.log }),
    secretBox,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, { https: config.secureCookies });
  await app.register(cookie);
  registerOriginCheck(app);
  registerAuth(app);

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

  await registerClient(app, deps.clientDir);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppServices;
  }
}

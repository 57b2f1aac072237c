import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Ai } from '#server/ai/ai.ts';
import type { AppConfig } from '#server/config.ts';
import type { Database, Db } from '#server/db/client.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { SecretBox } from '#server/security/secret-box.ts';

/**
 * What `buildApp` is given. Everything optional has a default, so a test passes only what it
 * replaces (a fake mailer, an AI layer with a stub provider, …).
 */
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
  /** Defaults to a queue on the app's database that only enqueues (main.ts also runs the worker). */
  jobs?: Jobs;
}

/**
 * The process-wide services every module is built from (`app.deps`). Each module turns them into
 * its own deps shape with one `xDeps(services)` function in its service file, so routes never
 * pick services apart themselves.
 */
export interface AppServices extends AppDeps {
  mailer: Mailer;
  ai: Ai;
  /** Encrypts stored integration secrets (APP_SECRET or the key file under DATA_DIR). */
  secretBox: SecretBox;
  /** Hands work to the background (pg-boss on the app's database). */
  jobs: Jobs;
  /** The application logger (pino), for work that outlives a request. */
  log: FastifyBaseLogger;
  /** Reads of leads and reviews for tasks, which sits below both (app.ts hands in their owners' functions). */
  linked: LinkedRecords;
}

/**
 * What tasks reads of the areas above it, through their owners' services: a task shows its lead's
 * name, and links only to a lead or review of its own business. Composed in app.ts, so tasks never
 * imports leads or reviews (both call tasks).
 */
export interface LinkedRecords {
  /** The business's leads among these ids, by id; another business's lead is absent. */
  leadsOf(deps: { db: Db }, tenantId: string, ids: string[]): Promise<Map<string, { name: string }>>;
  /** One of the business's reviews, or undefined. */
  reviewOf(deps: { db: Db }, tenantId: string, id: string): Promise<{ id: string } | undefined>;
}

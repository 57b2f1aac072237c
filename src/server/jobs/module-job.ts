import type { AppServices } from '#server/services.ts';
import type { JobDefinition } from './jobs.ts';

/** A module's job in its own short form: the handler gets the app's services. */
export interface ModuleJob {
  name: string;
  cron?: string;
  retryLimit?: number;
  expireInSeconds?: number;
  /** How many of these one process runs at once (jobs.ts DEFAULT_CONCURRENCY when unset). */
  concurrency?: number;
  /** Seconds between asks for due jobs while none is waiting (the worker's 0.5 when unset). */
  pollingIntervalSeconds?: number;
  handler(data: unknown, ctx: { services: AppServices; log: JobLog; jobId: string }): Promise<void>;
}
type JobLog = Parameters<JobDefinition['handler']>[1]['log'];

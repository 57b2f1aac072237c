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

/** What a sweep's run says in the log: its figures, or nothing when there was nothing to do. */
export interface SweepReport {
  figures: object;
  message: string;
  level?: 'info' | 'warn';
}

/**
 * A module's periodic sweep: on `cron`, build the module's deps from the services, run one
 * service function over every business and log what it reports (`report` answers null when the
 * run found nothing to do, so an idle minute leaves no line).
 */
export function cronSweep<R>(job: {
  name: string;
  cron: string;
  retryLimit?: number;
  expireInSeconds?: number;
  run: (services: AppServices, log: JobLog) => Promise<R>;
  report: (result: R) => SweepReport | null;
}): ModuleJob {
  const { run, report, ...schedule } = job;
  return {
    ...schedule,
    async handler(_data, ctx) {
      const said = report(await run(ctx.services, ctx.log));
      if (said) ctx.log[said.level ?? 'info']({ jobId: ctx.jobId, ...said.figures }, said.message);
    },
  };
}

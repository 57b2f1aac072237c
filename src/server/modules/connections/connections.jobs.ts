import type { ModuleJob } from '#server/jobs/module-job.ts';
import { checkAllConnections, connectionsDeps, refreshExpiringTokens } from './connections.service.ts';

// Background work of the connections; the handlers only call plain service functions, which the
// tests call directly.

/** How far ahead of expiry the refresh job renews a token: two runs' worth, so one failed run is harmless. */
export const REFRESH_WINDOW_MS = 25 * 60_000;

export const connectionJobs: ModuleJob[] = [
  {
    name: 'connections.refresh-tokens',
    cron: '*/10 * * * *',
    retryLimit: 2,
    expireInSeconds: 300,
    async handler(_data, ctx) {
      const result = await refreshExpiringTokens(connectionsDeps(ctx.services, ctx.log), REFRESH_WINDOW_MS);
      if (result.refreshed + result.failed > 0)
        ctx.log.info({ jobId: ctx.jobId, ...result }, 'connection tokens refreshed');
    },
  },
  {
    name: 'connections.health-check',
    // Daily, early morning, so a problem is in the owner's mailbox before the day starts.
    cron: '15 6 * * *',
    retryLimit: 1,
    expireInSeconds: 1800,
    async handler(_data, ctx) {
      const result = await checkAllConnections(connectionsDeps(ctx.services, ctx.log));
      ctx.log.info({ jobId: ctx.jobId, ...result }, 'connection health check done');
    },
  },
];

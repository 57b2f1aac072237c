import { cronSweep, type ModuleJob } from '#server/jobs/module-job.ts';
import { checkAllConnections, connectionsDeps, refreshExpiringTokens } from './connections.service.ts';

// Background work of the connections; the handlers only call plain service functions, which the
// tests call directly.

/** How far ahead of expiry the refresh job renews a token: two runs' worth, so one failed run is harmless. */
export const REFRESH_WINDOW_MS = 25 * 60_000;

export const connectionJobs: ModuleJob[] = [
  cronSweep({
    name: 'connections.refresh-tokens',
    cron: '*/10 * * * *',
    retryLimit: 2,
    expireInSeconds: 300,
    run: (services, log) => refreshExpiringTokens(connectionsDeps(services, log), REFRESH_WINDOW_MS),
    report: (r) => (r.refreshed + r.failed > 0 ? { figures: r, message: 'connection tokens refreshed' } : null),
  }),
  cronSweep({
    name: 'connections.health-check',
    // Daily, early morning, so a problem is in the owner's mailbox before the day starts.
    cron: '15 6 * * *',
    retryLimit: 1,
    expireInSeconds: 1800,
    run: (services, log) => checkAllConnections(connectionsDeps(services, log)),
    report: (r) => ({ figures: r, message: 'connection health check done' }),
  }),
];

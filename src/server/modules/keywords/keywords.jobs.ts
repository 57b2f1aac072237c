import { cronSweep, type ModuleJob } from '#server/jobs/module-job.ts';
import { RESYNC_JOB } from './google-properties.service.ts';
import { keywordsDeps } from './keywords.deps.ts';
import { syncAllKeywords, syncKeywords } from './keywords-sync.service.ts';

/** Background work of keywords: the daily Search Console sync (the first one backfills 16 months). */
export const keywordJobs: ModuleJob[] = [
  cronSweep({
    name: 'keywords.sync-search-console',
    cron: '30 4 * * *',
    retryLimit: 1,
    expireInSeconds: 3600,
    run: (services) => syncAllKeywords(keywordsDeps(services)),
    report: (r) => (r.synced + r.failed > 0 ? { figures: r, message: 'search console synced' } : null),
  }),
  {
    name: RESYNC_JOB,
    retryLimit: 2,
    expireInSeconds: 3600,
    async handler(data, ctx) {
      const tenantId = (data as { tenantId?: unknown } | null)?.tenantId;
      if (typeof tenantId !== 'string') return;
      const result = await syncKeywords(keywordsDeps(ctx.services), tenantId);
      ctx.log.info({ jobId: ctx.jobId, tenantId, state: result.state }, 'search console resynced');
    },
  },
];

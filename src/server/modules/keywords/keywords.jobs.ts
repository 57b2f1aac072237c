import type { ModuleJob } from '#server/jobs/module-job.ts';
import { keywordsDeps } from './keywords.deps.ts';
import { syncAllKeywords, syncKeywords } from './keywords-sync.service.ts';

/** One business's full resync after the owner chose another Search Console site. */
export const RESYNC_JOB = 'keywords.resync-site';

/** Background work of keywords: the daily Search Console sync (the first one backfills 16 months). */
export const keywordJobs: ModuleJob[] = [
  {
    name: 'keywords.sync-search-console',
    cron: '30 4 * * *',
    retryLimit: 1,
    expireInSeconds: 3600,
    async handler(_data, ctx) {
      const result = await syncAllKeywords(keywordsDeps(ctx.services));
      if (result.synced + result.failed > 0) ctx.log.info({ jobId: ctx.jobId, ...result }, 'search console synced');
    },
  },
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

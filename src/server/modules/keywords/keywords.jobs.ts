import type { ModuleJob } from '#server/jobs/module-job.ts';
import { keywordsDeps } from './keywords.deps.ts';
import { syncAllKeywords } from './keywords-sync.service.ts';

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
];

import type { ModuleJob } from '#server/jobs/module-job.ts';
import { domainsDeps, recheckVerifiedDomains } from './domains.service.ts';

export const domainJobs: ModuleJob[] = [
  {
    // Daily: a domain whose TXT record was removed stops serving the business's brand.
    name: 'domains.recheck',
    cron: '40 5 * * *',
    retryLimit: 1,
    expireInSeconds: 900,
    async handler(_data, ctx) {
      const result = await recheckVerifiedDomains(domainsDeps(ctx.services));
      ctx.log.info({ jobId: ctx.jobId, ...result }, 'custom domains re-checked');
    },
  },
];

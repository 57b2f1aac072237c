import { cronSweep, type ModuleJob } from '#server/jobs/module-job.ts';
import { domainsDeps, recheckVerifiedDomains } from './domains.service.ts';

export const domainJobs: ModuleJob[] = [
  cronSweep({
    // Daily: a domain whose TXT record was removed stops serving the business's brand.
    name: 'domains.recheck',
    cron: '40 5 * * *',
    retryLimit: 1,
    expireInSeconds: 900,
    run: (services) => recheckVerifiedDomains(domainsDeps(services)),
    report: (r) => ({ figures: r, message: 'custom domains re-checked' }),
  }),
];

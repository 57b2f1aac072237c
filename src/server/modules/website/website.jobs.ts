import type { ModuleJob } from '#server/jobs/module-job.ts';
import { SPEED_TO_LEAD_JOB, ZSpeedToLead } from './lead-intake.service.ts';
import { sendSpeedToLead } from './speed-to-lead.ts';

/** Background work of the website area: the speed-to-lead reply of a landing page's form. */
export const websiteJobs: ModuleJob[] = [
  {
    name: SPEED_TO_LEAD_JOB,
    retryLimit: 3,
    expireInSeconds: 60,
    async handler(data, ctx) {
      const lead = ZSpeedToLead.parse(data);
      const { services } = ctx;
      const result = await sendSpeedToLead(
        { db: services.database.db, mailer: services.mailer, appUrl: services.config.appUrl },
        lead,
      );
      ctx.log.info({ jobId: ctx.jobId, ...result }, 'speed-to-lead sent');
    },
  },
];

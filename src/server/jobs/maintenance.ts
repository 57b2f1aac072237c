import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { pruneSessions, pruneTokens } from '#server/modules/auth/auth.repo.ts';
import { pruneRateLimits } from '#server/security/rate-limit.ts';
import { defineJob } from './jobs.ts';

/** Removes expired sessions, rate-limit windows and old link tokens every 10 minutes. */
export const maintenanceJobs = (db: () => Db) => [
  defineJob({
    name: 'maintenance-prune',
    schema: z.object({}),
    cron: { expression: '*/10 * * * *' },
    retryLimit: 0,
    handler: async () => {
      await pruneSessions(db());
      await pruneRateLimits(db());
      await pruneTokens(db());
    },
  }),
];

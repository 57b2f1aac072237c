import { z } from 'zod';
import { zString } from './string.ts';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  driver: z.enum(['pglite', 'pg']),
  uptimeSeconds: z.number(),
});

/** GET /api/dev/status — the shape of the spec for the dev overlay. */
export const ZDevStatus = z.object({
  env: zString(),
  authMode: z.enum(['enabled', 'demo', 'disabled']),
  storageMode: z.enum(['db', 'memory']),
  tenant: z.object({ name: zString() }).nullable(),
  user: z.object({ email: zString().optional(), sub: zString().optional() }).nullable(),
  time: zString(),
});
export type TDevStatus = z.infer<typeof ZDevStatus>;

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type TJobState = (typeof JOB_STATES)[number];

/** GET /api/system/jobs: the business's background jobs, newest first, with counts per queue. */
export const ZJobsQuery = z.object({
  state: z.enum(['queued', 'running', 'failed', 'completed', 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZJobSummary = z.object({
  id: zString(),
  queue: zString(),
  state: z.enum(JOB_STATES),
  attempts: z.number(),
  createdAt: zString(),
  startAfter: zString(),
  startedAt: zString().nullable(),
  finishedAt: zString().nullable(),
  /** The last error of a failed or retrying job, in plain words. */
  error: zString().nullable(),
});
export type TJobSummary = z.infer<typeof ZJobSummary>;

export const ZJobsOverview = z.object({
  queues: z.array(
    z.object({ queue: zString(), queued: z.number(), running: z.number(), failed: z.number(), completed: z.number() }),
  ),
  jobs: z.array(ZJobSummary),
});
export type TJobsOverview = z.infer<typeof ZJobsOverview>;

import { z } from 'zod';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  driver: z.enum(['pglite', 'pg']),
  uptimeSeconds: z.number(),
});
export type THealth = z.infer<typeof ZHealth>;

/** GET /api/dev/status — the shape of spec-1 §7 for the dev overlay. */
export const ZDevStatus = z.object({
  env: z.string(),
  authMode: z.enum(['enabled', 'demo', 'disabled']),
  storageMode: z.enum(['db', 'memory']),
  tenant: z.object({ name: z.string() }).nullable(),
  user: z.object({ email: z.string().optional(), sub: z.string().optional() }).nullable(),
  time: z.string(),
});
export type TDevStatus = z.infer<typeof ZDevStatus>;

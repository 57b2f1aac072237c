import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { aiUsage } from '#server/db/schema/index.ts';

export interface UsageDelta {
  requests: number;
  inputTokens: number;
  outputTokens: number;
}

/** 'YYYY-MM' in UTC, the ai_usage month key. */
export function usageMonth(at = new Date()): string {
  return at.toISOString().slice(0, 7);
}

/** Adds one call's requests and tokens to the tenant's row for this month (one upsert). */
export async function addUsage(db: Db, tenantId: string, delta: UsageDelta, at = new Date()): Promise<void> {
  await db
    .insert(aiUsage)
    .values({ tenantId, month: usageMonth(at), ...delta })
    .onConflictDoUpdate({
      target: [aiUsage.tenantId, aiUsage.month],
      set: {
        requests: sql`${aiUsage.requests} + excluded.requests`,
        inputTokens: sql`${aiUsage.inputTokens} + excluded.input_tokens`,
        outputTokens: sql`${aiUsage.outputTokens} + excluded.output_tokens`,
        updatedAt: sql`now()`,
      },
    });
}

export async function findUsage(db: Db, tenantId: string, month = usageMonth()): Promise<UsageDelta> {
  const [row] = await db
    .select({ requests: aiUsage.requests, inputTokens: aiUsage.inputTokens, outputTokens: aiUsage.outputTokens })
    .from(aiUsage)
    .where(and(eq(aiUsage.tenantId, tenantId), eq(aiUsage.month, month)));
  return row ?? { requests: 0, inputTokens: 0, outputTokens: 0 };
}

// The AI posts a plan allows per month (billing counts them here, beside the calls and tokens).

/** The AI posts counted for the business in `month` ('YYYY-MM'). */
export async function aiPostsIn(db: Db, tenantId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ n: aiUsage.aiPosts })
    .from(aiUsage)
    .where(and(eq(aiUsage.tenantId, tenantId), eq(aiUsage.month, month)));
  return row?.n ?? 0;
}

/** Counts one AI post unless the month already holds `limit` (null = no limit); one statement. */
export async function addAiPost(db: Db, tenantId: string, month: string, limit: number | null): Promise<boolean> {
  if (limit !== null && limit <= 0) return false;
  const rows = await db
    .insert(aiUsage)
    .values({ tenantId, month, aiPosts: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.tenantId, aiUsage.month],
      set: { aiPosts: sql`${aiUsage.aiPosts} + 1`, updatedAt: sql`now()` },
      ...(limit === null ? {} : { setWhere: lt(aiUsage.aiPosts, limit) }),
    })
    .returning({ n: aiUsage.aiPosts });
  return rows.length > 0;
}

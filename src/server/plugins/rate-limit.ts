import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { RateLimitError } from '../errors.ts';

/**
 * Fixed-window counters in PostgreSQL, so a limit holds across every app instance. One upsert
 * per hit; the database clock decides when a window ends.
 */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface RateState {
  count: number;
  resetAt: Date;
}

/** A stable, non-identifying key part for emails and other personal values. */
export function keyPart(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

/** Counts one event under `key` and answers the count in the current window. */
export async function hit(db: Db, key: string, rule: RateRule): Promise<RateState> {
  const windowEnd = sql`now() + ${rule.windowMs} * interval '1 millisecond'`;
  const expired = sql`${rateLimits.expiresAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: sql`now()`, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimits.expiresAt} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.expiresAt });
  if (!row) throw new Error('rate limit upsert returned no row');
  return row;
}

/** The count in the current window without adding to it. */
export async function peek(db: Db, key: string): Promise<RateState> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.expiresAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.expiresAt} > now()`);
  return row ?? { count: 0, resetAt: new Date() };
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export function tooMany(state: RateState): RateLimitError {
  const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new RateLimitError(`Too many attempts. Please wait ${wait} and try again.`, seconds);
}

/** Counts the event and refuses it with a 429 once the window's limit is passed. */
export async function enforce(db: Db, key: string, rule: RateRule): Promise<void> {
  const state = await hit(db, key, rule);
  if (state.count > rule.limit) throw tooMany(state);
}

/** Removes windows that have ended (run periodically). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
}

import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema/index.ts';
import { RateLimitError } from '#server/errors.ts';

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

/** Counts the event and refuses it with a 429 once the window's limit is passed (for limits that need the body). */
export async function enforce(db: Db, key: string, rule: RateRule): Promise<void> {
  const state = await hit(db, key, rule);
  if (state.count > rule.limit) throw tooMany(state);
}

/** Removes windows that have ended (run periodically). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
}

/**
 * A route's limits, declared in one line on the route:
 * `config: { rateLimit: { name: 'onboarding-plan', perIp: { limit: 30, windowMs: HOUR } } }`.
 * They are counted in an `onRequest` hook, before the body is parsed or validated, so a caller
 * over the limit costs one upsert and nothing else. `perUser` and `perTenant` count signed-in
 * callers only (the session is read by an earlier `onRequest` hook).
 */
export interface RouteRateLimit {
  /** The counter's name; routes that share a name share their windows. */
  name: string;
  perIp?: RateRule;
  perUser?: RateRule;
  perTenant?: RateRule;
}

function routeKeys(request: FastifyRequest, limit: RouteRateLimit): [string, RateRule][] {
  const keys: [string, RateRule][] = [];
  if (limit.perIp) keys.push([`${limit.name}:ip:${request.ip}`, limit.perIp]);
  const auth = request.auth;
  if (auth && limit.perUser) keys.push([`${limit.name}:user:${auth.userId}`, limit.perUser]);
  if (auth && limit.perTenant) keys.push([`${limit.name}:tenant:${auth.tenantId}`, limit.perTenant]);
  return keys;
}

/** Registers the hook that enforces each route's `config.rateLimit` (after the auth hook). */
export function registerRateLimits(app: FastifyInstance): void {
  const { db } = app.deps.database;
  app.addHook('onRequest', async (request) => {
    const limit = request.routeOptions.config.rateLimit;
    if (!limit) return;
    for (const [key, rule] of routeKeys(request, limit)) await enforce(db, key, rule);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RouteRateLimit;
  }
}

/** Body limit of public (signed-out) routes: their bodies are a few hundred bytes of form fields. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

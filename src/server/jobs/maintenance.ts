import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { pruneSessions, pruneTokens } from '../modules/auth/auth.repo.ts';
import { pruneRateLimits } from '../plugins/rate-limit.ts';

const EVERY_MS = 10 * 60 * 1000;

/** Removes expired sessions, rate-limit windows and old link tokens every 10 minutes. */
export function startMaintenance(db: Db, log: FastifyBaseLogger): () => void {
  const run = async () => {
    try {
      await pruneSessions(db);
      await pruneRateLimits(db);
      await pruneTokens(db);
    } catch (err) {
      log.error({ err }, 'maintenance: pruning expired rows failed');
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

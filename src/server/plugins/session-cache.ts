import type { Db } from '#server/db/client.ts';
import { findLiveSession, type SessionView } from '#server/modules/auth/auth.repo.ts';

/**
 * How long a read-only request may reuse a session row read by an earlier request in this
 * process (docs/decisions/034). A page asks several things at once; each asked the database
 * again, and that lookup was the largest cost a signed-in read added to the bare query.
 */
export const SESSION_REUSE_MS = 2_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  at: number;
  session: Promise<SessionView | undefined>;
}

export interface SessionCache {
  /**
   * The live session with this hash. `reuse` (GET and HEAD) may answer a row read within the
   * last SESSION_REUSE_MS, joining a lookup already on its way; anything else reads the database.
   */
  find(sidHash: string, reuse: boolean): Promise<SessionView | undefined>;
  /** The session's row moved on (touched): later reuse sees the new times. */
  update(session: SessionView): void;
  /** Forgets every remembered row: a request that may change data has been answered. */
  forgetAll(): void;
}

export function createSessionCache(db: Db, now: () => number = Date.now): SessionCache {
  const entries = new Map<string, Entry>();
  const drop = (sidHash: string, entry: Entry) => {
    if (entries.get(sidHash) === entry) entries.delete(sidHash);
  };
  return {
    async find(sidHash, reuse) {
      const at = now();
      const hit = reuse ? entries.get(sidHash) : undefined;
      if (hit && at - hit.at < SESSION_REUSE_MS) {
        const session = await hit.session;
        if (session && session.expire.getTime() > now()) return session;
      }
      const session = findLiveSession(db, sidHash);
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const entry = { at, session };
      entries.set(sidHash, entry);
      // Only live sessions are kept: unknown tokens must not fill the map.
      session.then(
        (found) => found || drop(sidHash, entry),
        () => drop(sidHash, entry),
      );
      return session;
    },
    update(session) {
      const entry = entries.get(session.sidHash);
      if (entry) entry.session = Promise.resolve(session);
    },
    forgetAll() {
      entries.clear();
    },
  };
}

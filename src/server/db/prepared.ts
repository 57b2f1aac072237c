import type { Db } from './client.ts';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * One prepared statement per database handle and name, built on first use. For queries that
 * run on (nearly) every request: PostgreSQL then plans them once per connection instead of on
 * every call. Build with `sql.placeholder(...)` and `.prepare(name)`.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}

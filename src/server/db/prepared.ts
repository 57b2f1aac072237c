import { Column, is, SQL, Subquery } from 'drizzle-orm';
import type { Db } from './client.ts';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * One prepared statement per database handle and name, built on first use. For queries that
 * run on (nearly) every request: PostgreSQL then plans them once per connection instead of on
 * every call. Build with `sql.placeholder(...)` and `.prepare(name)`. A select's rows are mapped
 * by `flatRowMapper` rather than Drizzle's own loop.
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
    useFlatRowMapper(statement);
    statements.set(name, statement);
  }
  return statement;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What a Drizzle prepared select (pg and PGlite alike) keeps of its selection. */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** A selected field's decoder, found as Drizzle's mapResultRow finds it (`decoder` is Drizzle-internal). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const sqlOf = is(field, SQL) ? field : is(field, Subquery) ? field._.sql : (field as SQL.Aliased).sql;
  return (sqlOf as unknown as { decoder: Decoder }).decoder;
}

const asIs = Column.prototype.mapFromDriverValue;

/**
 * Drizzle maps every row of a result through one generic loop that works out, per column and
 * per row, what kind of field it is and where in the row object it goes. On the lead list (51
 * rows of 27 columns) that was about a seventh of a request's CPU. For a flat selection (every
 * field at the top level, which is all ours are but the user-with-memberships join) the same
 * mapping is worked out once per statement: the keys and decoders in column order, and columns
 * whose values the driver already gives as they are (text, uuid, boolean) copied without a call.
 * Same result as Drizzle's: null stays null, anything else goes through the column's decoder.
 */
function useFlatRowMapper(statement: unknown): void {
  const query = statement as PreparedSelect;
  const fields = query.fields;
  if (!fields || query.customResultMapper || fields.some((f) => f.path.length !== 1)) return;
  const keys = fields.map((f) => f.path[0] as string);
  const decoders = fields.map((f) => {
    const decoder = decoderOf(f.field);
    return decoder.mapFromDriverValue === asIs ? null : decoder;
  });
  query.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        const decoder = decoders[i];
        out[keys[i] as string] = value === null || !decoder ? value : decoder.mapFromDriverValue(value);
      }
      return out;
    });
}

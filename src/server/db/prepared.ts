import { Column, is, SQL, Subquery } from 'drizzle-orm';
import type { Db } from './client.ts';

const cache = new WeakMap<Db, Map<string, unknown>>();

/** A selected field in the order the driver hands its values over (rows as arrays). */
export interface SelectedField {
  key: string;
  /** The column's decoder, as Drizzle would call it; null when the value is used as it comes. */
  decode: ((value: unknown) => unknown) | null;
}

/** Makes, once per statement, the function that turns the driver's rows into the query's result. */
export type RowMapperFactory = (fields: SelectedField[]) => (rows: unknown[][]) => unknown[];

/**
 * One prepared statement per database handle and name, built on first use. For queries that
 * run on (nearly) every request: PostgreSQL then plans them once per connection instead of on
 * every call. Build with `sql.placeholder(...)` and `.prepare(name)`. A select's rows are mapped
 * by `flatRows` rather than Drizzle's own loop, or by `mapRows` when given: then the statement's
 * result is whatever that mapper makes, not the row type Drizzle declares (the caller says so).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T, mapRows: RowMapperFactory = flatRows): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(db);
    useRowMapper(name, statement, mapRows);
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
 * field at the top level, which is all ours are but the user-with-memberships join) the keys
 * and decoders are worked out once per statement, and the row mapper is made from them.
 */
function useRowMapper(name: string, statement: unknown, mapRows: RowMapperFactory): void {
  const query = statement as PreparedSelect;
  const fields = query.fields;
  if (!fields || query.customResultMapper || fields.some((f) => f.path.length !== 1)) {
    // Drizzle's own mapping then: fine for ours, a wrong result type for a caller's own mapper.
    if (mapRows !== flatRows) throw new Error(`${name}: a row mapper of its own needs a flat selection`);
    return;
  }
  query.customResultMapper = mapRows(
    fields.map((f) => {
      const decoder = decoderOf(f.field);
      // Columns whose values the driver already gives as they are (text, uuid, boolean).
      const decode = decoder.mapFromDriverValue === asIs ? null : (v: unknown) => decoder.mapFromDriverValue(v);
      return { key: f.path[0] as string, decode };
    }),
  );
}

/**
 * Drizzle's own result, a row object per row: null stays null, anything else goes through the
 * column's decoder, and columns that need none are copied without a call.
 */
function flatRows(fields: SelectedField[]): (rows: unknown[][]) => unknown[] {
  const keys = fields.map((f) => f.key);
  const decoders = fields.map((f) => f.decode);
  return (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        const decode = decoders[i];
        out[keys[i] as string] = value === null || !decode ? value : decode(value);
      }
      return out;
    });
}

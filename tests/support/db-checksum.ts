import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';

/**
 * Columns that legitimately move without a write by the caller: presence (`last_seen_at`, touched
 * by polled reads), sliding auth-session expiry, the browser's time zone (saved before any route
 * runs) and a Shro's stored status (moved on from `selected` to `revealed` by the first read after
 * the reveal delay). Everything else must stay exactly as it was after a refused request.
 */
export const VOLATILE_COLUMNS = ['last_seen_at', 'expires_at', 'time_zone', 'status'];

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Not a table, so neither checked nor emptied by resetData. */
const CHECKSUM_FUNCTION = 'test_table_checksum';
const prepared = new WeakMap<Database, Promise<void>>();

/**
 * One statement over every table of the public schema, kept in a PL/pgSQL function created once
 * per database: the function's plan is cached per connection, so the union over every table is
 * not planned afresh for each call (the fuzzer takes a checksum after every input).
 */
async function createChecksumFunction(database: Database): Promise<void> {
  const columns = rowsOf(
    await database.db.execute(
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          order by c.table_name, c.ordinal_position`,
    ),
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns) {
    const table = String(row.table_name);
    const column = String(row.column_name);
    if (!byTable.has(table)) byTable.set(table, []);
    if (!VOLATILE_COLUMNS.includes(column)) byTable.get(table)!.push(column);
  }
  // Order-independent: a sum of 64-bit hashes of each row's stable columns, plus the row count.
  const query = [...byTable]
    .map(
      ([table, cols]) =>
        `select '${table}'::text, count(*)::text || ':' || coalesce(sum(hashtextextended(row(${cols.map(quote).join(', ')})::text, 7)), 0)::text from ${quote(table)}`,
    )
    .join(' union all ');
  await database.db.execute(
    sql.raw(
      `create or replace function ${CHECKSUM_FUNCTION}() returns table (checked_table text, checksum text) language plpgsql as $body$ begin return query ${query}; end $body$`,
    ),
  );
}

/** A checksum of every table in the public schema: row count and a hash of every row's content. */
export async function tableChecksum(database: Database): Promise<Record<string, string>> {
  let ready = prepared.get(database);
  if (!ready) {
    ready = createChecksumFunction(database);
    prepared.set(database, ready);
  }
  await ready;
  const rows = rowsOf(await database.db.execute(sql.raw(`select * from ${CHECKSUM_FUNCTION}()`)));
  return Object.fromEntries(rows.map((r) => [String(r.checked_table), String(r.checksum)]));
}

/** The tables whose checksum differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]);
}

/** Empties every table but the static ones (achievement catalogue, settings such as the cookie secret). */
export async function resetData(database: Database): Promise<void> {
  const tables = rowsOf(
    await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('achievements', 'app_settings')`,
    ),
  ).map((r) => quote(String(r.table_name)));
  await database.db.execute(sql.raw(`truncate table ${tables.join(', ')} restart identity cascade`));
}

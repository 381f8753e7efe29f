import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

type ColumnType = 'text' | 'int' | 'date' | 'timestamptz';

/**
 * A batch's rows passed as one array parameter per column, read back with `unnest(...)`
 * (docs/decisions/148-batches-as-arrays.md): a batch of any size is then one parameter per column
 * and the same statement text, instead of one parameter per value for drizzle to build and the
 * driver to encode. `null` entries stay null. Timestamps go in as ISO strings.
 */
export function unnest(columns: readonly (readonly [values: readonly unknown[], type: ColumnType])[]): SQL {
  return sql`unnest(${sql.join(
    columns.map(([values, type]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  )})`;
}

/**
 * `column = any($1::type[])`: drizzle's `inArray` with the list as one array parameter (decision
 * 148), for the lists that grow with a batch. An empty list matches nothing, as `inArray`'s does.
 */
export function anyOf(column: AnyColumn, values: readonly unknown[], type: ColumnType | 'bigint'): SQL {
  return sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`;
}

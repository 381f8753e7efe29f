/**
 * A `json` column of a raw statement (`db.execute`, e.g. a `json_agg`): node-postgres and PGlite
 * both hand it over parsed; should a driver give the text instead, it is parsed here.
 */
export const jsonColumn = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

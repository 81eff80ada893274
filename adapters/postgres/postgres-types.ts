import pg from 'pg';

const INT8 = 20;
const NUMERIC = 1700;
const identity = (value: string) => value;

/**
 * Type parsers for our pool only (pg.types stays untouched for anyone else in
 * the process): BIGINT and NUMERIC come back as the exact decimal text, never
 * a float; the callers turn them into bigint. Every other type keeps pg's
 * default, so timestamptz is a Date and JSONB is parsed.
 */
export const postgresTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if ((format ?? 'text') === 'text' && (oid === INT8 || oid === NUMERIC)) return identity;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

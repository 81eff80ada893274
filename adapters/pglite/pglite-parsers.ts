const INT8 = 20;
const NUMERIC = 1700;
const identity = (value: string) => value;

/**
 * PGlite parses BIGINT into a JavaScript number by default, which silently
 * rounds past 2^53. Like our pg pool, it must hand back the exact text.
 */
export const pgliteParsers: Record<number, (value: string) => unknown> = {
  [INT8]: identity,
  [NUMERIC]: identity,
};

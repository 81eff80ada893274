import { CompiledQuery } from 'kysely';

/**
 * Statement texts PostgreSQL should plan once, generically, rather than
 * afresh for every call's values: the hot path's FixedStatements and the
 * write-behind group statements. Their rows travel as column arrays joined
 * on keys, so the best plan does not depend on the values; but a custom plan
 * sees the arrays' lengths (a few rows) and always looks cheaper than the
 * generic plan's ten-row guess, so under `plan_cache_mode = auto` the
 * server replans them on every call (the creation batch's lock statement
 * spent as long planning as running). A transaction sets the mode around
 * them (write-behind.ts); other statements keep the server's own choice.
 */
const texts = new Set<string>();
/** Texts are written once per module or per combination of writes; the bound keeps a mistake from growing without end. */
const MAX_TEXTS = 2_000;

export function planGenerically(text: string): void {
  if (texts.size < MAX_TEXTS) texts.add(text);
}

export function isPlannedGenerically(text: string): boolean {
  return texts.has(text);
}

/** The statements that switch a transaction's plan mode (SET LOCAL: it ends with the transaction). */
export const GENERIC_PLANS = CompiledQuery.raw('set local plan_cache_mode = force_generic_plan');
export const DEFAULT_PLANS = CompiledQuery.raw('set local plan_cache_mode to default');

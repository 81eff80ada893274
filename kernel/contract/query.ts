import { z } from 'zod';
import { MAX_PAGE, MAX_PER_PAGE } from './page.js';

const DIGITS = /^[0-9]+$/;

/**
 * A whole number sent as text (a query parameter, a CLI flag): digits only,
 * then range-checked. `z.coerce.number()` alone would take '1e1', '0x10',
 * ' 7' or '' (as 0) for numbers. Documented in OpenAPI as an integer.
 */
export function wholeNumber(min: number, max: number) {
  return z
    .string()
    .refine((text) => DIGITS.test(text), 'must be a whole number written with digits only')
    .pipe(z.coerce.number<string>().int().min(min).max(max))
    .meta({ type: 'integer', minimum: min, maximum: max });
}

/** A list's `page` parameter: 1 to MAX_PAGE (callers add `.optional()` or `.default(1)`). */
export function pageNumber() {
  return wholeNumber(1, MAX_PAGE);
}

/** A list's page size (`per_page`, `limit`): 1 to MAX_PER_PAGE (default DEFAULT_PER_PAGE where the caller leaves it out). */
export function pageSize() {
  return wholeNumber(1, MAX_PER_PAGE);
}

/**
 * The page fields of an operation without a REST route, as GraphQL's
 * `pageArgs` hands them (numbers, checked there): spread into the input
 * schema the operation declares, operation(token, Class, input).
 */
export const pageArgsShape = {
  page: z.number().int().min(1).max(MAX_PAGE),
  per_page: z.number().int().min(1).max(MAX_PER_PAGE),
};

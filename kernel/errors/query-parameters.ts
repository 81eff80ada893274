import { ValidationError, type ValidationIssue } from './errors.js';

/**
 * Runs `work` and turns its pointer refusals ("/from") into query-parameter
 * ones ("from"): a GET has no body to point into, but the helpers that
 * validate a field (the asset and chain catalogues, parseAmountField) name
 * it by pointer.
 */
export async function asQueryParameters<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(
      error.issues.map((issue): ValidationIssue => (issue.pointer?.startsWith('/') ? { detail: issue.detail, code: issue.code, parameter: issue.pointer.slice(1).split('/')[0]! } : issue)),
    );
  }
}

import { AppError } from '../errors/app-error.js';

/**
 * The result of one item of a batch: a value, or the client error (4xx)
 * that refused that item alone. Anything that is not an AppError is a bug
 * or a store failure and fails the whole batch instead.
 */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

export function succeeded<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

export function refused<T>(error: AppError): Outcome<T> {
  return { ok: false, error };
}

/** Runs `work` and turns a thrown AppError into a refusal; other errors propagate. */
export function attempt<T>(work: () => T): Outcome<T> {
  try {
    return succeeded(work());
  } catch (error) {
    if (error instanceof AppError) return refused(error);
    throw error;
  }
}

/** The value, or the refusal thrown again. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw outcome.error;
}

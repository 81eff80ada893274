import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Fields added to every line logged while a unit of work runs (the HTTP
 * middleware opens one per request with its request id). Singletons —
 * repositories, the SQL retry, plugin services — log with the injected
 * logger, so the request id reaches them through the async context rather
 * than through every call signature.
 */
const scope = new AsyncLocalStorage<Readonly<Record<string, unknown>>>();

export function withLogFields<T>(fields: Readonly<Record<string, unknown>>, run: () => T): T {
  return scope.run({ ...scope.getStore(), ...fields }, run);
}

/** Runs outside any scope: work shared by several requests (a group commit) carries none of their ids. */
export function withoutLogFields<T>(run: () => T): T {
  return scope.exit(run);
}

export function scopedLogFields(): Readonly<Record<string, unknown>> {
  return scope.getStore() ?? {};
}

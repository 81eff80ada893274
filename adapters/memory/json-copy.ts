/**
 * A copy of a value exactly as it would come back from a JSON (JSONB)
 * column: what JSON.parse(JSON.stringify(value)) gives, bigint and a
 * top-level undefined refused with a TypeError. The memory store copies
 * every event payload and workflow state this way, so tests on it catch
 * values PostgreSQL would reject or change.
 *
 * Most values are trees of plain objects, arrays, strings, numbers,
 * booleans, null and undefined: those are copied directly, by JSON's rules
 * (-0 and NaN as JSON writes them, undefined dropped from objects and null
 * in arrays), several times faster than through a string (this copy was the
 * memory store's largest single cost per transfer). Anything else (a
 * bigint, a function, toJSON such as a Date's, a class instance, an own
 * `__proto__` key, a cycle or a very deep tree) makes the whole value go
 * through JSON itself, so the result never differs from JSON's.
 */
export function jsonCopy<T>(value: T): T {
  return copyOf(value, false);
}

/** As jsonCopy, every object and array of the copy frozen (a shared, read-only value). */
export function frozenJsonCopy<T>(value: T): T {
  return copyOf(value, true);
}

/** Thrown inside the direct copy when JSON's own rules are needed. */
const NOT_PLAIN = Symbol('not plain JSON data');
/** Deeper than this the direct copy gives up (and JSON reports a cycle). */
const MAX_DEPTH = 64;

function copyOf<T>(value: T, freeze: boolean): T {
  try {
    if (value !== undefined && typeof value !== 'symbol') return plainCopy(value, freeze, 0) as T;
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
  }
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('value is not JSON-serialisable');
  const copy = JSON.parse(text) as T;
  return freeze ? deepFreeze(copy) : copy;
}

function plainCopy(value: unknown, freeze: boolean, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON writes -0 as 0, NaN and the infinities as null.
      if (!Number.isFinite(value)) return null;
      return value === 0 ? 0 : value;
    case 'object':
      if (value === null) return null;
      if (depth >= MAX_DEPTH) throw NOT_PLAIN;
      return Array.isArray(value) ? plainArray(value, freeze, depth) : plainObject(value as Record<string, unknown>, freeze, depth);
    default:
      // A bigint or a function may carry a toJSON; undefined and symbols are handled by the container.
      throw NOT_PLAIN;
  }
}

function plainArray(value: readonly unknown[], freeze: boolean, depth: number): readonly unknown[] {
  if (Object.getPrototypeOf(value) !== Array.prototype || typeof (value as { toJSON?: unknown }).toJSON === 'function') throw NOT_PLAIN;
  const copy = new Array<unknown>(value.length);
  for (let index = 0; index < value.length; index += 1) {
    const item = value[index];
    copy[index] = item === undefined || typeof item === 'symbol' ? null : plainCopy(item, freeze, depth + 1);
  }
  return freeze ? Object.freeze(copy) : copy;
}

function plainObject(value: Record<string, unknown>, freeze: boolean, depth: number): Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value) as unknown;
  if ((prototype !== Object.prototype && prototype !== null) || typeof value.toJSON === 'function') throw NOT_PLAIN;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // An own __proto__ key is data to JSON.parse but would set the copy's prototype here.
    if (key === '__proto__') throw NOT_PLAIN;
    const item = value[key];
    if (item !== undefined && typeof item !== 'symbol') copy[key] = plainCopy(item, freeze, depth + 1);
  }
  return freeze ? Object.freeze(copy) : copy;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Text every store can hold. PostgreSQL (and so PGlite) cannot store NUL
 * (U+0000) in text or jsonb, and a UTF-16 surrogate without its partner has
 * no UTF-8 form at all; the memory store would keep both, so the stores
 * would disagree. The driving adapters refuse such strings at the edge —
 * values and object keys, at any depth — before anything runs.
 */

/** With the u flag a paired surrogate is one astral code point, so \p{Cs} matches only unpaired ones. */
const UNSTORABLE = /[\u0000\p{Cs}]/u;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'gu');

export const UNSTORABLE_TEXT_RULE = 'must not contain NUL (U+0000) or an unpaired UTF-16 surrogate';

/** Problems beyond this many are not reported: a body full of them gets a bounded answer. */
const MAX_REPORTED = 20;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The text with every unstorable character replaced by U+FFFD, for naming it in an answer. */
export function printableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, '\ufffd');
}

export interface UnstorableText {
  /** Where the string is: object keys and array indexes from the root. */
  readonly path: readonly (string | number)[];
  /** Set when a key of the object at `path` is the bad string, rather than the value at `path`. */
  readonly key?: string;
}

/** A place in the walked value, linked to its parent so no path is copied until one is reported. */
interface Place {
  readonly value: unknown;
  readonly parent: Place | undefined;
  readonly step: string | number;
}

function pathOf(place: Place): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Place | undefined = place; at?.parent; at = at.parent) path.push(at.step);
  return path.reverse();
}

/**
 * Every string in a JSON-like value (strings, arrays, plain objects and
 * their keys) that a store cannot hold, at most MAX_REPORTED, in document
 * order (an object's bad keys before its values). Iterative and linear,
 * so no nesting depth can overflow the stack.
 */
export function findUnstorableText(root: unknown): UnstorableText[] {
  const found: UnstorableText[] = [];
  const pending: Place[] = [{ value: root, parent: undefined, step: '' }];
  while (pending.length > 0 && found.length < MAX_REPORTED) {
    const place = pending.pop()!;
    const { value } = place;
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push({ path: pathOf(place) });
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) pending.push({ value: value[index], parent: place, step: index });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (const key of keys) if (!isStorableText(key)) found.push({ path: pathOf(place), key });
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!;
        if (isStorableText(key)) pending.push({ value: (value as Record<string, unknown>)[key], parent: place, step: key });
      }
    }
  }
  return found.slice(0, MAX_REPORTED);
}

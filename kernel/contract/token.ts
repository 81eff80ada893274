/**
 * A port token: a global symbol branded with the type it stands for.
 * Symbol.for means a partner package with its own copy of this file still
 * produces the same token, so bindings meet in the one container.
 */
export type Token<T> = symbol & { readonly __port?: T };

const PREFIX = 'bank:';

export function token<T>(id: string): Token<T> {
  return Symbol.for(PREFIX + id) as Token<T>;
}

/** The id a token was made with ('core-banking.ledger'), for messages. */
export function tokenId(value: Token<unknown>): string {
  const key = Symbol.keyFor(value);
  return key?.startsWith(PREFIX) ? key.slice(PREFIX.length) : String(value.description);
}

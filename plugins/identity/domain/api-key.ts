/**
 * API key format. A key is `fak_` followed by the base62 text of 32 random
 * bytes (256 bits), always 43 characters, so keys sort and display alike.
 * Only its SHA-256 is stored; `prefix` (8 characters after `fak_`) is kept in
 * clear so people can tell their keys apart in lists.
 */
export const API_KEY_SCHEME = 'fak_';
export const API_KEY_RANDOM_BYTES = 32;
export const API_KEY_PREFIX_LENGTH = 8;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^43 > 2^256 > 62^42: 43 digits hold any 32 bytes. */
const KEY_DIGITS = 43;
/**
 * What a presented key may look like: our own keys, and operator preset keys
 * (BANK_ADMIN_KEY) of at least 32 characters in all. The upper bound keeps
 * hashing cheap for garbage input.
 */
const WELL_FORMED = /^fak_[A-Za-z0-9_-]{28,256}$/;

export function base62(bytes: Uint8Array, width = 0): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % 62n)]! + text;
    value /= 62n;
  }
  return text.padStart(Math.max(width, 1), '0');
}

/** Formats 32 random bytes as a new key. */
export function formatApiKey(randomBytes: Uint8Array): string {
  if (randomBytes.length !== API_KEY_RANDOM_BYTES) {
    throw new RangeError(`an API key needs ${API_KEY_RANDOM_BYTES} random bytes, got ${randomBytes.length}`);
  }
  return API_KEY_SCHEME + base62(randomBytes, KEY_DIGITS);
}

export function isWellFormedApiKey(candidate: string): boolean {
  return WELL_FORMED.test(candidate);
}

/** The non-secret display prefix: the 8 characters after `fak_`. */
export function displayPrefix(key: string): string {
  return key.slice(API_KEY_SCHEME.length, API_KEY_SCHEME.length + API_KEY_PREFIX_LENGTH);
}

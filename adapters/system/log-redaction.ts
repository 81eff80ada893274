import { stdSerializers } from 'pino';

/** Field names whose values are never written, at any depth (headers, config dumps, inputs). */
const SECRET_FIELD = /^(?:(?:proxy-)?authorization|(?:set-)?cookie|x-api-key|(?:api|admin|operator|private)?[_-]?key|.*secret|.*password|passphrase|.*pepper)$/i;
/** API and operator keys (fak_…) and webhook secrets (whsec_…) inside free text: messages, error messages, stacks. */
const SECRET_TEXT = /\b(?:fak|whsec)_[A-Za-z0-9_+/=-]+/g;
/** The password in a URL's user info (DATABASE_URL in a config dump or a driver's message). */
const URL_PASSWORD = /(\/\/[^:/@\s]*:)[^@\s]+@/g;
const HIDDEN = '[redacted]';
const MAX_DEPTH = 8;

export function scrubText(text: string): string {
  return text.replace(SECRET_TEXT, HIDDEN).replace(URL_PASSWORD, `$1${HIDDEN}@`);
}

/**
 * A copy of the fields safe to log: secret-named fields hidden, secrets in
 * strings replaced, errors serialised with their cause chain (and scrubbed:
 * an error message may quote a key), BigInts as decimal strings.
 */
export function redactFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return redactObject(fields, 0, new WeakSet());
}

function redactObject(value: object, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    out[name] = SECRET_FIELD.test(name) && field !== undefined && field !== null ? HIDDEN : redactValue(field, depth + 1, seen);
  }
  return out;
}

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value) || depth > MAX_DEPTH) return '[elided]';
  seen.add(value);
  if (value instanceof Error) return redactObject(stdSerializers.errWithCause(value), depth, seen);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen));
  if (value instanceof Date) return value.toISOString();
  return redactObject(value, depth, seen);
}

import type { ZodType } from 'zod';
import { ValidationError, type ValidationIssue } from '../../kernel/errors/index.js';
import { findUnstorableText, printableText, UNSTORABLE_TEXT_RULE } from '../../kernel/text/storable-text.js';
import { jsonPointer } from './json-pointer.js';
import { toIssues, type InputPart } from './zod-issues.js';

/**
 * Strings no store can hold (kernel/text), anywhere in a part, whatever the
 * route's schema: 422 invalid_characters naming the field (for a bad object
 * key, the object holding it) or the parameter.
 */
function textIssues(part: InputPart, value: unknown): ValidationIssue[] {
  return findUnstorableText(value).map(({ path, key }) => {
    const code = 'invalid_characters';
    if (part === 'body') {
      const detail = key === undefined ? `The value ${UNSTORABLE_TEXT_RULE}.` : `The key '${printableText(key)}' ${UNSTORABLE_TEXT_RULE}.`;
      return { pointer: jsonPointer(path.map(String)), detail, code };
    }
    // Path and query parameters are flat, a name and a string or a list of them: the bad string is a name or lies under one.
    const inName = key !== undefined && path.length === 0;
    const name = inName ? printableText(key) : String(path[0]);
    return { parameter: name, detail: `${inName ? 'The name' : 'The value'} ${UNSTORABLE_TEXT_RULE}.`, code };
  });
}

/** A route that declares no body takes none: only an empty body or `{}` (422 otherwise). */
function bodyIssues(value: unknown): ValidationIssue[] {
  const empty = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
  return empty ? [] : [{ pointer: '', code: 'unexpected_body', detail: 'This route takes no request body; send none, or {}.' }];
}

export interface PartInput {
  readonly part: InputPart;
  readonly schema: ZodType | undefined;
  readonly value: unknown;
}

/**
 * Validates every part and reports every issue of every part at once (422):
 * strings no store can hold, then the schema's issues. A part without a
 * schema passes through as undefined; a body without one must be empty.
 */
export async function validateParts(parts: readonly PartInput[]): Promise<unknown[]> {
  const issues: ValidationIssue[] = [];
  const outputs: unknown[] = [];
  for (const { part, schema, value } of parts) {
    issues.push(...textIssues(part, value));
    if (!schema) {
      if (part === 'body') issues.push(...bodyIssues(value));
      outputs.push(undefined);
      continue;
    }
    const result = await schema.safeParseAsync(value);
    if (result.success) outputs.push(result.data);
    else {
      outputs.push(undefined);
      for (const issue of result.error.issues) issues.push(...toIssues(part, issue));
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return outputs;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** {...params, ...query, ...body}, the operation's one flat input; a body that is not an object arrives as `body`. */
export function mergeInput(params: unknown, query: unknown, body: unknown): Record<string, unknown> {
  // Spread defines properties, so an own "__proto__" key stays a plain key.
  const input: Record<string, unknown> = {
    ...(isPlainObject(params) ? params : {}),
    ...(isPlainObject(query) ? query : {}),
    ...(isPlainObject(body) ? body : {}),
  };
  if (body !== undefined && !isPlainObject(body)) input['body'] = body;
  return input;
}

import type { ZodType, core } from 'zod';
import { ValidationError, type ValidationIssue } from '../../kernel/errors/index.js';
import { jsonPointer } from './json-pointer.js';

/** Where an input came from: REST's path, query or body; any other caller's input counts as a body. */
export type InputPart = 'params' | 'query' | 'body';

/** One zod issue as our issue: JSON pointer for the body, parameter name for path and query. */
export function toIssues(part: InputPart, issue: core.$ZodIssue): ValidationIssue[] {
  const path = issue.path.map((segment) => String(segment));
  const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...path, key]) : [path];
  const detail = (segments: string[]): string =>
    issue.code === 'unrecognized_keys' ? `Unknown field '${segments[segments.length - 1]}'.` : issue.message;
  return paths.map((segments) =>
    part === 'body'
      ? { pointer: jsonPointer(segments), detail: detail(segments) }
      : { parameter: parameterName(segments), detail: detail(segments) },
  );
}

/** 'page', or 'filter[status]' for a nested one. */
function parameterName(segments: readonly string[]): string {
  const [first = '', ...rest] = segments;
  return first + rest.map((segment) => `[${segment}]`).join('');
}

/**
 * Parses an input by an operation's declared schema (operation(token, Class,
 * input)) for a caller that does not validate on its own: 422 with a JSON
 * pointer per field, like a REST body.
 */
export async function parseInput(schema: ZodType | undefined, value: unknown): Promise<unknown> {
  if (!schema) return value;
  const result = await schema.safeParseAsync(value);
  if (result.success) return result.data;
  throw new ValidationError(result.error.issues.flatMap((issue) => toIssues('body', issue)));
}

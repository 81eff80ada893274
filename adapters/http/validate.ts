import type { ZodType, core } from 'zod';
import { ValidationError, type ValidationIssue } from '../../kernel/errors/index.js';

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

/** RFC 6901: '/' + segments with '~' as '~0' and '/' as '~1'; '' is the whole document. */
export function jsonPointer(segments: readonly string[]): string {
  return segments.map((segment) => '/' + segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** 'page', or 'filter[status]' for a nested one. */
function parameterName(segments: readonly string[]): string {
  const [first = '', ...rest] = segments;
  return first + rest.map((segment) => `[${segment}]`).join('');
}

export interface PartInput {
  readonly part: InputPart;
  readonly schema: ZodType | undefined;
  readonly value: unknown;
}

/**
 * Validates every part and reports every issue of every part at once (422).
 * A part without a schema passes through as undefined.
 */
export async function validateParts(parts: readonly PartInput[]): Promise<unknown[]> {
  const issues: ValidationIssue[] = [];
  const outputs: unknown[] = [];
  for (const { part, schema, value } of parts) {
    if (!schema) {
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

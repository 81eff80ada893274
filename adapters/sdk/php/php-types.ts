import { refName, type Schema } from '../api-model.js';
import { leadingDigitSafe, pascalCase } from '../names.js';

/** JSON Schema → PHP types (declared and in docblocks) and decoders. Without typed models an object is an array. */
export interface PhpTyping {
  readonly typed: boolean;
  /** `\Acme\BankSdk\Model\` */
  readonly modelNamespace: string;
}

export function phpClass(modelName: string): string {
  return leadingDigitSafe(pascalCase(modelName));
}

/** A property or parameter name: `$24h_change` is not PHP, `$_24h_change` is. */
export function phpVariable(name: string): string {
  return leadingDigitSafe(name.replace(/[^A-Za-z0-9_]/g, '_'));
}

/** The declared type, nullable when asked (`mixed` already is). */
export function phpType(schema: Schema, typing: PhpTyping, nullable: boolean): string {
  const base = baseType(schema, typing);
  return base === 'mixed' || !(nullable || schema['nullable'] === true) ? base : `?${base}`;
}

function baseType(schema: Schema, typing: PhpTyping): string {
  const ref = refName(schema);
  if (ref !== undefined) return typing.typed ? `${typing.modelNamespace}${phpClass(ref)}` : 'array';
  if (schema['anyOf'] || schema['oneOf']) return 'mixed';
  switch (schema['type']) {
    case 'string':
      return 'string';
    case 'integer':
      return 'int';
    case 'number':
      return 'float';
    case 'boolean':
      return 'bool';
    case 'array':
    case 'object':
      return 'array';
    default:
      return 'mixed';
  }
}

/** The docblock type: arrays say what they hold (`list<\Acme\Model\Account>`). */
export function phpDocType(schema: Schema, typing: PhpTyping): string {
  const nullable = schema['nullable'] === true ? '|null' : '';
  if (schema['type'] === 'array') return `list<${phpDocType((schema['items'] ?? {}) as Schema, typing)}>${nullable}`;
  if (schema['type'] === 'object' && !refName(schema)) {
    const values = schema['additionalProperties'];
    return `array<string, ${values && typeof values === 'object' && Object.keys(values).length > 0 ? phpDocType(values as Schema, typing) : 'mixed'}>${nullable}`;
  }
  return baseType(schema, typing) + nullable;
}

/** An expression decoding `value` (a PHP expression of the JSON value) into the declared type. */
export function phpDecoded(schema: Schema, typing: PhpTyping, value: string, depth = 0): string {
  if (!typing.typed) return value;
  const ref = refName(schema);
  const item = `$item${depth}`;
  if (ref !== undefined) return `(${value} === null ? null : ${typing.modelNamespace}${phpClass(ref)}::fromArray(${value}))`;
  if (schema['type'] === 'array') {
    const inner = phpDecoded((schema['items'] ?? {}) as Schema, typing, item, depth + 1);
    if (inner !== item) return `(${value} === null ? null : array_map(static fn ($item${depth}) => ${inner}, ${value}))`;
  }
  if (schema['type'] === 'object' && schema['additionalProperties'] && typeof schema['additionalProperties'] === 'object') {
    const inner = phpDecoded(schema['additionalProperties'] as Schema, typing, item, depth + 1);
    if (inner !== item) return `(${value} === null ? null : array_map(static fn ($item${depth}) => ${inner}, ${value}))`;
  }
  return value;
}

/** A PHP single-quoted string literal. */
export function phpString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Docblock lines, indented. */
export function phpDoc(lines: readonly string[], indent: string): string {
  const body = lines.flatMap((line) => line.replace(/\*\//g, '* /').split('\n')).map((line) => `${indent} *${line ? ` ${line}` : ''}`);
  return [`${indent}/**`, ...body, `${indent} */`].join('\n');
}

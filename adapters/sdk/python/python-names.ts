import { inPythonDocstring, leadingDigitSafe, pascalCase, snakeCase } from '../names.js';

/** Python's keywords and the soft ones a field or parameter must not shadow in generated code. */
const RESERVED = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield self'.split(' '),
);

/** A JSON key or parameter as a Python identifier: `from` → `from_`, `24h_change` → `_24h_change`. */
export function pythonIdentifier(name: string): string {
  const safe = leadingDigitSafe(name.replace(/[^A-Za-z0-9_]/g, '_'));
  return RESERVED.has(safe) ? `${safe}_` : safe;
}

/** An operationId as a method name: `createTransferV1` → `create_transfer_v1`. */
export function pythonMethod(operationId: string): string {
  return pythonIdentifier(snakeCase(operationId));
}

export function pythonClass(modelName: string): string {
  return leadingDigitSafe(pascalCase(modelName));
}

/** The import package: `@acme/bank-sdk` → `acme_bank_sdk`. */
export function pythonModule(packageName: string): string {
  return pythonIdentifier(packageName.replace(/^@/, '').replace(/[^A-Za-z0-9]+/g, '_').toLowerCase());
}

/** The distribution name as PEP 503 normalises it: `@acme/bank-sdk` → `acme-bank-sdk`. */
export function pythonDistribution(packageName: string): string {
  return packageName.replace(/^@/, '').replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
}

/** A Python string literal. */
export function pyString(text: string): string {
  return JSON.stringify(text);
}

/** A docstring body, indented. */
export function docstring(text: string, indent: string): string {
  const cleaned = inPythonDocstring(text).trim();
  // On one line a closing quote of the text would run into the docstring's own.
  if (!cleaned.includes('\n')) return `${indent}"""${cleaned.replace(/"$/, '\\"')}"""`;
  const lines = cleaned.split('\n').map((line) => (line ? indent + line : ''));
  return `${indent}"""${lines.join('\n').slice(indent.length)}\n${indent}"""`;
}

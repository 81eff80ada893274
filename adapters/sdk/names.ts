/**
 * Identifier spelling shared by the language generators: every generated
 * name comes from an operationId, a schema name or a JSON key, so these
 * few functions decide how readable the SDKs are.
 */

/** Words of an identifier: `createTransferV1` → create, transfer, v1; `getHealth_response` → get, health, response. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

export function snakeCase(name: string): string {
  return wordsOf(name).join('_');
}

export function camelCase(name: string): string {
  const [first = '', ...rest] = wordsOf(name);
  return first + rest.map(capitalised).join('');
}

export function pascalCase(name: string): string {
  return wordsOf(name).map(capitalised).join('');
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A name that may start with a digit (`24h_change`) made a valid identifier: `_24h_change`. */
export function leadingDigitSafe(name: string): string {
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** JSON text of a string, usable as a literal in TypeScript, Python and PHP (double-quoted; PHP escapes `$`). */
export function quoted(text: string): string {
  return JSON.stringify(text);
}

/** Text inside a block comment or docstring, so it cannot end it early. */
export function commentText(text: string): string {
  return text.replace(/\*\//g, '* /').replace(/"""/g, '\\"\\"\\"').replace(/\r/g, '');
}

/** Text inside a Python `"""` docstring: backslashes and triple quotes escaped, so it cannot end the string or start an escape. */
export function inPythonDocstring(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');
}

/** Text inside a `//` comment: a line terminator (JavaScript counts U+2028 and U+2029) would end it. */
export function inLineComment(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]/g, ' ');
}

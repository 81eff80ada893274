import { refName, type Schema } from '../api-model.js';
import { pythonClass, pyString } from './python-names.js';

/**
 * JSON Schema → Python type hints and decoders. `prefix` is how the
 * models module is reached (`''` inside models.py, `models.` in the
 * client); without typed models every object is a plain dict.
 */
export interface PythonTyping {
  readonly typed: boolean;
  readonly prefix: string;
}

export function pythonType(schema: Schema, typing: PythonTyping): string {
  const base = baseType(schema, typing);
  return schema['nullable'] === true && base !== 'Any' ? `Optional[${base}]` : base;
}

function baseType(schema: Schema, typing: PythonTyping): string {
  const ref = refName(schema);
  if (ref !== undefined) return typing.typed ? `${typing.prefix}${pythonClass(ref)}` : 'Dict[str, Any]';
  const members = (schema['anyOf'] ?? schema['oneOf']) as Schema[] | undefined;
  if (Array.isArray(members)) {
    const types = [...new Set(members.map((member) => pythonType(member, typing)))];
    return types.length === 1 ? types[0]! : `Union[${types.join(', ')}]`;
  }
  if (Array.isArray(schema['enum'])) {
    const values = (schema['enum'] as unknown[]).filter((value) => value !== null);
    if (values.length > 0 && values.every((value) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) {
      return `Literal[${values.map((value) => (typeof value === 'string' ? pyString(value) : typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value))).join(', ')}]`;
    }
  }
  switch (schema['type']) {
    case 'string':
      return 'str';
    case 'integer':
      return 'int';
    case 'number':
      return 'float';
    case 'boolean':
      return 'bool';
    case 'array':
      return `List[${pythonType((schema['items'] ?? {}) as Schema, typing)}]`;
    case 'object': {
      const values = schema['additionalProperties'];
      return `Dict[str, ${values && typeof values === 'object' && Object.keys(values).length > 0 ? pythonType(values as Schema, typing) : 'Any'}]`;
    }
    default:
      return 'Any';
  }
}

/**
 * A decoder expression turning the JSON value into the hinted type
 * (`list_of(model_of(Account))`), or undefined when the JSON value already
 * is it. Unions stay as the JSON says: which member applies is the caller's
 * to decide.
 */
export function pythonDecoder(schema: Schema, typing: PythonTyping): string | undefined {
  if (!typing.typed) return undefined;
  const ref = refName(schema);
  if (ref !== undefined) return `${typing.prefix}model_of(${typing.prefix}${pythonClass(ref)})`;
  if (schema['type'] === 'array') {
    const item = pythonDecoder((schema['items'] ?? {}) as Schema, typing);
    return item && `${typing.prefix}list_of(${item})`;
  }
  if (schema['type'] === 'object' && schema['additionalProperties'] && typeof schema['additionalProperties'] === 'object') {
    const value = pythonDecoder(schema['additionalProperties'] as Schema, typing);
    return value && `${typing.prefix}map_of(${value})`;
  }
  return undefined;
}

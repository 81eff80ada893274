import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { z, type ZodType } from 'zod';

/**
 * GraphQL object and input types derived from an operation's zod schema, so
 * a REST operation reaches GraphQL without a hand-copied class that can drift
 * from its view (test/e2e/graphql-views.test.ts watches the hand-written
 * ones). The mapping is deliberately small: strings, enums, literals and
 * decimal strings are `String`, integers `Int`, other numbers `Float`,
 * booleans `Boolean`, arrays lists, nested objects their own types named
 * after the parent and the key (`Chain` + `head` → `ChainHead`; a list's element
 * singular, `Chain` + `tokens` → `ChainToken`) unless the schema has a `meta` id. A field is
 * nullable exactly when the schema accepts `undefined` or `null`, as the views
 * test reads it. Anything else (records, unions of objects, unknown) is
 * refused at start with the path, so a plugin writes that type by hand
 * rather than get a silent `String`.
 */
type Direction = 'output' | 'input';
/** What a type-graphql type function returns: a scalar, a class, or a list of them (type-graphql does not export the name). */
type ReturnTypeFuncValue = ReturnType<Extract<Parameters<typeof Field>[0], Function>>;

const made = new Map<string, { readonly schema: ZodType; readonly type: Function }>();

/** The type-graphql object type of a zod object view; the same name and schema give the same class. */
export function graphqlObjectType(name: string, schema: z.ZodObject, description?: string): Function {
  return derive(name, schema, 'output', description);
}

/** The type-graphql input type of a zod object input; the same name and schema give the same class. */
export function graphqlInputType(name: string, schema: z.ZodObject, description?: string): Function {
  return derive(name, schema, 'input', description);
}

function derive(name: string, schema: z.ZodObject, direction: Direction, description: string | undefined): Function {
  const existing = made.get(name);
  if (existing) {
    if (existing.schema !== schema) throw new Error(`GraphQL type ${name} is derived from two different schemas; name one of them differently.`);
    return existing.type;
  }
  const type = { [name]: class {} }[name]!;
  made.set(name, { schema, type });
  for (const [key, field] of Object.entries(schema.shape as Record<string, ZodType>)) {
    if (!/^[_A-Za-z][_0-9A-Za-z]*$/.test(key)) throw new Error(`${name}.${key} is not a GraphQL name; write this type by hand with a renamed field.`);
    const nullable = field.safeParse(undefined).success || field.safeParse(null).success;
    const fieldType = graphqlTypeOf(field, `${name}${pascal(key)}`, direction, `${name}.${key}`);
    Field(() => fieldType, { nullable, ...(field.description ? { description: field.description } : {}) })(type.prototype, key);
  }
  const options = schema.description ?? description ? { description: schema.description ?? description } : {};
  if (direction === 'output') ObjectType(name, options)(type);
  else InputType(name, options)(type);
  return type;
}

/** The GraphQL type of one field: a scalar, a derived type, or a list of either. */
function graphqlTypeOf(schema: ZodType, nestedName: string, direction: Direction, path: string): ReturnTypeFuncValue {
  const inner = unwrap(schema, direction);
  const def = inner._zod.def as { type: string; element?: ZodType; values?: readonly unknown[] };
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'bigint':
    case 'date':
      return String;
    case 'number':
      return (inner as z.ZodNumber).isInt ? Int : Float;
    case 'boolean':
      return Boolean;
    case 'literal': {
      const kinds = new Set(def.values!.map((value) => typeof value));
      if (kinds.size === 1 && kinds.has('string')) return String;
      if (kinds.size === 1 && kinds.has('boolean')) return Boolean;
      break;
    }
    case 'array':
      return [graphqlTypeOf(def.element!, singular(nestedName), direction, `${path}[]`)] as ReturnTypeFuncValue;
    case 'object':
      return derive(z.globalRegistry.get(inner)?.id ?? nestedName, inner as z.ZodObject, direction, undefined);
    case 'union': {
      const options = (def as unknown as { options: ZodType[] }).options.map((option) => unwrap(option, direction)._zod.def as { type: string; values?: unknown[] });
      if (options.every((option) => option.type === 'enum' || (option.type === 'literal' && option.values!.every((value) => typeof value === 'string')))) return String;
      break;
    }
  }
  throw new Error(`${path}: a zod ${def.type} has no derived GraphQL type; write this type by hand.`);
}

/** Looks through optional, nullable, default, readonly and pipes to the type the field carries. */
function unwrap(schema: ZodType, direction: Direction): ZodType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: ZodType; in?: ZodType; out?: ZodType; getter?: () => ZodType };
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe') current = direction === 'input' || def.out!._zod.def.type === 'transform' ? def.in! : def.out!;
    else if (def.type === 'lazy') current = def.getter!();
    else return current;
  }
}

/** An element type is named for one element: `ChainTokens` → `ChainToken`, `…Addresses` → `…Address`. */
function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('sses')) return name.slice(0, -2);
  return name.endsWith('s') && !name.endsWith('ss') ? name.slice(0, -1) : name;
}

function pascal(key: string): string {
  return key.replace(/(^|_)([a-z0-9])/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
}

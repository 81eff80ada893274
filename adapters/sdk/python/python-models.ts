import type { ApiModel } from '../api-model.js';
import { inPythonDocstring } from '../names.js';
import { docstring, pythonClass, pythonIdentifier, pyString } from './python-names.js';
import { pythonDecoder, pythonType } from './python-types.js';

const TYPING = { typed: true, prefix: '' } as const;

/** models.py: one dataclass per schema, `from_dict` from the JSON, `to_dict` back (the JSON keys kept in field metadata). */
export function pythonModels(models: readonly ApiModel[], displayName: string): string {
  return [HEADER.replace('{name}', () => inPythonDocstring(displayName)), ...models.map(modelClass)].join('\n\n') + '\n';
}

function modelClass(model: ApiModel): string {
  const name = pythonClass(model.name);
  // Fields without a default must come first in a dataclass.
  const fields = [...model.properties].sort((a, b) => Number(b.required) - Number(a.required));
  const lines = [`@dataclass\nclass ${name}:`, docstring(model.description ?? `The ${model.name} schema.`, '    ')];
  for (const field of fields) {
    const hint = pythonType(field.schema, TYPING);
    const type = field.required || hint.startsWith('Optional[') || hint === 'Any' ? hint : `Optional[${hint}]`;
    const metadata = `metadata={"json": ${pyString(field.name)}, "required": ${field.required ? 'True' : 'False'}}`;
    // dataclasses.field, not a bare `field`: a schema may have a property named field, which would shadow it in the class body.
    lines.push(`    ${pythonIdentifier(field.name)}: ${type} = dataclasses.field(${field.required ? '' : 'default=None, '}${metadata})`);
  }
  lines.push('', '    @classmethod', `    def from_dict(cls, data: Mapping[str, Any]) -> "${name}":`, '        return cls(');
  for (const field of fields) {
    const value = `data.get(${pyString(field.name)})`;
    const decoder = pythonDecoder(field.schema, TYPING);
    lines.push(`            ${pythonIdentifier(field.name)}=${decoder ? `${decoder}(${value})` : value},`);
  }
  lines.push('        )', '', '    def to_dict(self) -> Dict[str, Any]:', '        return to_json(self)');
  return lines.join('\n');
}

const HEADER = `"""Typed models of the {name} API, one dataclass per schema (generated; do not edit).

Each dataclass reads the API's JSON with \`from_dict\` and writes it back with
\`to_dict\`; a field whose JSON key is not a Python name (\`from\`, \`24h_change\`)
keeps the key in its metadata. Amounts are decimal strings: keep them as str
or decimal.Decimal, never float.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Literal, Mapping, Optional, TypeVar, Union

T = TypeVar("T")


def model_of(cls: Any) -> Callable[[Any], Any]:
    """A decoder of one model (None stays None)."""
    return lambda value: None if value is None else cls.from_dict(value)


def list_of(item: Callable[[Any], T]) -> Callable[[Any], Optional[List[T]]]:
    return lambda value: None if value is None else [item(entry) for entry in value]


def map_of(item: Callable[[Any], T]) -> Callable[[Any], Optional[Dict[str, T]]]:
    return lambda value: None if value is None else {key: item(entry) for key, entry in value.items()}


def to_json(value: Any) -> Any:
    """A model, list or dict as JSON values; optional fields left None are left out."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: Dict[str, Any] = {}
        for item in dataclasses.fields(value):
            entry = getattr(value, item.name)
            if entry is None and not item.metadata.get("required", False):
                continue
            out[item.metadata.get("json", item.name)] = to_json(entry)
        return out
    if isinstance(value, (list, tuple)):
        return [to_json(entry) for entry in value]
    if isinstance(value, Mapping):
        return {key: to_json(entry) for key, entry in value.items()}
    return value`;

import type { ApiModel } from '../api-model.js';
import { phpClass, phpDecoded, phpDoc, phpDocType, phpString, phpType, phpVariable, type PhpTyping } from './php-types.js';

/** src/Model/<Name>.php: a readonly class per schema with fromArray (the JSON) and toArray (back, JSON keys kept). */
export function phpModel(model: ApiModel, namespace: string): string {
  const typing: PhpTyping = { typed: true, modelNamespace: `\\${namespace}\\Model\\` };
  const fields = [...model.properties].sort((a, b) => Number(b.required) - Number(a.required));
  const parameters = fields.map((field) => {
    const type = phpType(field.schema, typing, !field.required);
    const optional = !field.required ? ' = null' : '';
    return `${phpDoc([`@param ${phpDocType(field.schema, typing)}${field.required ? '' : '|null'} $${phpVariable(field.name)}${field.description ? ` ${field.description.split('\n')[0]}` : ''}`], '        ')}\n        public readonly ${type} $${phpVariable(field.name)}${optional},`;
  });
  const decoders = fields.map((field) => `            ${phpVariable(field.name)}: ${phpDecoded(field.schema, typing, `($data[${phpString(field.name)}] ?? null)`)},`);
  const keys = fields.map((field) => `        ${phpString(phpVariable(field.name))} => [${phpString(field.name)}, ${field.required ? 'true' : 'false'}],`);
  return `<?php

declare(strict_types=1);

namespace ${namespace}\\Model;

use ${namespace}\\Internal\\Json;

${phpDoc([model.description ?? `The ${model.name} schema.`, '', 'Generated; do not edit.'], '')}
final class ${phpClass(model.name)}
{
    /** Property => [JSON key, required]. */
    private const JSON = [
${keys.join('\n')}
    ];

    public function __construct(
${parameters.join('\n')}
    ) {
    }

    /** @param array<string, mixed> $data */
    public static function fromArray(array $data): self
    {
        return new self(
${decoders.join('\n')}
        );
    }

    /** @return array<string, mixed> */
    public function toArray(): array
    {
        return Json::fromModel($this, self::JSON);
    }
}
`;
}

import type { ApiOperation } from '../api-model.js';
import { camelCase, commentText } from '../names.js';
import type { GeneratorInput } from '../sdk-options.js';
import { phpDecoded, phpDoc, phpDocType, phpString, phpType, phpVariable, type PhpTyping } from './php-types.js';

/** src/Client.php: keys, Idempotency-Key, retries, the error envelope as exceptions, and one method per operation. */
export function phpClient(input: GeneratorInput, namespace: string): string {
  const typing: PhpTyping = { typed: input.request.options.includeTypes, modelNamespace: `\\${namespace}\\Model\\` };
  return CLIENT_HEAD.replace(/\{ns\}/g, () => namespace)
    .replace('{name}', () => commentText(input.request.displayName))
    .replace('{user_agent}', () => phpString(`${input.request.packageName}-php/${input.version}`))
    .concat(input.api.operations.map((operation) => method(operation, typing)).join('\n\n'), '\n}\n');
}

export function phpMethod(operationId: string): string {
  return camelCase(operationId);
}

function method(operation: ApiOperation, typing: PhpTyping): string {
  const parameters: string[] = [];
  const docs: string[] = [operation.summary, '', `${operation.method} ${operation.path} (operation ${operation.id}, module ${operation.module}).`];
  if (operation.description) docs.push('', operation.description);
  docs.push('');
  for (const parameter of operation.pathParams) {
    parameters.push(`${phpType(parameter.schema, typing, false)} $${phpVariable(parameter.name)}`);
    docs.push(`@param ${phpDocType(parameter.schema, typing)} $${phpVariable(parameter.name)}`);
  }
  if (operation.body) {
    const model = phpType(operation.body.schema, typing, false);
    const type = model === 'array' ? 'array' : `${model}|array`;
    parameters.push(operation.body.required ? `${type} $body` : `${type}|null $body = null`);
    docs.push(`@param ${type === 'array' ? 'array<string, mixed>' : `${model}|array<string, mixed>`}${operation.body.required ? '' : '|null'} $body`);
  }
  const query = [...operation.queryParams].sort((a, b) => Number(b.required) - Number(a.required));
  for (const parameter of query) {
    parameters.push(`${phpType(parameter.schema, typing, !parameter.required)} $${phpVariable(parameter.name)}${parameter.required ? '' : ' = null'}`);
    docs.push(`@param ${phpDocType(parameter.schema, typing)}${parameter.required ? '' : '|null'} $${phpVariable(parameter.name)}${parameter.description ? ` ${parameter.description}` : ''}`);
  }
  if (operation.idempotent) {
    parameters.push('?string $idempotencyKey = null');
    docs.push('@param string|null $idempotencyKey Makes a retry safe; a random one is used when left out');
  }

  const data = operation.success.data;
  const items = operation.success.list && data ? ((data['items'] ?? {}) as Record<string, unknown>) : undefined;
  const pageNamespace = typing.modelNamespace.replace(/Model\\$/, '');
  const declared = items ? `${pageNamespace}Page` : data === undefined ? 'void' : phpType(data, typing, false);
  docs.push(`@return ${items ? `${pageNamespace}Page<${phpDocType(items, typing)}>` : data === undefined ? 'void' : phpDocType(data, typing)}`);
  docs.push('@throws \\RuntimeException when the service cannot be reached', `@throws ${pageNamespace}Exception\\ApiException for an error answer`);

  const args = [`'${operation.method}'`, phpString(operation.path)];
  args.push(`[${operation.pathParams.map((parameter) => `${phpString(parameter.name)} => $${phpVariable(parameter.name)}`).join(', ')}]`);
  args.push(`[${operation.queryParams.map((parameter) => `${phpString(parameter.name)} => $${phpVariable(parameter.name)}`).join(', ')}]`);
  args.push(operation.body ? '$body' : 'null');
  args.push(operation.idempotent ? '$idempotencyKey' : 'null');
  args.push(operation.public ? 'true' : 'false');

  const lines = [phpDoc(docs, '    '), `    public function ${phpMethod(operation.id)}(${parameters.join(', ')}): ${declared}`, '    {', `        $envelope = $this->request(${args.join(', ')});`];
  if (data === undefined) lines.push('    }');
  else if (items) {
    const decoded = phpDecoded(items, typing, '$item');
    const mapped = decoded === '$item' ? "$envelope['data'] ?? []" : `array_map(static fn ($item) => ${decoded}, $envelope['data'] ?? [])`;
    lines.push(`        return new ${pageNamespace}Page(${mapped}, $envelope['meta'] ?? [], $envelope['links'] ?? []);`, '    }');
  } else {
    lines.push(`        return ${phpDecoded(data, typing, "($envelope['data'] ?? null)")};`, '    }');
  }
  return lines.join('\n');
}

const CLIENT_HEAD = `<?php

declare(strict_types=1);

namespace {ns};

use {ns}\\Exception\\ApiException;

/**
 * The {name} API client (generated; do not edit).
 *
 * Sends "Authorization: Bearer <api key>" and, when given, "X-Partner-Key: <partner key>";
 * every POST carries an Idempotency-Key (yours, or a random one kept across retries), so
 * retries of a 408, 429 or 5xx answer run the request at most once.
 */
final class Client
{
    public const USER_AGENT = {user_agent};
    private const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];

    /** @var callable(string, string, array<string, string>, ?string, float): array{0: int, 1: array<string, string>, 2: string} */
    private $transport;
    /** @var callable(float): void */
    private $sleep;

    /**
     * @param string $baseUrl where the service listens, e.g. https://bank.example.com (paths start with /api)
     * @param array<string, string> $headers sent on every request
     */
    public function __construct(
        private readonly string $baseUrl,
        private readonly ?string $apiKey = null,
        private readonly ?string $partnerKey = null,
        private readonly float $timeout = 30.0,
        private readonly int $maxRetries = 2,
        private readonly array $headers = [],
        ?callable $transport = null,
        ?callable $sleep = null,
    ) {
        $this->transport = $transport ?? new StreamTransport();
        $this->sleep = $sleep ?? static function (float $seconds): void {
            usleep((int) ($seconds * 1000000));
        };
    }

    /**
     * One call: the decoded envelope, or an ApiException.
     *
     * @param array<string, string|int|float|bool> $pathParams
     * @param array<string, mixed> $query
     * @return array<string, mixed>
     */
    public function request(string $method, string $path, array $pathParams = [], array $query = [], mixed $body = null, ?string $idempotencyKey = null, bool $public = false): array
    {
        $url = rtrim($this->baseUrl, '/') . preg_replace_callback('/\\{([^}]+)\\}/', static fn (array $match): string => rawurlencode((string) ($pathParams[$match[1]] ?? '')), $path);
        $pairs = [];
        foreach ($query as $name => $value) {
            if ($value !== null) {
                $pairs[$name] = is_bool($value) ? ($value ? 'true' : 'false') : (string) $value;
            }
        }
        if ($pairs !== []) {
            $url .= '?' . http_build_query($pairs, '', '&', PHP_QUERY_RFC3986);
        }
        $headers = ['Accept' => 'application/json', 'User-Agent' => self::USER_AGENT] + $this->headers;
        if (!$public && $this->apiKey !== null) {
            $headers['Authorization'] = 'Bearer ' . $this->apiKey;
        }
        if (!$public && $this->partnerKey !== null) {
            $headers['X-Partner-Key'] = $this->partnerKey;
        }
        if ($method === 'POST') {
            $headers['Idempotency-Key'] = $idempotencyKey ?? self::uuid();
        }
        $payload = null;
        if ($body !== null || in_array($method, ['POST', 'PUT', 'PATCH'], true)) {
            $payload = json_encode(Internal\\Json::value($body ?? new \\stdClass()), JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES);
            $headers['Content-Type'] = 'application/json';
        }
        for ($attempt = 0; ; $attempt++) {
            try {
                [$status, $answerHeaders, $raw] = ($this->transport)($method, $url, $headers, $payload, $this->timeout);
            } catch (\\RuntimeException $error) {
                if ($attempt >= $this->maxRetries) {
                    throw $error;
                }
                ($this->sleep)(self::backoff($attempt, null));
                continue;
            }
            if (in_array($status, self::RETRY_STATUSES, true) && $attempt < $this->maxRetries) {
                ($this->sleep)(self::backoff($attempt, $answerHeaders['retry-after'] ?? null));
                continue;
            }
            $decoded = $raw === '' ? null : json_decode($raw, true);
            if ($status >= 400) {
                throw ApiException::fromResponse($status, $decoded, $answerHeaders);
            }
            return is_array($decoded) ? $decoded : ['data' => $decoded];
        }
    }

    private static function backoff(int $attempt, ?string $retryAfter): float
    {
        if ($retryAfter !== null && ctype_digit($retryAfter)) {
            return (float) $retryAfter;
        }
        return min(8.0, 0.5 * (2 ** $attempt)) * (0.5 + mt_rand() / mt_getrandmax() / 2);
    }

    private static function uuid(): string
    {
        $bytes = random_bytes(16);
        $bytes[6] = chr((ord($bytes[6]) & 0x0f) | 0x40);
        $bytes[8] = chr((ord($bytes[8]) & 0x3f) | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));
    }

`;

import { PHP_WEBHOOK_EXCEPTION, PHP_WEBHOOK_SIGNATURE } from '../webhook-verifiers.js';

/**
 * The PHP files that do not depend on the API: JSON encoding of models,
 * the page, the stream transport, and the exceptions of the error
 * envelope. `{ns}` is the package's namespace.
 */
export function phpRuntimeFiles(namespace: string): { path: string; text: string }[] {
  const fill = (text: string) => text.replace(/\{ns\}/g, () => namespace);
  const exceptions = EXCEPTIONS.map(([name, status, doc, extra]) => ({
    path: `src/Exception/${name}.php`,
    text: fill(`<?php

declare(strict_types=1);

namespace {ns}\\Exception;

/** ${doc} (HTTP ${status}). */
class ${name} extends ApiException
{${extra ?? ''}
}
`),
  }));
  return [
    { path: 'src/Internal/Json.php', text: fill(JSON_PHP) },
    { path: 'src/Page.php', text: fill(PAGE_PHP) },
    { path: 'src/StreamTransport.php', text: fill(TRANSPORT_PHP) },
    { path: 'src/Exception/ApiException.php', text: fill(API_EXCEPTION_PHP) },
    { path: 'src/Webhook/Signature.php', text: fill(PHP_WEBHOOK_SIGNATURE) },
    { path: 'src/Webhook/WebhookVerificationException.php', text: fill(PHP_WEBHOOK_EXCEPTION) },
    ...exceptions,
  ];
}

const EXCEPTIONS: readonly (readonly [string, string, string, string?])[] = [
  ['BadRequestException', '400', 'The request could not be read'],
  ['AuthenticationException', '401', 'A missing, malformed or unknown key'],
  ['PermissionDeniedException', '403', 'The key may not do this (permission, expiry, IP, partner key, disabled feature)'],
  ['NotFoundException', '404', "No such resource for this key (another team's id answers the same)"],
  ['ConflictException', '409', 'An Idempotency-Key in use by a request still running, or a conflicting state'],
  [
    'ValidationException',
    '422',
    'Bad input or a business rule; pointers() names the fields at fault',
    `
    /** @return list<string> */
    public function pointers(): array
    {
        $pointers = [];
        foreach ($this->errors as $error) {
            if (isset($error['source']['pointer'])) {
                $pointers[] = (string) $error['source']['pointer'];
            }
        }
        return $pointers;
    }`,
  ],
  [
    'RateLimitException',
    '429',
    'Too many requests; retryAfter() is the wait the service asks for, in seconds',
    `
    public function retryAfter(): ?int
    {
        $value = $this->headers['retry-after'] ?? null;
        return $value !== null && ctype_digit($value) ? (int) $value : null;
    }`,
  ],
  ['ServerException', '5xx', 'A fault in the service or its store'],
];

const JSON_PHP = `<?php

declare(strict_types=1);

namespace {ns}\\Internal;

/** Models back to JSON arrays: optional properties left null are left out. */
final class Json
{
    /**
     * @param array<string, array{0: string, 1: bool}> $keys property => [JSON key, required]
     * @return array<string, mixed>
     */
    public static function fromModel(object $model, array $keys): array
    {
        $out = [];
        foreach ($keys as $property => [$key, $required]) {
            $value = $model->{$property};
            if ($value === null && !$required) {
                continue;
            }
            $out[$key] = self::value($value);
        }
        return $out;
    }

    public static function value(mixed $value): mixed
    {
        if (is_object($value) && method_exists($value, 'toArray')) {
            return $value->toArray();
        }
        if (is_array($value)) {
            return array_map([self::class, 'value'], $value);
        }
        return $value;
    }
}
`;

const PAGE_PHP = `<?php

declare(strict_types=1);

namespace {ns};

/**
 * One page of a list: the items, and the envelope's meta (counts, cursor) and links.
 *
 * @template T
 */
final class Page
{
    /**
     * @param list<T> $data
     * @param array<string, mixed> $meta
     * @param array<string, mixed> $links
     */
    public function __construct(
        public readonly array $data,
        public readonly array $meta,
        public readonly array $links,
    ) {
    }
}
`;

const TRANSPORT_PHP = `<?php

declare(strict_types=1);

namespace {ns};

/** HTTP with PHP's own streams (no extension needed); an error status is an answer, not an exception. */
final class StreamTransport
{
    /**
     * @param array<string, string> $headers
     * @return array{0: int, 1: array<string, string>, 2: string} status, lower-cased headers, body
     */
    public function __invoke(string $method, string $url, array $headers, ?string $body, float $timeout): array
    {
        $lines = [];
        foreach ($headers as $name => $value) {
            $lines[] = $name . ': ' . $value;
        }
        $options = ['method' => $method, 'header' => implode("\\r\\n", $lines), 'ignore_errors' => true, 'timeout' => $timeout, 'protocol_version' => 1.1];
        if ($body !== null) {
            $options['content'] = $body;
        }
        $context = stream_context_create(['http' => $options]);
        $stream = @fopen($url, 'rb', false, $context);
        if ($stream === false) {
            throw new \\RuntimeException('Could not reach ' . $url);
        }
        try {
            $raw = stream_get_contents($stream);
            $meta = stream_get_meta_data($stream);
        } finally {
            fclose($stream);
        }
        $status = 0;
        $answer = [];
        foreach ($meta['wrapper_data'] ?? [] as $line) {
            if (preg_match('#^HTTP/\\S+\\s+(\\d{3})#', $line, $match) === 1) {
                $status = (int) $match[1];
                $answer = [];
            } elseif (str_contains($line, ':')) {
                [$name, $value] = explode(':', $line, 2);
                $answer[strtolower(trim($name))] = trim($value);
            }
        }
        return [$status, $answer, $raw === false ? '' : $raw];
    }
}
`;

const API_EXCEPTION_PHP = `<?php

declare(strict_types=1);

namespace {ns}\\Exception;

/**
 * An error answer: its status, the envelope's errors ({status, code, title, detail, source}),
 * and the request id to quote to support. Subclasses say the kind.
 */
class ApiException extends \\RuntimeException
{
    /**
     * @param list<array<string, mixed>> $errors
     * @param array<string, string> $headers lower-cased
     */
    public function __construct(
        public readonly int $status,
        public readonly array $errors,
        public readonly ?string $requestId = null,
        public readonly array $headers = [],
    ) {
        $parts = [];
        foreach ($errors as $error) {
            $parts[] = ($error['code'] ?? '') . ': ' . ($error['detail'] ?? '');
        }
        parent::__construct($status . ' ' . ($parts === [] ? 'request failed' : implode('; ', $parts)), $status);
    }

    /** The first error's stable code (insufficient_funds, validation_failed, ...). */
    public function errorCode(): ?string
    {
        return isset($this->errors[0]['code']) ? (string) $this->errors[0]['code'] : null;
    }

    /** @param array<string, string> $headers lower-cased */
    public static function fromResponse(int $status, mixed $body, array $headers): self
    {
        $errors = [];
        if (is_array($body) && isset($body['errors']) && is_array($body['errors'])) {
            foreach ($body['errors'] as $error) {
                if (is_array($error)) {
                    $errors[] = $error;
                }
            }
        }
        $kind = match (true) {
            $status === 400 => BadRequestException::class,
            $status === 401 => AuthenticationException::class,
            $status === 403 => PermissionDeniedException::class,
            $status === 404 => NotFoundException::class,
            $status === 409 => ConflictException::class,
            $status === 422 => ValidationException::class,
            $status === 429 => RateLimitException::class,
            $status >= 500 => ServerException::class,
            default => self::class,
        };
        return new $kind($status, $errors, $headers['x-request-id'] ?? null, $headers);
    }
}
`;

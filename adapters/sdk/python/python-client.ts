import type { ApiOperation } from '../api-model.js';
import type { GeneratorInput } from '../sdk-options.js';
import { inPythonDocstring } from '../names.js';
import { docstring, pythonIdentifier, pythonMethod, pyString } from './python-names.js';
import { pythonDecoder, pythonType, type PythonTyping } from './python-types.js';

/** client.py: the transport (urllib), retries, headers, and one method per operation. */
export function pythonClient(input: GeneratorInput): string {
  const typing: PythonTyping = { typed: input.request.options.includeTypes, prefix: 'models.' };
  const imports = typing.typed ? 'from . import models\n' : '';
  const head = CLIENT_HEAD.replace('{name}', () => inPythonDocstring(input.request.displayName))
    .replace('{imports}', () => imports)
    .replace('{user_agent}', () => pyString(`${input.request.packageName}-python/${input.version}`));
  return head + input.api.operations.map((operation) => method(operation, typing)).join('\n\n') + '\n';
}

function method(operation: ApiOperation, typing: PythonTyping): string {
  const args = ['self'];
  for (const parameter of operation.pathParams) args.push(`${pythonIdentifier(parameter.name)}: ${pythonType(parameter.schema, typing)}`);
  if (operation.body) {
    const bodyType = typing.typed ? `Union[${pythonType(operation.body.schema, typing)}, Mapping[str, Any]]` : 'Mapping[str, Any]';
    args.push(operation.body.required ? `body: ${bodyType}` : `body: Optional[${bodyType}] = None`);
  }
  const keywords: string[] = [];
  const required = operation.queryParams.filter((parameter) => parameter.required);
  const optional = operation.queryParams.filter((parameter) => !parameter.required);
  for (const parameter of required) keywords.push(`${pythonIdentifier(parameter.name)}: ${pythonType(parameter.schema, typing)}`);
  for (const parameter of optional) keywords.push(`${pythonIdentifier(parameter.name)}: Optional[${pythonType(parameter.schema, typing)}] = None`);
  if (operation.idempotent) keywords.push('idempotency_key: Optional[str] = None');
  if (keywords.length > 0) args.push('*', ...keywords);

  const data = operation.success.data;
  const itemSchema = operation.success.list && data ? ((data['items'] ?? {}) as Record<string, unknown>) : undefined;
  const returns =
    data === undefined ? 'None' : itemSchema ? `Page[${pythonType(itemSchema, typing)}]` : pythonType(data, typing);

  const call = [`"${operation.method}"`, pyString(operation.path)];
  if (operation.pathParams.length > 0) call.push(`path_params={${operation.pathParams.map((parameter) => `${pyString(parameter.name)}: ${pythonIdentifier(parameter.name)}`).join(', ')}}`);
  if (operation.queryParams.length > 0) call.push(`query={${operation.queryParams.map((parameter) => `${pyString(parameter.name)}: ${pythonIdentifier(parameter.name)}`).join(', ')}}`);
  if (operation.body) call.push('body=body');
  if (operation.idempotent) call.push('idempotency_key=idempotency_key');
  if (operation.public) call.push('public=True');

  const lines = [
    `    def ${pythonMethod(operation.id)}(${args.join(', ')}) -> ${returns}:`,
    docstring(`${operation.summary}\n\n${operation.method} ${operation.path} (operation ${operation.id}, module ${operation.module}).\n\n${operation.description}`, '        '),
    `        envelope = self._request(${call.join(', ')})`,
  ];
  if (data === undefined) lines.push('        return None');
  else if (itemSchema) {
    const decoder = pythonDecoder(itemSchema, typing);
    lines.push(`        return Page.of(envelope${decoder ? `, ${decoder}` : ''})`);
  } else {
    const decoder = pythonDecoder(data, typing);
    lines.push(`        return ${decoder ? `${decoder}(envelope.get("data"))` : 'envelope.get("data")'}`);
  }
  return lines.join('\n');
}

const CLIENT_HEAD = `"""The {name} API client (generated; do not edit).

Standard library only: urllib for HTTP, json for bodies. Every method is one
API operation; it raises an ApiError subclass for an error answer.
"""
from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Generic, List, Literal, Mapping, Optional, Tuple, TypeVar, Union

{imports}from .errors import ApiError, error_for

T = TypeVar("T")

#: (method, url, headers, body, timeout) -> (status, lower-cased headers, body)
Transport = Callable[[str, str, Dict[str, str], Optional[bytes], float], Tuple[int, Dict[str, str], bytes]]

USER_AGENT = {user_agent}
#: Statuses worth retrying: the request may succeed later.
RETRY_STATUSES = frozenset({408, 429, 500, 502, 503, 504})


def urllib_transport(method: str, url: str, headers: Dict[str, str], body: Optional[bytes], timeout: float) -> Tuple[int, Dict[str, str], bytes]:
    """One HTTP exchange with urllib; an error status is an answer, not an exception."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, {key.lower(): value for key, value in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {key.lower(): value for key, value in error.headers.items()}, error.read()


@dataclass
class Page(Generic[T]):
    """One page of a list: the items, and the envelope's meta (counts, cursor) and links."""

    data: List[T]
    meta: Dict[str, Any] = field(default_factory=dict)
    links: Dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, envelope: Mapping[str, Any], decode: Optional[Callable[[Any], T]] = None) -> "Page[T]":
        items = envelope.get("data") or []
        return cls([decode(item) if decode else item for item in items], dict(envelope.get("meta") or {}), dict(envelope.get("links") or {}))


def _encode(value: Any) -> Any:
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, (list, tuple)):
        return [_encode(entry) for entry in value]
    if isinstance(value, Mapping):
        return {key: _encode(entry) for key, entry in value.items()}
    return value


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Client:
    """A client of one service.

    base_url: where the service listens, e.g. "https://bank.example.com" (paths start with /api).
    api_key: an API key (fak_...), sent as "Authorization: Bearer <key>".
    partner_key: a partner key (fpk_...), sent as X-Partner-Key when given.
    max_retries: retries of a 408, 429 or 5xx answer or a network failure, with backoff
    (Retry-After when the service sends it). A POST is retried with the same Idempotency-Key,
    so it runs at most once.
    """

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str] = None,
        partner_key: Optional[str] = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 2,
        headers: Optional[Mapping[str, str]] = None,
        transport: Optional[Transport] = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.partner_key = partner_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.headers = dict(headers or {})
        self._transport = transport or urllib_transport
        self._sleep = sleep

    def _request(
        self,
        method: str,
        path: str,
        *,
        path_params: Optional[Mapping[str, Any]] = None,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = None,
        idempotency_key: Optional[str] = None,
        public: bool = False,
    ) -> Dict[str, Any]:
        url = self.base_url + path.format(**{name: urllib.parse.quote(str(value), safe="") for name, value in (path_params or {}).items()})
        pairs = [(name, _query_value(value)) for name, value in (query or {}).items() if value is not None]
        if pairs:
            url += "?" + urllib.parse.urlencode(pairs)
        headers = {"Accept": "application/json", "User-Agent": USER_AGENT, **self.headers}
        if self.api_key and not public:
            headers["Authorization"] = "Bearer " + self.api_key
        if self.partner_key and not public:
            headers["X-Partner-Key"] = self.partner_key
        if method == "POST":
            # A key of our own when the caller gave none, so a retry cannot run the request twice.
            headers["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        payload = None
        if body is not None or method in ("POST", "PUT", "PATCH"):
            payload = json.dumps(_encode(body if body is not None else {})).encode("utf-8")
            headers["Content-Type"] = "application/json"
        attempt = 0
        while True:
            try:
                status, answer_headers, raw = self._transport(method, url, headers, payload, self.timeout)
            except OSError:
                if attempt >= self.max_retries:
                    raise
                self._sleep(self._backoff(attempt, None))
                attempt += 1
                continue
            if status in RETRY_STATUSES and attempt < self.max_retries:
                self._sleep(self._backoff(attempt, answer_headers.get("retry-after")))
                attempt += 1
                continue
            parsed: Any = None
            if raw:
                try:
                    parsed = json.loads(raw.decode("utf-8"))
                except ValueError:
                    parsed = None
            if status >= 400:
                raise error_for(status, parsed, answer_headers)
            return parsed if isinstance(parsed, dict) else {"data": parsed}

    @staticmethod
    def _backoff(attempt: int, retry_after: Optional[str]) -> float:
        if retry_after and retry_after.isdigit():
            return float(retry_after)
        return min(8.0, 0.5 * (2 ** attempt)) * (0.5 + random.random() / 2)

`;

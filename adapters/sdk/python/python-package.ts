import type { ArchiveFile } from '../archives.js';
import { inPythonDocstring } from '../names.js';
import { brandingHeader, type GeneratorInput } from '../sdk-options.js';
import { operationsTable, showcaseOperation } from '../showcase.js';
import { pythonClient } from './python-client.js';
import { PYTHON_ERRORS } from './python-errors.js';
import { PYTHON_WEBHOOKS } from '../webhook-verifiers.js';
import { pythonModels } from './python-models.js';
import { pythonDistribution, pythonMethod, pythonModule, pyString } from './python-names.js';

/** The files of the Python sdist: pyproject (setuptools), PKG-INFO, the package, README, and with the options examples and tests. */
export function pythonPackageFiles(input: GeneratorInput): { root: string; files: ArchiveFile[]; distribution: string } {
  const { request, version } = input;
  const distribution = pythonDistribution(request.packageName);
  const module = pythonModule(request.packageName);
  const typed = request.options.includeTypes;
  const summary = `${request.displayName} API client (Python, standard library only)`;
  const files: ArchiveFile[] = [
    { path: 'pyproject.toml', text: pyproject(distribution, module, version, summary) },
    { path: 'PKG-INFO', text: pkgInfo(distribution, version, summary) },
    { path: 'README.md', text: readme(input, distribution, module) },
    { path: `${module}/__init__.py`, text: initPy(input, typed) },
    { path: `${module}/client.py`, text: pythonClient(input) },
    { path: `${module}/errors.py`, text: PYTHON_ERRORS },
    { path: `${module}/py.typed`, text: '' },
    { path: `${module}/webhooks.py`, text: PYTHON_WEBHOOKS },
  ];
  if (typed) files.push({ path: `${module}/models.py`, text: pythonModels(input.api.models, request.displayName) });
  if (request.options.includeExamples) files.push({ path: 'examples/quickstart.py', text: example(input, module) });
  if (request.options.includeTests) files.push({ path: 'tests/__init__.py', text: '' }, { path: 'tests/test_client.py', text: tests(input, module) });
  return { root: `${distribution.replace(/-/g, '_')}-${version}`, files, distribution };
}

function pyproject(distribution: string, module: string, version: string, summary: string): string {
  return `[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = ${pyString(distribution)}
version = ${pyString(version)}
description = ${pyString(summary)}
readme = "README.md"
requires-python = ">=3.9"
dependencies = []

[tool.setuptools]
packages = [${pyString(module)}]

[tool.setuptools.package-data]
${module} = ["py.typed"]
`;
}

function pkgInfo(distribution: string, version: string, summary: string): string {
  return `Metadata-Version: 2.1\nName: ${distribution}\nVersion: ${version}\nSummary: ${summary}\nRequires-Python: >=3.9\n`;
}

function initPy(input: GeneratorInput, typed: boolean): string {
  return `"""${inPythonDocstring(input.request.displayName)} API client (generated; do not edit)."""
from .client import Client, Page, Transport, urllib_transport
from .errors import (
    ApiError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    ErrorObject,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    ValidationError,
)
from .webhooks import WebhookVerificationError, verify_webhook
${typed ? 'from . import models\n' : ''}
__version__ = ${pyString(input.version)}

__all__ = [
    "ApiError",
    "AuthenticationError",
    "BadRequestError",
    "Client",
    "ConflictError",
    "ErrorObject",
    "NotFoundError",
    "Page",
    "PermissionDeniedError",
    "RateLimitError",
    "ServerError",
    "Transport",
    "ValidationError",
    "WebhookVerificationError",
    "urllib_transport",
    "verify_webhook",${typed ? '\n    "models",' : ''}
]
`;
}

function readme(input: GeneratorInput, distribution: string, module: string): string {
  const showcase = showcaseOperation(input.api);
  const lines = [
    brandingHeader(input),
    '',
    '## Install',
    '',
    '```sh',
    `pip install ./${distribution.replace(/-/g, '_')}-${input.version}.tar.gz`,
    '```',
    '',
    `Python 3.9 or later, no dependencies (urllib). Import it as \`${module}\`.`,
    '',
  ];
  if (input.request.options.includeExamples) {
    lines.push(
      '## Use',
      '',
      '```python',
      `from ${module} import Client, ApiError, ValidationError`,
      '',
      'client = Client("https://bank.example.com", api_key="fak_...", partner_key="fpk_...")',
      `page = client.${pythonMethod(showcase.id)}()`,
      'try:',
      `    client.${pythonMethod(showcase.id)}()`,
      'except ValidationError as error:',
      '    print(error.code, error.pointers)',
      'except ApiError as error:',
      '    print(error.status, error.code, error.request_id)',
      '```',
      '',
      '`examples/quickstart.py` runs this against `BANK_URL` with `BANK_API_KEY` and `BANK_PARTNER_KEY`.',
      '',
    );
  }
  lines.push(...operationsTable(input.api, (operation) => pythonMethod(operation.id)));
  return lines.join('\n') + '\n';
}

function example(input: GeneratorInput, module: string): string {
  const showcase = showcaseOperation(input.api);
  return `"""Calls the API once: python3 examples/quickstart.py (BANK_URL, BANK_API_KEY, BANK_PARTNER_KEY in the environment)."""
import os

from ${module} import ApiError, Client

client = Client(os.environ.get("BANK_URL", "http://127.0.0.1:8080"), api_key=os.environ.get("BANK_API_KEY"), partner_key=os.environ.get("BANK_PARTNER_KEY"))
try:
    print(client.${pythonMethod(showcase.id)}())
except ApiError as error:
    print("failed:", error.status, error.code, error.request_id)
`;
}

function tests(input: GeneratorInput, module: string): string {
  const showcase = showcaseOperation(input.api);
  return `"""Tests of the client itself, on a recording transport (no network): python3 -m unittest discover tests."""
import json
import unittest

from ${module} import Client, NotFoundError, RateLimitError, ValidationError


class Recorder:
    def __init__(self, *answers):
        self.answers = list(answers)
        self.calls = []

    def __call__(self, method, url, headers, body, timeout):
        self.calls.append((method, url, dict(headers), body))
        status, payload, headers_out = self.answers.pop(0)
        return status, headers_out, json.dumps(payload).encode("utf-8")


def envelope(data):
    return {"data": data, "meta": {"current_page": 1, "last_page": 1, "per_page": 20, "total": 0, "from": None, "to": None}, "links": {}}


class ClientTest(unittest.TestCase):
    def client(self, recorder, retries=0):
        return Client("http://bank.test/", api_key="fak_test", partner_key="fpk_test", transport=recorder, max_retries=retries, sleep=lambda seconds: None)

    def test_sends_the_keys(self):
        recorder = Recorder((200, ${showcase.success.list ? "envelope([])" : "{\"data\": {}}"}, {}))
        self.client(recorder).${pythonMethod(showcase.id)}()
        method, url, headers, _ = recorder.calls[0]
        self.assertEqual(method, ${pyString(showcase.method)})
        self.assertTrue(url.startswith("http://bank.test${showcase.path}"))
        ${showcase.public ? 'self.assertNotIn("Authorization", headers)' : 'self.assertEqual(headers["Authorization"], "Bearer fak_test")\n        self.assertEqual(headers["X-Partner-Key"], "fpk_test")'}

    def test_error_envelope_becomes_a_typed_exception(self):
        error = {"errors": [{"status": 422, "code": "validation_failed", "title": "Validation failed", "detail": "bad", "source": {"pointer": "/amount"}}]}
        recorder = Recorder((422, error, {"x-request-id": "req-1"}))
        with self.assertRaises(ValidationError) as caught:
            self.client(recorder)._request("POST", "/api/v2/anything", body={})
        self.assertEqual(caught.exception.pointers, ["/amount"])
        self.assertEqual(caught.exception.request_id, "req-1")

    def test_not_found(self):
        recorder = Recorder((404, {"errors": [{"status": 404, "code": "not_found", "title": "Not found", "detail": "none"}]}, {}))
        with self.assertRaises(NotFoundError):
            self.client(recorder)._request("GET", "/api/v2/things/{id}", path_params={"id": "x"})

    def test_post_retries_with_the_same_idempotency_key(self):
        busy = {"errors": [{"status": 429, "code": "rate_limited", "title": "Too many", "detail": "wait"}]}
        recorder = Recorder((429, busy, {"retry-after": "1"}), (200, {"data": {}}, {}))
        self.client(recorder, retries=1)._request("POST", "/api/v2/anything", body={})
        keys = [call[2]["Idempotency-Key"] for call in recorder.calls]
        self.assertEqual(len(keys), 2)
        self.assertEqual(keys[0], keys[1])

    def test_rate_limit_after_the_retries(self):
        busy = {"errors": [{"status": 429, "code": "rate_limited", "title": "Too many", "detail": "wait"}]}
        recorder = Recorder((429, busy, {"retry-after": "3"}))
        with self.assertRaises(RateLimitError) as caught:
            self.client(recorder)._request("GET", "/api/v2/anything")
        self.assertEqual(caught.exception.retry_after, 3)


if __name__ == "__main__":
    unittest.main()
`;
}

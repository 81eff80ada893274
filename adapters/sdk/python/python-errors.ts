/** errors.py: the error envelope as exceptions, one class per kind of failure, so callers catch what they can handle. */
export const PYTHON_ERRORS = `"""Errors of the API as exceptions (generated; do not edit).

Every error answer is an envelope {"errors": [{status, code, title, detail, source}]};
ApiError carries all of them, and its subclass says the kind.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional


@dataclass
class ErrorObject:
    """One error of the envelope; source names the field (pointer), parameter or header at fault."""

    status: int
    code: str
    title: str = ""
    detail: str = ""
    source: Dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ErrorObject":
        return cls(int(data.get("status") or 0), str(data.get("code") or ""), str(data.get("title") or ""), str(data.get("detail") or ""), dict(data.get("source") or {}))


class ApiError(Exception):
    """An error answer: its status, its errors, and the request id to quote to support."""

    def __init__(self, status: int, errors: List[ErrorObject], request_id: Optional[str] = None, headers: Optional[Mapping[str, str]] = None) -> None:
        self.status = status
        self.errors = errors
        self.request_id = request_id
        self.headers = dict(headers or {})
        summary = "; ".join(f"{error.code}: {error.detail}" for error in errors) or "request failed"
        super().__init__(f"{status} {summary}")

    @property
    def code(self) -> Optional[str]:
        """The first error's stable code (insufficient_funds, validation_failed, ...)."""
        return self.errors[0].code if self.errors else None


class BadRequestError(ApiError):
    """400: the request could not be read."""


class AuthenticationError(ApiError):
    """401: a missing, malformed or unknown key."""


class PermissionDeniedError(ApiError):
    """403: the key may not do this (permission, expiry, IP, partner key, disabled feature)."""


class NotFoundError(ApiError):
    """404: no such resource for this key (another team's id answers the same)."""


class ConflictError(ApiError):
    """409: an Idempotency-Key in use by a request still running, or a conflicting state."""


class ValidationError(ApiError):
    """422: bad input or a business rule; pointers name the fields at fault."""

    @property
    def pointers(self) -> List[str]:
        return [error.source["pointer"] for error in self.errors if "pointer" in error.source]


class RateLimitError(ApiError):
    """429: too many requests; retry_after is the wait the service asks for, in seconds."""

    @property
    def retry_after(self) -> Optional[int]:
        value = self.headers.get("retry-after")
        return int(value) if value and value.isdigit() else None


class ServerError(ApiError):
    """5xx: a fault in the service or its store."""


_BY_STATUS = {400: BadRequestError, 401: AuthenticationError, 403: PermissionDeniedError, 404: NotFoundError, 409: ConflictError, 422: ValidationError, 429: RateLimitError}


def error_for(status: int, body: Any, headers: Mapping[str, str]) -> ApiError:
    """The exception of an error answer."""
    items = body.get("errors") if isinstance(body, Mapping) else None
    errors = [ErrorObject.from_dict(item) for item in items if isinstance(item, Mapping)] if isinstance(items, list) else []
    kind = _BY_STATUS.get(status, ServerError if status >= 500 else ApiError)
    return kind(status, errors, headers.get("x-request-id"), headers)
`;

"""Request bodies: one strict JSON parser for the whole app, and the size limit for a
body sent without ``Content-Length``.

- JSON: ``NaN``/``Infinity`` are not JSON, and a key given twice in one object (at any
  depth) is refused (``400 duplicate_key``, naming the key's path) instead of the last
  one silently winning.  :func:`loads` is used by :func:`api.views.common.json_body` and
  by the app's JSON provider (``request.get_json``), so every endpoint gets it.
- Size: a body with ``Content-Length`` above ``MAX_CONTENT_LENGTH`` is refused by
  Werkzeug (``413``).  A chunked body (``Transfer-Encoding: chunked``, no length) is
  read by Werkzeug only up to the limit and silently cut there; :func:`limit_unsized_body`
  reads it before the view and refuses it with ``413`` when it reaches the limit.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Flask, request
from flask.json.provider import DefaultJSONProvider

from api.errors import Problem, message


class _Repeated(dict[str, Any]):
    """A JSON object in which at least one key was given more than once."""

    __slots__ = ("repeated",)
    repeated: list[str]


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(raw: str | bytes | bytearray) -> Any:
    """Parse JSON strictly: ``ValueError`` (or ``RecursionError``) when it is not JSON,
    :class:`Problem` ``400 duplicate_key`` when an object repeats a key."""
    found = False

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal found
        obj = dict(pairs)
        if len(obj) == len(pairs):
            return obj
        found = True
        marked = _Repeated(obj)
        seen: set[str] = set()
        marked.repeated = []
        for key, _ in pairs:
            if key in seen and key not in marked.repeated:
                marked.repeated.append(key)
            seen.add(key)
        return marked

    data = json.loads(raw, parse_constant=_no_constants, object_pairs_hook=pairs_hook)
    if found:
        path = first_repeated(data)
        raise Problem(400, "duplicate_key", errors={path: message("duplicate_key", key=path)}, key=path)
    return data


def first_repeated(data: Any) -> str:
    """The path (``points.Anna``, ``melds.0.suit``) of the first repeated key, outermost
    first, in document order (iterative: a deep document parsed fine must not overflow)."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        prefix, node = stack.pop()
        if isinstance(node, _Repeated):
            return _join(prefix, node.repeated[0])
        if isinstance(node, dict):
            children = [(_join(prefix, str(key)), value) for key, value in node.items()]
        elif isinstance(node, list):
            children = [(_join(prefix, str(index)), value) for index, value in enumerate(node)]
        else:
            continue
        stack.extend(reversed(children))
    return "body"  # not reached: a repeated key is always in a reachable object


def _join(prefix: str, step: str) -> str:
    return f"{prefix}.{step}" if prefix else step


class StrictJSONProvider(DefaultJSONProvider):
    """Flask's JSON provider with :func:`loads` for reading (``request.get_json``)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        if kwargs:
            return super().loads(s, **kwargs)
        return loads(s)


def limit_unsized_body() -> None:
    """Before a view: a body without ``Content-Length`` (chunked) that reaches
    ``MAX_CONTENT_LENGTH`` is ``413``, as one with a length would be.  Werkzeug reads such
    a body only up to the limit (when the server says it ends the input), so a body
    exactly at the limit is refused too: it cannot be told from a longer one."""
    if request.content_length is not None or "chunked" not in request.headers.get("Transfer-Encoding", "").lower():
        return
    limit = request.max_content_length
    if limit is None:
        return
    if len(request.get_data(cache=True)) >= limit:
        raise Problem(413, "too_large")


def init_bodies(app: Flask) -> None:
    app.json = StrictJSONProvider(app)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.before_request(limit_unsized_body)

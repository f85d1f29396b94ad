"""Rate limits per client address: match creations, and failed token attempts.

Flask-Limiter keeps the counts (``RATELIMIT_STORAGE_URI``: ``memory://`` in each worker, or
a shared store such as Redis) with its fixed-window strategy; the app asks it at the two
places that matter instead of decorating views, because a failed token attempt is known
only once the token has been checked:

- :func:`creation`: every ``POST /api/matches`` counts against ``KREIDE_LIMIT_CREATE``.
- :func:`token_allowed` / :func:`bad_token`: a token that opens no match (401) or another
  match (404) counts against ``KREIDE_LIMIT_BAD_TOKEN``; once an address is over it, every
  request with a token from that address is refused (429) until the window passes, so a
  guessed token is of no use either.  Good tokens from other addresses are never affected.

Every refusal is ``429 rate_limited`` with ``Retry-After`` (seconds).  If the store fails
(Redis down), the error is logged and the request is served: scoring never stops for it.  The client's
address is ``request.remote_addr`` (made the phone's by ProxyFix when
``KREIDE_TRUSTED_PROXIES`` says how many proxies stand in front).
"""

from __future__ import annotations

import math
import time

from flask import Flask, current_app, request
from flask_limiter import Limiter
from limits import RateLimitItem, parse_many

from api.errors import Problem

CREATE, BAD_TOKEN = "create", "bad-token"


def client_address() -> str:
    return request.remote_addr or "unknown"


def init_limits(app: Flask) -> None:
    """A limiter of this app's own (its counts are not shared with another app in the same
    process), holding no route limits: the checks below use its storage and strategy."""
    limiter = Limiter(client_address, key_prefix="kreide", strategy="fixed-window")
    limiter.init_app(app)
    app.extensions["kreide_limits"] = {
        "limiter": limiter,
        CREATE: parse_many(app.config["KREIDE_LIMIT_CREATE"]),
        BAD_TOKEN: parse_many(app.config["KREIDE_LIMIT_BAD_TOKEN"]),
    }


def _state() -> dict | None:
    state: dict | None = current_app.extensions.get("kreide_limits")
    return state if state is not None and state["limiter"].enabled else None


def _refusal(limiter: Limiter, item: RateLimitItem, scope: str, address: str) -> Problem:
    reset, _remaining = limiter.limiter.get_window_stats(item, scope, address)
    wait = max(1, math.ceil(reset - time.time()))
    return Problem(429, "rate_limited", headers={"Retry-After": str(wait)}, extra={"retry_after": wait}, wait=wait)


def _over(scope: str) -> Problem | None:
    state = _state()
    if state is None:
        return None
    limiter, address = state["limiter"], client_address()
    try:
        for item in state[scope]:
            if not limiter.limiter.test(item, scope, address):
                return _refusal(limiter, item, scope, address)
    except Exception:  # the store is down (Redis): the table keeps scoring, unlimited meanwhile
        current_app.logger.exception("rate limit storage failed; request allowed")
    return None


def creation() -> None:
    """Count a match creation from this address; 429 once over ``KREIDE_LIMIT_CREATE``."""
    if (refused := _over(CREATE)) is not None:
        raise refused
    _hit(CREATE)


def token_allowed() -> None:
    """429 when this address has had too many failed token attempts lately."""
    if (refused := _over(BAD_TOKEN)) is not None:
        raise refused


def bad_token() -> None:
    """Count a failed token attempt from this address."""
    _hit(BAD_TOKEN)


def _hit(scope: str) -> None:
    state = _state()
    if state is None:
        return
    address = client_address()
    try:
        for item in state[scope]:
            state["limiter"].limiter.hit(item, scope, address)
    except Exception:
        current_app.logger.exception("rate limit storage failed; not counted")

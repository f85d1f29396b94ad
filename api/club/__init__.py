"""The club's room of the API (API.md "Clubs"; RULES.md R36-R38): the same people, evening
after evening, kept and counted.

A club is its members (people, not strings), its matches (each a match like any other,
whose players the club knows as members) and their summaries: what each entry adds to the
season, asked of the game through :class:`engine.game.ClubFigures` and kept in the
transaction of every write to the match.  The evenings, the settle-up, the season and the
ratings are ``engine.club``'s pure functions of those summaries: nothing here names a game.

One module per concern: :mod:`~api.club.tokens` (three tokens, derived one from the other,
and links), :mod:`~api.club.access` (who may do what, and the club's tokens on its
matches), :mod:`~api.club.rows`, :mod:`~api.club.summaries` (the hook on a match's write),
:mod:`~api.club.reads`, :mod:`~api.club.writes` (members, settings, a table started),
:mod:`~api.club.transfer` (export and import), :mod:`~api.club.schemas`,
:mod:`~api.club.views`, :mod:`~api.club.sentences`.

Importing it registers nothing but its sentences: :func:`init_app` plugs it into an app.
"""

from __future__ import annotations

from flask import Flask, request
from sqlalchemy import exists, select

from api import auth, events, retention, store
from api.club import sentences as _sentences  # noqa: F401  (registers the club's sentences)
from api.club.access import MATCH_TOKENS
from api.club.reads import event_text
from api.club.rows import CLUB_MATCHES, CLUBS
from api.club.summaries import STREAM, match_written
from api.club.transfer import IMPORT_MAX
from api.club.views import blp
from api.errors import Problem
from api.extensions import db

STREAM_KIND = events.Kind(CLUBS, event_text, pace=0.25)


def match_in_club(match_id: str) -> None:
    """A club's match stays: the club's figures rest on it."""
    if db.session.scalar(select(exists().where(CLUB_MATCHES.c.match_id == match_id))):
        raise Problem(409, "match_in_club")


def _import_size() -> None:
    """An export is larger than a match's request may be."""
    if request.path == "/api/clubs/import" and request.method == "POST":
        request.max_content_length = IMPORT_MAX


def init_app(app: Flask) -> None:
    """Plug the club into ``app``: its live stream (``c:<id>``), the hook that keeps its
    matches' summaries with every write, its tokens on its matches, the guards that keep
    its matches from being deleted or purged, the import's larger body."""
    events.register_kind(STREAM, STREAM_KIND)
    store.on_write(match_written)
    store.on_delete(match_in_club)
    retention.held_by(CLUB_MATCHES.c.match_id)
    if MATCH_TOKENS not in auth.TOKEN_OWNERS:
        auth.TOKEN_OWNERS.append(MATCH_TOKENS)
    funcs = app.before_request_funcs.setdefault(None, [])
    if _import_size not in funcs:
        funcs.insert(0, _import_size)


def document() -> None:
    """No named components of its own."""


__all__ = ["blp", "document", "init_app"]

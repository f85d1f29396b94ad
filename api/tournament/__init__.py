"""The Preisschnapsen tournament's room of the API (API.md "Tournaments"; RULES.md R24).

A tournament is its configuration plus an append-only log of entries, folded through the
engine (``engine.tournament``); the state after the last entry is kept on the row (the
snapshot the board reads).  Its tables play matches of the game its conditions name,
asked through :class:`engine.game.TournamentTable`: nothing here names a game.

One module per concern:

- :mod:`~api.tournament.tokens`: the organiser's token and the ones derived from it, links;
- :mod:`~api.tournament.access`: who may read and write (organiser, board);
- :mod:`~api.tournament.rows`: its rows, read and locked;
- :mod:`~api.tournament.reads`: what readers see, and the board's live event;
- :mod:`~api.tournament.creation`: a new tournament (:mod:`api.creation`, with a key);
- :mod:`~api.tournament.writes`: the organiser's entries, and how a write moves it on;
- :mod:`~api.tournament.tables`: the tables' matches, and the hook on a match's write;
- :mod:`~api.tournament.export`: the CSV;
- :mod:`~api.tournament.schemas`, :mod:`~api.tournament.views`, :mod:`~api.tournament.sentences`.

Importing it registers nothing but its sentences: :func:`init_app` plugs it into an app
(the board's stream kind, the hooks on a match's write and deletion), and the app factory
registers :data:`blp` with the OpenAPI document after :func:`document` (``api.rooms``).
"""

from __future__ import annotations

from flask import Flask

from api import events, retention, store
from api.tournament import sentences as _sentences  # noqa: F401  (registers the API's tournament sentences)
from api.tournament.reads import STREAM, STREAM_KIND
from api.tournament.rows import LINKS
from api.tournament.tables import match_in_tournament, match_written
from api.tournament.views import blp, document_entries


def init_app(app: Flask) -> None:
    """Plug the tournament into ``app``: the board's live stream (``t:<id>``), the hook
    that moves a tournament on with every write to one of its tables' matches, and the
    guards that keep a table's match from being deleted or purged (the tournament keeps its
    link, and its result may rest on it).  Registering twice is harmless."""
    events.register_kind(STREAM, STREAM_KIND)
    store.on_write(match_written)
    store.on_delete(match_in_tournament)
    retention.held_by(LINKS.c.match_id)


def document() -> None:
    """The named components its views refer to: the organiser's entries."""
    document_entries()


__all__ = ["blp", "document", "init_app"]

"""What a game registers with the API: its entry, state and result schemas and its
referee's questions.  From those three schemas the rest of a match's answers (a hand as
listed, a write's answer, the match, the export) are built per game, so every answer is
dumped through the schema that documents it, and the OpenAPI document shows each game's
entries, states and results (``oneOf`` by game).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from marshmallow import Schema, fields, validate

import engine
from api.games.dumper import compile_dump
from api.games.loader import compile_load
from api.schemas.matches import AuditSchema, MatchCreatedSchema, MatchSchema, RecordSchema, match_create_schema
from api.schemas.rulings import RulingSchema


@dataclass(frozen=True)
class RefereeQuestion:
    """One question a game's referee answers at ``/api/referee/{name}``: the request
    schema (loads the engine's keyword arguments; it takes ``game``) and the answer's."""

    question: type[Schema]
    answer: type[Schema]
    summary: str = ""


@dataclass(frozen=True)
class Facts:
    """The fixed facts of a game that its phone draws from and never works out itself (the
    decks of R16, the tricks of a hand by players …), read from the engine: the catalogue
    lists them (``GET /api/games``, ``facts``), dumped through ``schema``, which the OpenAPI
    document shows as ``{Game}Facts``."""

    schema: type[Schema]
    values: Callable[[], Mapping[str, Any]]


@dataclass
class GameApi:
    """A game's schemas.  ``entry`` loads a request body into ``(seq, entry)`` for the
    engine (a replacement may leave ``seq`` out); ``state`` and ``result`` dump what the
    engine's ``state_to_json`` and ``result_to_json`` give."""

    name: str
    entry: type[Schema]
    state: type[Schema]
    result: type[Schema]
    referee: Mapping[str, RefereeQuestion] = field(default_factory=dict)
    facts: Facts | None = None

    def __post_init__(self) -> None:
        prefix = self.name.title().replace("_", "")
        self.prefix = prefix
        self.load_entry = self.entry()
        self.load_replacement = self.entry(partial=("seq",))
        self._loaders = {False: compile_load(self.load_entry), True: compile_load(self.load_replacement)}
        self.hand = _schema(f"{prefix}Hand", self.entry, {
            "result": fields.Nested(self.result, allow_none=True,
                                    metadata={"description": "The engine's current decision (null when voided)"}),
            "recorded_at": fields.String(metadata={"description": "ISO 8601, UTC"}),
            "recorded_by": fields.String(metadata={"description": "Token kind that recorded it"}),
            "voided": fields.Boolean(),
            "audit": fields.List(fields.Nested(AuditSchema)),
        })

        game = self.game_field
        self.match = _schema(f"{prefix}Match", MatchSchema, {"game": game(), "state": fields.Nested(self.state)})
        self.created = _schema(f"{prefix}MatchCreated", MatchCreatedSchema,
                               {"game": game(), "state": fields.Nested(self.state)})
        self.written = _schema(f"{prefix}HandWritten", Schema, {
            "game": game(),
            "hand": fields.Nested(self.hand),
            "state": fields.Nested(self.state),
            "version": fields.Integer(),
            "revision": fields.Integer(),
            "next_seq": fields.Integer(),
        })
        self.hands = _schema(f"{prefix}Hands", Schema, {"game": game(),
                                                        "hands": fields.List(fields.Nested(self.hand))})
        self.export = _schema(f"{prefix}Export", Schema, {
            "game": game(),
            "match": fields.Nested(self.match),
            "records": fields.List(fields.Nested(RecordSchema)),
            "hands": fields.List(fields.Nested(self.hand)),
            "rulings": fields.List(fields.Nested(RulingSchema),
                                   metadata={"description": "The referee's rulings, oldest first"}),
        })
        self._dumpers = {kind: compile_dump(getattr(self, kind)()) for kind in DUMPED}
        self.referee = {name: replace(question, answer=_schema(
            f"{prefix}Referee{name.title()}Answer", question.answer, {"game": game()}))
            for name, question in self.referee.items()}

    def game_field(self) -> fields.Field:
        """``game`` in an answer that differs by game: the name of the game it is of, which
        the ``oneOf`` of every game's answers names as its discriminator (a typed client
        parses the answer as its own game's)."""
        return fields.String(required=True, dump_default=self.name, validate=validate.OneOf([self.name]),
                             metadata={"description": f"{self.name}: the game this answer is of"})

    def load(self, body: Any, *, replacing: bool = False) -> Any:
        """``body`` loaded with the entry schema (``replacing``: ``seq`` may be left out),
        marshmallow's ``load`` with a short way for a well-formed body (:mod:`api.games.loader`)."""
        return self._loaders[replacing](body)

    @cached_property
    def create(self) -> type[Schema]:
        """The creation request as this game checks it (documentation only), made when the
        OpenAPI document is (a game's API may be made before its engine is registered)."""
        return match_create_schema(engine.get_game(self.name), self.prefix)

    def facts_json(self) -> dict[str, Any]:
        """The game's facts as the catalogue lists them (``{}``: it has none)."""
        if self.facts is None:
            return {}
        dumped: dict[str, Any] = self.facts.schema().dump(self.facts.values())
        return dumped

    def dump(self, kind: str, data: Any) -> Any:
        """``data`` dumped through this game's schema of ``kind`` (``match``, ``written`` …),
        with marshmallow's ``dump`` compiled once (:mod:`api.games.dumper`)."""
        return self._dumpers[kind](data)

    def component(self, kind: str) -> str:
        """The name of this game's schema of ``kind`` in the OpenAPI components."""
        if kind in ("entry", "state", "result"):
            return f"{self.prefix}{kind.title()}"
        return getattr(self, kind).__name__.removesuffix("Schema")

    def components(self) -> dict[str, type[Schema]]:
        named: dict[str, type[Schema]] = {self.component(kind): getattr(self, kind)
                                          for kind in ("entry", "state", "result")}
        named.update({self.component(kind): getattr(self, kind) for kind in (*DUMPED, "create")})
        if self.facts is not None:
            named[f"{self.prefix}Facts"] = self.facts.schema
        for name, question in self.referee.items():
            named[f"{self.prefix}Referee{name.title()}Question"] = question.question
            named[f"{self.prefix}Referee{name.title()}Answer"] = question.answer
        return named


#: The answers dumped per game.
DUMPED = ("hand", "match", "created", "written", "hands", "export")


def _schema(name: str, base: type[Schema], declared: Mapping[str, fields.Field]) -> type[Schema]:
    return type(f"{name}Schema", (base,), dict(declared))

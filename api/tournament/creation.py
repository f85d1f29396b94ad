"""A new tournament: its name and conditions checked, the tables' house rules settled by
the game its tables play, created once per ``Idempotency-Key`` (:mod:`api.creation`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, current_app

import engine
from api import creation
from api.auth import hash_token, new_match_id, new_token
from api.errors import Problem
from api.extensions import db
from api.models import Tournament, utcnow
from api.tournament.reads import public_json
from api.tournament.rows import ORGANISER
from api.tournament.schemas import NAME_MAX, TournamentCreateSchema
from api.tournament.tokens import board_token, links
from engine.errors import ConfigError
from engine.tournament import Config, config_from_json, start, state_to_json, table_rules

#: A tournament as created with a key (its records' scope; a match's is "create").
CREATABLE = creation.Creatable("create-tn", ("organiser_token", "viewer_token"), links, "/api/tournaments/{id}")
_create_schema = TournamentCreateSchema()


def match_rules(config: Config, given: Mapping[str, str] | None) -> dict[str, str]:
    """The tables' house rules (R24), as the game the tables play settles them; a refusal
    names the field as the request does (``match_rules.<name>``)."""
    try:
        return table_rules(engine.get_game(config.game), given)
    except ConfigError as error:
        problem = Problem.from_violation(error)
        if problem.errors:
            problem.errors = {f"match_{path}" if path.startswith("rules") else path: text
                              for path, text in problem.errors.items()}
        raise problem from None


def create(body: Any) -> Response:
    """A new tournament in sales; ``Idempotency-Key`` as for a match creation."""
    return creation.create(CREATABLE, body, _made)


def _made(body: Any) -> creation.Created:
    data = _create_schema.load(body)
    name = creation.checked_name(data["name"], "name", limit=NAME_MAX, prefix="tournament_name")
    config = config_from_json({field: data[field] for field in ("cards", "max_per_player", "prizes",
                                                                 "multiple_prizes") if field in data})
    rules = match_rules(config, data.get("match_rules"))
    tournament_id = new_match_id()
    organiser = new_token()
    tokens = {"organiser_token": organiser, "viewer_token": board_token(organiser, tournament_id)}
    row = Tournament(id=tournament_id, name=name, config=config.to_json(), match_rules=rules,
                     organiser_hash=hash_token(tokens["organiser_token"]),
                     viewer_hash=hash_token(tokens["viewer_token"]), created_at=utcnow(), revision=0,
                     next_seq=1, state=state_to_json(start(config)), last_change=None)
    answer = {**public_json(db.session.connection(), row), "role": ORGANISER, **tokens, **links(row.id, tokens)}

    def then() -> None:
        current_app.logger.info("tournament %s: created, %d cards", tournament_id, config.cards)

    return creation.Created(row, answer, then)

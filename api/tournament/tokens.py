"""A tournament's tokens and links.  The organiser's token is random; the board's and
each table's match's are derived from it (HMAC-SHA256 of the tournament, round, table and
role), so the organiser can always show their links again and opening a table's match
twice makes nothing new."""

from __future__ import annotations

from collections.abc import Mapping

from flask import current_app, request

from api.auth import derived_token


def board_token(organiser_token: str, tournament_id: str) -> str:
    """The viewer token of the board, derived from the organiser's: the organiser can
    always show the board's link and QR again."""
    return derived_token(organiser_token, f"{tournament_id}:viewer")


def table_tokens(organiser_token: str, tournament_id: str, round_: int, number: int) -> dict[str, str]:
    """The scorer and viewer tokens of the match of table ``number`` in round ``round_``."""
    return {f"{role}_token": derived_token(organiser_token, f"{tournament_id}:{round_}:{number}:{role}")
            for role in ("scorer", "viewer")}


def _base(base: str | None = None) -> str:
    return base or current_app.config.get("KREIDE_PUBLIC_URL") or request.host_url.rstrip("/")


def tournament_url(tournament_id: str, token: str, *, base: str | None = None) -> str:
    """The phone app's route of a tournament: the token in the fragment, never in a log."""
    return f"{_base(base)}/#/t/{tournament_id}/{token}"


def links(tournament_id: str, tokens: Mapping[str, str]) -> dict[str, str]:
    """The organiser's and the board's links of a new tournament."""
    return {"join_url": tournament_url(tournament_id, tokens["organiser_token"]),
            "view_url": tournament_url(tournament_id, tokens["viewer_token"])}

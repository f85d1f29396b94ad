"""A club's links: the token travels in the URL fragment (``#/c/{id}/{token}``), never to
a server's log.  The members' link is what the club's QR code hands to its players."""

from __future__ import annotations

from collections.abc import Mapping

from flask import current_app, request

from api.auth import derived_token

ADMIN, MEMBER, VIEWER = "admin", "member", "viewer"
TOKENS = ("admin_token", "member_token", "viewer_token")


def club_url(club_id: str, token: str, *, base: str | None = None) -> str:
    base = base or current_app.config.get("KREIDE_PUBLIC_URL") or request.host_url.rstrip("/")
    return f"{base}/#/c/{club_id}/{token}"


def links(club_id: str, tokens: Mapping[str, str]) -> dict[str, str]:
    """The members' (``join_url``), the viewers' and the admin's links of a club."""
    return {"join_url": club_url(club_id, tokens["member_token"]),
            "view_url": club_url(club_id, tokens["viewer_token"]),
            "admin_url": club_url(club_id, tokens["admin_token"])}


def derived(admin_token: str, club_id: str) -> dict[str, str]:
    """A club's three tokens from its admin's: the members' is derived from the admin's, the
    viewers' from the members' (HMAC-SHA256), so a token shows every link below it again."""
    member = member_token(admin_token, club_id)
    return {"admin_token": admin_token, "member_token": member, "viewer_token": viewer_token(member, club_id)}


def member_token(admin_token: str, club_id: str) -> str:
    return derived_token(admin_token, f"{club_id}:member")


def viewer_token(member_token_: str, club_id: str) -> str:
    return derived_token(member_token_, f"{club_id}:viewer")


def members_token_of(club_id: str, token: str, role: str) -> str:
    """The members' token, from the admin's or a member's."""
    return member_token(token, club_id) if role == ADMIN else token

"""A club's answers as the API gives them (CLUB-SPEC.md "The API"), served to the phone by
Playwright's ``page.route`` so its pages can be looked at before the API exists: the
Stammtisch "Krone" with five members (Sepp anonymised), an evening last week and tonight's, two
tables tonight (Dreeg still playing, Sixty-Six finished) and one just started."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, Route

CLUB = "k1"
ADMIN, MEMBER, VIEWER = "admin-tok", "member-tok", "viewer-tok"
TONIGHT = "2026-12-02"
LAST_WEEK = "2026-11-25"
ANNA, BENNO, CARLA, DIETER, SEPP = "m1", "m2", "m3", "m4", "m5"
NAMES = {ANNA: "Anna", BENNO: "Benno", CARLA: "Carla", DIETER: "Dieter", SEPP: "Mitglied 5"}


def figure(name: str, en: str, de: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "title": {"en": en, "de": de}, "rule": "R38", "best": False, "per": None, **more}


GAMES = {
    "dreeg": [figure("partien", "Partien played", "Partien"), figure("partien_won", "Partien won", "Partien gewonnen"),
              figure("blobs", "Blobs", "Bollen"), figure("subgames_lost", "Sub-games lost", "Untergänge")],
    "sixtysix": [figure("deals", "Deals", "Spiele"), figure("bummerl_won", "Bummerl won", "Bummerl gewonnen"),
                 figure("bummerl_received", "Bummerl received", "Bummerl bekommen"),
                 figure("schneider_won", "Schneider won", "Schneider gewonnen"),
                 figure("schneider_received", "Schneider received", "Schneider bekommen")],
}


def match(mid: str, game: str, players: list[str], evening: str | None, *, finished: bool = False) -> dict[str, Any]:
    return {"id": mid, "game": game, "players": players, "player_names": [NAMES[p] for p in players],
            "created_at": "2026-12-02T19:02:00+00:00",
            "first_at": None if evening is None else "2026-12-02T19:05:00+00:00",
            "finished": finished, "evening": evening}


def club(access: str) -> dict[str, Any]:
    return {
        "id": CLUB, "name": "Stammtisch Krone", "timezone": "Europe/Berlin",
        "rates": {"per_blob": 10, "per_bummerl": 50, "per_fach": 5, "per_point": 1},
        "access": access,
        "members": [{"id": m, "name": n, "anonymised": m == SEPP} for m, n in NAMES.items()],
        "matches": [match("x0", "dreeg", [ANNA, BENNO, CARLA, DIETER], LAST_WEEK, finished=True),
                    match("x1", "dreeg", [ANNA, BENNO, CARLA], TONIGHT),
                    match("x2", "sixtysix", [DIETER, SEPP], TONIGHT, finished=True),
                    match("x3", "sixtysix", [ANNA, DIETER], None)],
        "evenings": [{"date": TONIGHT, "matches": ["x1", "x2"]}, {"date": LAST_WEEK, "matches": ["x0"]}],
        "tonight": TONIGHT, "revision": 7, "games": GAMES,
    }


EVENINGS = {"evenings": [
    # Anna +1.20, Benno -0.80, Carla -1.00, Dieter +0.50, Sepp -0.50, the kitty +0.60: 0 in all
    {"date": TONIGHT, "matches": ["x1", "x2"], "net": {ANNA: 120, BENNO: -80, CARLA: -100, DIETER: 50, SEPP: -50},
     "kitty": 60, "transfers": [{"from": CARLA, "to": ANNA, "cents": 100}, {"from": BENNO, "to": ANNA, "cents": 20},
                                {"from": BENNO, "to": "kitty", "cents": 60},
                                {"from": SEPP, "to": DIETER, "cents": 50}]},
    {"date": LAST_WEEK, "matches": ["x0"], "net": {ANNA: 0, BENNO: 0, CARLA: 0, DIETER: 0}, "kitty": 0,
     "transfers": []},
]}


def dreeg(partien: int, won: int, blobs: int, lost: int, cents: int, ranked: int,
          rating: float | None) -> dict[str, Any]:
    return {"partien": partien, "partien_won": won, "blobs": blobs, "subgames_lost": lost, "cents": cents,
            "played": partien, "ranked": ranked, "rating": rating}


SEASON = {
    "from": None, "to": None, "games": GAMES,
    "members": [
        {"id": ANNA, "name": "Anna", "games": {
            "dreeg": dreeg(6, 3, 2, 4, -20, 6, 3.21),
            "sixtysix": {"deals": 14, "bummerl_won": 2, "bummerl_received": 1, "schneider_won": 1,
                         "schneider_received": 0,
                         "cents": 50, "played": 1, "ranked": 3, "rating": None}}},
        {"id": BENNO, "name": "Benno", "games": {"dreeg": dreeg(6, 1, 5, 9, -50, 6, -1.5)}},
        {"id": CARLA, "name": "Carla", "games": {"dreeg": dreeg(3, 1, 3, 4, -30, 3, None)}},
        {"id": DIETER, "name": "Dieter", "games": {
            "dreeg": dreeg(6, 2, 3, 6, -30, 6, 0.75),
            "sixtysix": {"deals": 14, "bummerl_won": 1, "bummerl_received": 2, "schneider_won": 0,
                         "schneider_received": 1,
                         "cents": -50, "played": 1, "ranked": 3, "rating": None}}},
        {"id": SEPP, "name": "Mitglied 5", "games": {}},
    ],
}

MEMBER_ANNA = {
    "id": ANNA, "name": "Anna", "anonymised": False, "games": SEASON["members"][0]["games"],
    "head_to_head": [
        {"id": BENNO, "name": "Benno", "games": {"dreeg": {"won": 4, "lost": 1, "tied": 1}}},
        {"id": DIETER, "name": "Dieter", "games": {"dreeg": {"won": 2, "lost": 3, "tied": 1},
                                                  "sixtysix": {"won": 2, "lost": 1, "tied": 0}}},
    ],
    "series": [
        {"date": "2026-11-18", "cents": -140, "balance": -140, "games": {"dreeg": {"won": 0, "lost": 2, "tied": 0}}},
        {"date": LAST_WEEK, "cents": 0, "balance": -140, "games": {"dreeg": {"won": 1, "lost": 1, "tied": 1}}},
        {"date": TONIGHT, "cents": 120, "balance": -20, "games": {"dreeg": {"won": 2, "lost": 0, "tied": 0},
                                                               "sixtysix": {"won": 2, "lost": 1, "tied": 0}}},
    ],
}

SOURCES = {"member": ANNA, "game": "dreeg", "figure": "blobs", "sources": [
    {"match": "x0", "seq": 17, "evening": LAST_WEEK, "amount": 1},
    {"match": "x1", "seq": 9, "evening": TONIGHT, "amount": 1},
]}


QR = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 3">'
      '<path d="M0 0h1v1H0zM2 0h1v1H2zM1 1h1v1H1zM0 2h1v1H0z"/></svg>')


@dataclass
class FakeClub:
    """The fake API on one page: what it answers, and what the phone sent it."""

    access_of: dict[str, str] = field(default_factory=lambda: {ADMIN: "admin", MEMBER: "member", VIEWER: "viewer"})
    changes: dict[str, Any] = field(default_factory=dict)  # merged into the club's answer (and its live event)
    sent: list[tuple[str, str, Any]] = field(default_factory=list)  # method, path, body
    offline: bool = False
    streams: list[Route] = field(default_factory=list)  # the live streams open, waiting for an event

    def push(self, **changes: Any) -> None:
        """A change of the club: its answer from now on, and the event on every open stream
        (which then ends, as a stream cut would: the phone connects again)."""
        self.changes.update(changes)
        streams, self.streams = self.streams, []
        for stream in streams:
            data = json.dumps({k: v for k, v in self.club("viewer").items() if k != "access"})
            stream.fulfill(status=200, headers={"Content-Type": "text/event-stream"},
                           body=f"id: {changes.get('revision', 1)}\nevent: state\ndata: {data}\n\n")

    def club(self, access: str) -> dict[str, Any]:
        return {**club(access), **copy.deepcopy(self.changes)}

    def answer(self, route: Route) -> None:
        request = route.request
        url = urlsplit(request.url)
        path, query = url.path, parse_qs(url.query)
        if self.offline:
            route.abort("internetdisconnected")
            return
        body = json.loads(request.post_data) if request.post_data else None
        if request.method != "GET":
            self.sent.append((request.method, path, body))
        token = (request.headers.get("authorization") or "").removeprefix("Bearer ")
        if path == "/api/clubs" and request.method == "POST":
            members = [{"id": f"n{i}", "name": n, "anonymised": False} for i, n in enumerate(body.get("members", []))]
            return self.json(route, 201, {**club("admin"), "id": "k2", "name": body["name"], "members": members,
                                          "matches": [], "evenings": [], "admin_token": "a2", "member_token": "b2",
                                          "viewer_token": "c2", "join_url": "http://x/#/c/k2/b2",
                                          "view_url": "http://x/#/c/k2/c2", "admin_url": "http://x/#/c/k2/a2"})
        access = self.access_of.get(token)
        if access is None:
            return self.json(route, 401, {"type": "about:blank", "title": "Unauthorized", "status": 401})
        base = f"/api/clubs/{CLUB}"
        if path == f"{base}/events":
            self.streams.append(route)  # open until push() has something to say
            return None
        if path == f"{base}/qr.svg":
            return route.fulfill(status=200, headers={"Content-Type": "image/svg+xml"}, body=QR)
        if path == base:
            return self.json(route, 200, self.club(access))
        if path == f"{base}/evenings":
            return self.json(route, 200, EVENINGS)
        if path == f"{base}/season":
            bounds = {name: query.get(name, [None])[0] for name in ("from", "to")}
            return self.json(route, 200, {**SEASON, **bounds})
        if path == f"{base}/members/{ANNA}":
            return self.json(route, 200, MEMBER_ANNA)
        if path == f"{base}/sources":
            return self.json(route, 200, {**SOURCES, "figure": query["figure"][0]})
        if path == f"{base}/matches" and request.method == "POST":
            return self.json(route, 201, {"id": "x9", "game": body["game"], "players": body["players"],
                                          "scorer_token": "s9", "viewer_token": "v9", "new_members": []})
        if re.fullmatch(f"{base}/members(/[^/]+(/anonymise|/merge)?)?", path):
            status = 200 if request.method == "PATCH" else 201
            return self.json(route, status, {"id": "m9", "name": (body or {}).get("name", "")})
        return self.json(route, 404, {"type": "about:blank", "title": "Not Found", "status": 404})

    @staticmethod
    def json(route: Route, status: int, data: Any) -> None:
        content = "application/problem+json" if status >= 400 else "application/json"
        route.fulfill(status=status, headers={"Content-Type": content}, body=json.dumps(data))

    def serve(self, page: Page) -> FakeClub:
        page.route(re.compile(r"^[^?]*/api/clubs(/.*)?(\?.*)?$"), self.answer)
        return self

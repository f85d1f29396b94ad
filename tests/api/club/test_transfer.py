"""Moving house (API.md "Clubs"): the admin exports the whole club as one file; an import
replays every match through the engine and makes a new club, or refuses the whole file
naming the match and the entry; export → import → export gives the same matches, entries
and results."""

from __future__ import annotations

import copy
from typing import Any

from flask.testing import FlaskClient

from tests.api.club.conftest import open_club
from tests.api.club.test_clubs import bummerl
from tests.api.conftest import assert_problem, bearer
from tests.api.dreierles.conftest import played


def exported(client: FlaskClient, club_id: str, admin_token: str) -> dict[str, Any]:
    response = client.get(f"/api/clubs/{club_id}/export.json", headers=bearer(admin_token))
    assert response.status_code == 200, response.get_json()
    data: dict[str, Any] = response.get_json()
    return data


def comparable(export: dict[str, Any]) -> dict[str, Any]:
    """What must survive a move: the members by name, each match's game, players, rules,
    rates, every log record and state (the ids and tokens are new)."""
    names = {m["id"]: m["name"] for m in export["members"]}
    return {
        "club": {k: export["club"][k] for k in ("name", "timezone", "rates")},
        "members": sorted((m["name"], m["anonymised"], names.get(m["merged_into"])) for m in export["members"]),
        "matches": [{
            "game": m["game"], "players": m["players"], "rules": m["rules"], "rates": m["rates"],
            "members": {name: names[member] for name, member in m["members"].items()},
            "hands": [{k: h[k] for k in ("seq", "action", "body", "by", "at")} for h in m["hands"]],
            "state": m["state"], "version": m["version"], "rulings": m["rulings"],
        } for m in export["matches"]],
    }


def a_played_club(client: FlaskClient) -> Any:
    club = open_club(client, rates={"per_bummerl": 50, "per_fach": 10})
    table = bummerl(club)
    table.void(2)
    cego = club.table("dreierles", ["Anna", "Benno", "Carla"])
    cego.record(played("dreier", "Benno", 40))
    cego.replace(1, played("dreier", "Benno", 45))
    return club


def test_export_import_export_gives_the_same_club(api: FlaskClient) -> None:
    club = a_played_club(api)
    first = exported(api, club.id, club.created["admin_token"])
    imported = api.post("/api/clubs/import", json=first)
    assert imported.status_code == 201, imported.get_json()
    made = imported.get_json()
    assert made["id"] != club.id and made["admin_token"] != club.created["admin_token"]
    second = exported(api, made["id"], made["admin_token"])
    assert comparable(second) == comparable(first)
    old = api.get(f"/api/clubs/{club.id}/season", headers=club.viewer).get_json()
    new = api.get(f"/api/clubs/{made['id']}/season", headers=bearer(made["viewer_token"])).get_json()
    assert [(m["name"], m["games"]) for m in new["members"]] == [(m["name"], m["games"]) for m in old["members"]]
    evenings = api.get(f"/api/clubs/{made['id']}/evenings", headers=bearer(made["viewer_token"])).get_json()
    assert evenings["evenings"][0]["net"] != {}


def test_only_the_admin_exports(api: FlaskClient) -> None:
    club = open_club(api)
    assert_problem(api.get(f"{club.url}/export.json", headers=club.member), 403)


def clubs_now(client: FlaskClient) -> int:
    app: Any = client.application
    with app.app_context():
        from sqlalchemy import func, select

        from api.extensions import db
        from api.models import Club, Match

        return int(db.session.scalar(select(func.count()).select_from(Club)) or 0) * 10_000 + int(
            db.session.scalar(select(func.count()).select_from(Match)) or 0)


def test_an_import_that_does_not_replay_is_refused_as_a_whole(api: FlaskClient) -> None:
    club = a_played_club(api)
    file = exported(api, club.id, club.created["admin_token"])
    broken = copy.deepcopy(file)
    cego = broken["matches"][1]
    cego["hands"][-1]["body"]["declarer_points"] = 71  # more than the 70 a pack holds
    before = clubs_now(api)
    problem = assert_problem(api.post("/api/clubs/import", json=broken), 422, "import_does_not_replay")
    assert cego["id"] in problem["detail"] and "1" in problem["detail"]
    assert clubs_now(api) == before  # nothing half-written


def test_a_file_that_is_not_an_export_is_refused(api: FlaskClient) -> None:
    for body in ({"format": "kreide-match"}, {"format": "kreide-club", "version": 99}, [1, 2], {}):
        assert_problem(api.post("/api/clubs/import", json=body), 422, "not_an_export")
    club = a_played_club(api)
    file = exported(api, club.id, club.created["admin_token"])
    stray = copy.deepcopy(file)
    stray["matches"][0]["members"] = {"Anna": "nobody", "Benno": "nobody"}
    assert_problem(api.post("/api/clubs/import", json=stray), 422, "import_bad_match")


def test_a_tampered_file_is_refused_never_a_server_error(api: FlaskClient) -> None:
    club = a_played_club(api)
    file = exported(api, club.id, club.created["admin_token"])
    tampered = []
    for change in (lambda m: m.update(rates={"per_bummerl": "50"}), lambda m: m.update(dealer=7),
                   lambda m: m.update(rules={"bummerl": "9"}), lambda m: m["hands"][0].update(at=12),
                   lambda m: m["hands"][0].update(body={"seq": 1, "ended_by": "nonsense"}),
                   lambda m: m.update(players=["Anna", "Anna"])):
        broken = copy.deepcopy(file)
        change(broken["matches"][0])
        tampered.append(broken)
    rulings = copy.deepcopy(file)
    rulings["matches"][0]["rulings"] = [{"kind": "play", "question": {}, "answer": {}, "rule": "R" * 40, "at": 5}]
    tampered.append(rulings)
    for broken in tampered:
        response = api.post("/api/clubs/import", json=broken)
        assert 400 <= response.status_code < 500, response.get_json()
        assert response.mimetype == "application/problem+json"

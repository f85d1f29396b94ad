"""The table's money rate (R37: Dreierles ``per_fach``, whole cents; 0 is not played for money),
kept with the match so every phone at the table shows the same money (issue 18, item 13):
given at creation, changed by a scorer (``PATCH /api/matches/{id}``), refused where it is
no rate (422 naming the field), kept in the match's audit trail and read back by everyone."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import assert_problem
from tests.api.dreierles.conftest import GERMAN, THREE, assert_german, idempotency_key, open_match, played


def patch(match: Any, body: Any, *, headers: dict[str, str] | None = None, key: str | None = None) -> Any:
    extra = {"Idempotency-Key": key} if key else {}
    return match.client.patch(match.url, json=body, headers={**(match.scorer if headers is None else headers), **extra})


def test_the_catalogue_names_dreierles_rate(api: FlaskClient) -> None:
    games = {g["name"]: g for g in api.get("/api/games").get_json()["games"]}
    assert games["dreierles"]["rates"] == ["per_fach"]


def test_a_table_is_created_with_its_rate_and_every_phone_reads_it(api: FlaskClient) -> None:
    match = open_match(api, rates={"per_fach": 5})
    assert match.created["rates"] == {"per_fach": 5}
    for token in (match.scorer, match.viewer):
        shown = api.get(match.url, headers=token).get_json()
        assert (shown["rates"], shown["audit"]) == ({"per_fach": 5}, [])


def test_a_table_without_a_rate_plays_for_nothing(api: FlaskClient) -> None:
    match = open_match(api)
    assert api.get(match.url, headers=match.viewer).get_json()["rates"] == {"per_fach": 0}


def test_a_scorer_changes_the_rate_for_the_whole_table(api: FlaskClient) -> None:
    match = open_match(api)
    match.record(played("dreier", "Benno", 41))
    response = patch(match, {"rates": {"per_fach": 50}})
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert (answer["rates"], answer["access"], answer["revision"], answer["version"]) == ({"per_fach": 50}, "scorer",
                                                                                          2, 1)
    [change] = answer["audit"]
    assert (change["action"], change["by"], change["rates"], change["previous"]) == (
        "rates", "scorer", {"per_fach": 50}, {"per_fach": 0})
    seen = api.get(match.url, headers=match.viewer).get_json()
    assert (seen["rates"], seen["audit"], seen["revision"]) == ({"per_fach": 50}, [change], 2)
    # the hands and the ledger are as they were: a rate is money, not Fach
    assert seen["state"] == match.answers[-1]["state"]
    assert seen["next_seq"] == 2


def test_the_same_rate_again_changes_nothing_and_a_retried_change_counts_once(api: FlaskClient) -> None:
    match = open_match(api, rates={"per_fach": 5})
    same = patch(match, {"rates": {"per_fach": 5}})
    assert same.status_code == 200 and same.get_json()["revision"] == 0 and same.get_json()["audit"] == []
    key = idempotency_key()
    first = patch(match, {"rates": {"per_fach": 10}}, key=key)
    again = patch(match, {"rates": {"per_fach": 10}}, key=key)
    assert first.status_code == again.status_code == 200
    assert first.get_json() == again.get_json()
    shown = api.get(match.url, headers=match.scorer).get_json()
    assert (shown["rates"], shown["revision"], len(shown["audit"])) == ({"per_fach": 10}, 1, 1)
    # and back to no money is a change like any other
    assert patch(match, {"rates": {"per_fach": 0}}).get_json()["audit"][-1]["previous"] == {"per_fach": 10}


def test_a_viewer_cannot_change_the_rate(api: FlaskClient) -> None:
    match = open_match(api, rates={"per_fach": 5})
    assert_problem(patch(match, {"rates": {"per_fach": 50}}, headers=match.viewer), 403)
    assert_problem(patch(match, {"rates": {"per_fach": 50}}, headers={}), 401)
    assert api.get(match.url, headers=match.scorer).get_json()["rates"] == {"per_fach": 5}


BAD = [
    pytest.param({"rates": {"per_fach": 0.5}}, "invalid_fields", None, "rates.per_fach",
                 id="half a cent (0.5: the euros belong to the phone, the server takes cents)"),
    pytest.param({"rates": {"per_fach": "5"}}, "invalid_fields", None, "rates.per_fach", id="cents as text"),
    pytest.param({"rates": {"per_fach": True}}, "invalid_fields", None, "rates.per_fach", id="true"),
    pytest.param({"rates": {"per_fach": None}}, "invalid_fields", None, "rates.per_fach", id="null"),
    pytest.param({"rates": {"per_fach": -5}}, "rate_range", "R37", "rates.per_fach", id="negative"),
    pytest.param({"rates": {"per_fach": 10_001}}, "rate_range", "R37", "rates.per_fach",
                 id="more than 100 euros per Fach"),
    pytest.param({"rates": {"per_blob": 50}}, "unknown_rate", "R37", "rates.per_blob",
                 id="Dreeg's rate at a Dreierles table"),
    pytest.param({"rates": [5]}, "invalid_fields", None, "rates", id="a list"),
    pytest.param({}, "invalid_fields", None, "rates", id="no rates at all"),
    pytest.param({"rates": {"per_fach": 5}, "rules": {"ladder": "flat"}}, "invalid_fields", None, "rules",
                 id="the house rules along with it (fixed at creation)"),
]


@pytest.mark.parametrize(("body", "code", "rule", "field"), BAD)
def test_a_bad_rate_is_refused_naming_its_field(api: FlaskClient, body: Any, code: str, rule: str | None,
                                                field: str) -> None:
    match = open_match(api, rates={"per_fach": 5})
    problem = assert_problem(patch(match, body), 422, code)
    assert problem.get("rule") == rule
    assert field in problem["errors"]
    if code == "rate_range":  # (an unknown name is quoted as sent)
        german = patch(match, body, headers={**match.scorer, **GERMAN}).get_json()
        assert_german(german["errors"][field], problem["errors"][field])
    shown = api.get(match.url, headers=match.scorer).get_json()
    assert (shown["rates"], shown["revision"]) == ({"per_fach": 5}, 0)


@pytest.mark.parametrize(("body", "code", "rule", "field"), [p for p in BAD if p.id not in (
    "no rates at all", "the house rules along with it (fixed at creation)")])
def test_a_bad_rate_at_creation_creates_nothing(api: FlaskClient, body: Any, code: str, rule: str | None,
                                                field: str) -> None:
    response = api.post("/api/matches", json={"game": "dreierles", "players": THREE, **body})
    problem = assert_problem(response, 422, code)
    assert (problem.get("rule"), field in problem["errors"]) == (rule, True)


def test_a_rate_is_kept_in_the_export(api: FlaskClient) -> None:
    match = open_match(api)
    patch(match, {"rates": {"per_fach": 20}})
    exported = api.get(f"{match.url}/export.json", headers=match.viewer).get_json()
    assert exported["match"]["rates"] == {"per_fach": 20}
    assert exported["match"]["audit"][0]["rates"] == {"per_fach": 20}

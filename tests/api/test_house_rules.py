"""House rules as clients send them (RULES.md R23's decisions): a value may be a JSON string,
boolean or number; the answer gives the string form.  What names no value of the rule is
refused with ``bad_rule_value``, the rule's R-number and the field."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.conftest import PLAYERS, assert_problem

GERMAN = {"Accept-Language": "de"}
PLAYERS_OF = {"dreeg": PLAYERS, "sixtysix": ["Anna", "Benno"], "dreierles": ["Anna", "Benno", "Carla"],
              "dreist": ["Anna", "Benno", "Carla"]}


def create(client: FlaskClient, game: str, rules: Any, **headers: str) -> Any:
    return client.post("/api/matches", json={"game": game, "players": PLAYERS_OF[game], "rules": rules},
                       headers=headers)


ACCEPTED = [
    pytest.param("sixtysix", {"tournament": True, "bummerl": 3}, {"tournament": "true", "bummerl": "3"},
                 id="R22 sixtysix: tournament true, bummerl 3 as RULES.md writes them"),
    pytest.param("sixtysix", {"tournament": "true", "bummerl": "3"}, {"tournament": "true", "bummerl": "3"},
                 id="R22 sixtysix: the same as strings"),
    pytest.param("sixtysix", {"tournament": False, "bummerl": 1}, {"tournament": "false", "bummerl": "1"},
                 id="R22 sixtysix: not a tournament, one Bummerl"),
    pytest.param("sixtysix", {"bummerl": 2, "variant": "schnapsen"}, {"bummerl": "2", "variant": "schnapsen"},
                 id="R16 R22 sixtysix: a number beside a string"),
    pytest.param("dreierles", {"lost_double": True, "einundzwanzig_last": False},
                 {"lost_double": "true", "einundzwanzig_last": "false"}, id="R27 R28 dreierles: booleans"),
    pytest.param("dreierles", {"lost_double": "true"}, {"lost_double": "true"}, id="R27 dreierles: a string"),
    pytest.param("dreist", {"single_below_card": True}, {"single_below_card": "true"}, id="R35 dreist: a boolean"),
    pytest.param("dreist", {"single_below_card": "false", "mode": "series"}, {"single_below_card": "false"},
                 id="R33 R35 dreist: strings"),
    pytest.param("dreeg", {"order": "cycle", "kamerun3": "3-2-0"}, {"order": "cycle", "kamerun3": "3-2-0"},
                 id="R1 R12 dreeg: strings (it has no yes/no or number rule)"),
]


@pytest.mark.parametrize(("game", "rules", "answered"), ACCEPTED)
def test_house_rules_as_strings_booleans_or_numbers(client: FlaskClient, game: str, rules: dict,
                                                    answered: dict) -> None:
    response = create(client, game, rules)
    assert response.status_code == 201, response.get_data(as_text=True)
    created = response.get_json()
    assert {name: created["rules"][name] for name in answered} == answered
    assert all(isinstance(value, str) for value in created["rules"].values())
    read = client.get(f"/api/matches/{created['id']}", headers={"Authorization": f"Bearer {created['viewer_token']}"})
    assert read.get_json()["rules"] == created["rules"]


REFUSED = [
    pytest.param("sixtysix", {"bummerl": 2.5}, "R22", "rules.bummerl", "2.5", id="R22 a fraction of a Bummerl"),
    pytest.param("sixtysix", {"bummerl": 3.0}, "R22", "rules.bummerl", "3.0", id="R22 a whole number as a float"),
    pytest.param("sixtysix", {"bummerl": 4}, "R22", "rules.bummerl", "4", id="R22 a match to four Bummerl"),
    pytest.param("sixtysix", {"bummerl": True}, "R22", "rules.bummerl", "true", id="R22 bummerl: true"),
    pytest.param("sixtysix", {"bummerl": None}, "R22", "rules.bummerl", "null", id="R22 bummerl: null"),
    pytest.param("sixtysix", {"bummerl": [3]}, "R22", "rules.bummerl", "[3]", id="R22 bummerl as a list"),
    pytest.param("sixtysix", {"tournament": 1}, "R22", "rules.tournament", "1", id="R22 tournament: 1 is not true"),
    pytest.param("sixtysix", {"tournament": "yes"}, "R22", "rules.tournament", "yes", id="R22 tournament: yes"),
    pytest.param("sixtysix", {"tournament": {"on": True}}, "R22", "rules.tournament", '{"on": true}',
                 id="R22 tournament as an object"),
    pytest.param("sixtysix", {"variant": 66}, "R16", "rules.variant", "66", id="R16 the variant as a number"),
    pytest.param("dreierles", {"lost_double": 0}, "R27", "rules.lost_double", "0", id="R27 lost_double: 0"),
    pytest.param("dreierles", {"lost_double": None}, "R27", "rules.lost_double", "null", id="R27 lost_double: null"),
    pytest.param("dreist", {"single_below_card": "ja"}, "R35", "rules.single_below_card", "ja",
                 id="R35 single_below_card: ja"),
    pytest.param("dreist", {"mode": False}, "R33", "rules.mode", "false", id="R33 mode: false"),
    pytest.param("dreeg", {"order": True}, "R1", "rules.order", "true", id="R1 order: true"),
    pytest.param("dreeg", {"kamerun3": 210}, "R12", "rules.kamerun3", "210", id="R12 kamerun3 as a number"),
]


@pytest.mark.parametrize(("game", "rules", "rule", "field", "shown"), REFUSED)
def test_values_that_name_no_value_of_the_rule_are_refused(client: FlaskClient, game: str, rules: dict, rule: str,
                                                         field: str, shown: str) -> None:
    problem = assert_problem(create(client, game, rules), 422, "bad_rule_value")
    assert (problem["rule"], list(problem["errors"])) == (rule, [field])
    assert f"'{shown}'" in problem["errors"][field]
    german = assert_problem(create(client, game, rules, **GERMAN), 422, "bad_rule_value")
    assert "Hausregel" in german["errors"][field] and f"'{shown}'" in german["errors"][field]


def test_rules_not_an_object_are_refused_by_shape(client: FlaskClient) -> None:
    problem = assert_problem(create(client, "sixtysix", ["bummerl", 3]), 422, "invalid_fields")
    assert list(problem["errors"]) == ["rules"]


@pytest.mark.parametrize(("rules", "answered"), [
    pytest.param({"variant": "schnapsen", "style": "hard"}, {"variant": "schnapsen", "style": "hard"},
                 id="R16 R23 strings"),
    pytest.param({"variant": "schnapsen", "tournament": True, "bummerl": 3}, {"tournament": "true", "bummerl": "2"},
                 id="R22 a boolean and a number (tournament and two Bummerl stay forced)"),
])
def test_a_tournament_takes_its_tables_house_rules_in_either_form(client: FlaskClient, rules: dict,
                                                                  answered: dict) -> None:
    response = client.post("/api/tournaments", json={"name": "Kirtag", "cards": 8, "match_rules": rules})
    assert response.status_code == 201, response.get_data(as_text=True)
    created = response.get_json()["match_rules"]
    assert {name: created[name] for name in answered} == answered


def test_a_tournament_refuses_a_table_rule_value_with_the_field(client: FlaskClient) -> None:
    response = client.post("/api/tournaments", json={"name": "Kirtag", "cards": 8, "match_rules": {"style": 2.5}})
    problem = assert_problem(response, 422, "bad_rule_value")
    assert (problem["rule"], list(problem["errors"])) == ("R23", ["match_rules.style"])


def test_the_openapi_document_names_every_accepted_form(client: FlaskClient) -> None:
    """Each JSON type with the values of it the rule accepts (one enum of mixed types is
    more than a generated client can type: tests/api/test_typed_client.py)."""
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    bummerl = schemas["SixtysixRules"]["properties"]["bummerl"]
    assert bummerl["oneOf"] == [{"type": "string", "enum": ["2", "3", "1"]}, {"type": "integer", "enum": [2, 3, 1]}]
    assert schemas["SixtysixRules"]["properties"]["tournament"]["oneOf"] == [
        {"type": "string", "enum": ["false", "true"]}, {"type": "boolean"}]
    assert schemas["DreegRules"]["properties"]["order"]["oneOf"] == [
        {"type": "string", "enum": ["nauf_und_noo", "cycle"]}]
    for rules in ("DreegRules", "SixtysixRules", "DreierlesRules", "DreistRules"):
        for prop in schemas[rules]["properties"].values():
            assert all("enum" in choice or choice == {"type": "boolean"} for choice in prop["oneOf"]), prop
            assert "enum" not in prop, prop
    assert not bummerl.get("nullable")
    tables = schemas["TournamentCreate"]["properties"]["match_rules"]["additionalProperties"]
    assert {"type": "boolean"} in tables["oneOf"] and not tables.get("nullable")

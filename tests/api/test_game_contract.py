"""The contract every registered game keeps with the API (``api.games.GAMES``), checked
for each game alike from the samples it gives (``tests/api/<game>/samples.py``,
:class:`tests.api.contract.Samples`):

- the catalogue (``GET /api/games``) lists it with its player counts, title, variants,
  referee questions and house rules, each rule titled and labelled in English and German;
- the OpenAPI document has its schemas, and every ``oneOf`` by game names it in its
  discriminator's mapping, with ``game`` required in its schema;
- no input produces a 500 (near-miss entries, a real one spoiled, any JSON, any bytes, a
  creation request, its referee's questions): every answer is a success or problem JSON;
- a retried write (``Idempotency-Key``) is recorded once;
- a viewer's token is refused every write (403 ``read_only``), and nothing changes;
- a German ``Accept-Language`` gets German details and field messages.

A game only gives samples; what is particular to it stays in its own folder."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

import engine
from api.games import BY_GAME, GAMES
from tests.api.conftest import MatchHandle, assert_problem, folder_client, open_game
from tests.api.contract import (
    ENGLISH,
    FUZZ,
    FUZZ_WRITES,
    GERMAN,
    Samples,
    assert_no_500,
    german_checker,
    json_values,
    mostly,
    samples,
    write_all,
)

EVERY_GAME = pytest.mark.parametrize("game", list(GAMES))
#: The answers a game's schema documents, by kind (``api.games.base.GameApi``).
KINDS = {"entry": "Entry", "state": "State", "result": "Result", "hand": "Hand", "match": "Match",
         "created": "MatchCreated", "written": "HandWritten", "hands": "Hands", "export": "Export",
         "create": "MatchCreate"}
#: Every ``...ByGame`` component but the entry (which the match it is posted to names) is
#: a ``oneOf`` with ``game`` as its discriminator.
DISCRIMINATED = [kind for kind in BY_GAME if kind != "entry"]
#: Words of any German sentence Kreide writes; none of them is English.
GERMAN_WORDS = {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "und", "oder", "nicht", "ist",
                "hat", "aber", "mit", "nur", "noch", "kein", "keine", "bleibt", "wird", "sind", "können", "sobald",
                "genau", "ergeben", "beim", "mehr", "zugleich"}
ENGLISH_WORDS = {"the", "and", "not", "with", "has", "is", "are", "was", "must", "cannot"}
assert_german = german_checker(GERMAN_WORDS, ENGLISH_WORDS)

#: The fuzz of entries is the games' validation, which runs before the database is asked: it
#: runs in the SQLite pass; the PostgreSQL pass keeps the writes that reach the database
#: (creation, idempotency, stale seq) and schemathesis over every route.
SQLITE_ONLY = pytest.mark.sqlite_only


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FlaskClient]:
    yield from folder_client(tmp_path_factory, "contract")


@pytest.fixture(scope="module")
def catalogue(api: FlaskClient) -> dict[str, dict[str, Any]]:
    return {game["name"]: game for game in api.get("/api/games").get_json()["games"]}


def opened(api: FlaskClient, game: str, players: list[str] | None = None, rules: dict[str, Any] | None = None,
           ) -> MatchHandle:
    return open_game(api, game, samples(game).players if players is None else players, rules)


def refs(schema: dict[str, Any]) -> list[str]:
    return [ref["$ref"].rsplit("/", 1)[1] for ref in schema.get("oneOf") or schema["anyOf"]]


# --- the catalogue ------------------------------------------------------------------------


@EVERY_GAME
def test_every_registered_game_gives_its_samples(game: str) -> None:
    assert isinstance(samples(game), Samples), f"tests/api/{game}/samples.py: SAMPLES"


@EVERY_GAME
def test_the_catalogue_lists_the_game(catalogue: dict, game: str) -> None:
    listed, expected = catalogue[game], samples(game).catalogue
    assert listed["available"] is True
    assert {key: listed[key] for key in expected if key != "rules"} == {k: v for k, v in expected.items()
                                                                         if k != "rules"}
    assert listed["title"].keys() == {"en", "de"} and all(listed["title"].values())
    rules = {rule["name"]: (rule["rule"], rule["values"]) for rule in listed["rules"]}
    assert list(rules.items()) == list(expected["rules"].items())
    assert list(rules) == [rule.name for rule in engine.get_game(game).house_rules]


@EVERY_GAME
def test_each_house_rule_is_titled_and_labelled_in_both_languages(catalogue: dict, game: str) -> None:
    for house_rule in catalogue[game]["rules"]:
        name = house_rule["name"]
        assert house_rule["default"] == house_rule["values"][0] and len(house_rule["values"]) >= 2, name
        for text in ("title", "description"):
            assert house_rule[text].keys() == {"en", "de"} and all(house_rule[text].values()), name
            assert house_rule[text]["en"] != house_rule[text]["de"], name
        assert house_rule["labels"].keys() == set(house_rule["values"]), name
        for value, label in house_rule["labels"].items():
            assert label.keys() == {"en", "de"} and label["en"] and label["de"], (name, value)
            assert label["en"] != label["de"], (name, value)
        for language in ("en", "de"):  # a form can tell the choices apart
            labels = [label[language] for label in house_rule["labels"].values()]
            assert len(set(labels)) == len(labels), (name, language)


# --- the OpenAPI document -----------------------------------------------------------------


@EVERY_GAME
def test_openapi_has_the_games_schemas(spec: dict, game: str) -> None:
    schemas, prefix = spec["components"]["schemas"], GAMES[game].prefix
    assert {f"{prefix}{kind}" for kind in KINDS.values()} <= schemas.keys()
    for kind, component in BY_GAME.items():
        choices = refs(schemas[component])
        assert choices == [f"{api.prefix}{KINDS[kind]}" for api in GAMES.values()], kind  # the registry's order


@EVERY_GAME
@pytest.mark.parametrize("kind", DISCRIMINATED)
def test_an_answer_by_game_names_its_game_as_discriminator(spec: dict, game: str, kind: str) -> None:
    """A typed client parses each game's answer as its own (tests/api/test_typed_client.py)."""
    schemas, own = spec["components"]["schemas"], f"{GAMES[game].prefix}{KINDS[kind]}"
    component = schemas[BY_GAME[kind]]
    assert "anyOf" not in component
    assert component["discriminator"]["propertyName"] == "game"
    assert component["discriminator"]["mapping"][game] == f"#/components/schemas/{own}"
    assert "game" in schemas[own]["required"] and schemas[own]["properties"]["game"]["enum"] == [game]


@EVERY_GAME
def test_openapi_offers_the_games_referee(spec: dict, catalogue: dict, game: str) -> None:
    schemas, prefix = spec["components"]["schemas"], GAMES[game].prefix
    for kind in catalogue[game]["referee"]:
        operation = spec["paths"][f"/api/referee/{kind}"]["post"]
        question, answer = f"{prefix}Referee{kind.title()}Question", f"{prefix}Referee{kind.title()}Answer"
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert question in refs(body), kind
        answered = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert answer in refs(answered), kind
        assert answered["discriminator"]["mapping"][game] == f"#/components/schemas/{answer}"
        assert "game" in schemas[answer]["required"] and schemas[answer]["properties"]["game"]["enum"] == [game]
        if len(refs(body)) > 1:  # more than one game answers it: the body's game picks the game
            assert body["discriminator"]["mapping"][game] == f"#/components/schemas/{question}"
            assert "game" in schemas[question]["required"]
        assert {"400", "422"} <= operation["responses"].keys() and "security" not in operation


# --- no input produces a 500 ---------------------------------------------------------------


@SQLITE_ONLY
@EVERY_GAME
@FUZZ_WRITES
@given(data=st.data())
def test_entries_that_look_almost_right(api: FlaskClient, game: str, data: st.DataObject) -> None:
    sample = samples(game)
    opening = data.draw(st.sampled_from(sample.openings))
    entry = data.draw(st.fixed_dictionaries({}, optional=sample.fields))
    match = opened(api, game, opening.players, opening.rules)
    entry.setdefault("seq", 1)
    assert_no_500(api.post(f"{match.url}/hands", json=entry, headers=match.scorer))
    write_all(api, match.url, match.scorer, {k: v for k, v in entry.items() if k != "seq"})


@SQLITE_ONLY
@EVERY_GAME
@FUZZ_WRITES
@given(data=st.data())
def test_a_real_entry_with_fields_spoiled(api: FlaskClient, game: str, data: st.DataObject) -> None:
    sample = samples(game)
    opening = data.draw(st.sampled_from([o for o in sample.openings if o.first is not None]))
    base = data.draw(st.sampled_from(sample.real))
    change = data.draw(st.dictionaries(st.sampled_from(sorted(sample.fields)), json_values, max_size=3))
    targeted = data.draw(st.fixed_dictionaries({}, optional={k: v for k, v in sample.fields.items() if k != "seq"}))
    match = opened(api, game, opening.players, opening.rules)
    assert opening.first is not None
    match.record(opening.first)  # one entry in, so replacing and voiding have something to replay
    for entry in ({**base, **change}, {**base, **targeted}):
        assert_no_500(match.post(entry))
    write_all(api, match.url, match.scorer, {**base, **targeted})


@EVERY_GAME
@FUZZ
@given(data=st.data())
def test_match_creation(api: FlaskClient, game: str, data: st.DataObject) -> None:
    named = mostly(st.just(game), st.sampled_from([*GAMES, "skat", "Dreeg", ""]) | json_values)
    body = data.draw(st.fixed_dictionaries({"game": named}, optional=samples(game).creation))
    key = data.draw(st.none() | st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=110))
    response = api.post("/api/matches", data=json.dumps(body), content_type="application/json",
                        headers={} if key is None else {"Idempotency-Key": key})
    assert_no_500(response)
    if response.status_code == 201 and body["game"] == game:
        created = response.get_json()
        assert created["game"] == game and created["rules"].keys() == {
            rule.name for rule in engine.get_game(game).house_rules}
        if (check := samples(game).created) is not None:
            check(created)


@pytest.mark.parametrize(("game", "path"), [(game, path) for game in GAMES for path in samples(game).questions])
@FUZZ
@given(data=st.data())
def test_referee_questions(api: FlaskClient, game: str, path: str, data: st.DataObject) -> None:
    response = api.post(path, json=data.draw(samples(game).questions[path]))
    assert_no_500(response)
    if response.status_code == 200:
        assert response.get_json()["game"] in GAMES


@pytest.fixture(scope="module")
def written(api: FlaskClient) -> dict[str, MatchHandle]:
    """A match of each game with its first entry in."""
    matches = {}
    for game in GAMES:
        match = opened(api, game)
        match.record(samples(game).deal)
        matches[game] = match
    return matches


@SQLITE_ONLY
@EVERY_GAME
@FUZZ
@given(body=json_values)
def test_any_json_at_every_write(api: FlaskClient, written: dict, game: str, body: Any) -> None:
    match = written[game]
    assert_no_500(api.post("/api/matches", json=body))
    assert_no_500(api.post(f"{match.url}/hands", json=body, headers=match.scorer))
    assert_no_500(api.put(f"{match.url}/hands/1", json=body, headers=match.scorer))
    assert_no_500(api.post(f"{match.url}/hands/1/void", json=body, headers=match.scorer))
    assert_no_500(api.patch(match.url, json=body, headers=match.scorer))
    assert_no_500(api.post(f"{match.url}/rulings", json=body, headers=match.scorer))
    for kind in GAMES[game].referee:
        assert_no_500(api.post(f"/api/referee/{kind}", json=body))


@SQLITE_ONLY
@EVERY_GAME
@FUZZ
@given(data=st.binary(max_size=200), content_type=st.sampled_from(["application/json", "text/plain", ""]))
def test_any_bytes_at_every_write(api: FlaskClient, written: dict, game: str, data: bytes, content_type: str) -> None:
    match = written[game]
    assert_no_500(api.post("/api/matches", data=data, content_type=content_type))
    for kind in GAMES[game].referee:
        assert_no_500(api.post(f"/api/referee/{kind}", data=data, content_type=content_type))
    assert_no_500(api.post(f"{match.url}/hands", data=data, content_type=content_type, headers=match.scorer))
    assert_no_500(api.post(f"{match.url}/hands/1/void", data=data, content_type=content_type, headers=match.scorer))


# --- a refused entry names its rule and field and changes nothing --------------------------

REFUSALS = [pytest.param(game, *param.values, id=f"{game}: {param.id}") for game in GAMES
            for param in samples(game).refusals]


@pytest.mark.parametrize(("game", "players", "entry", "code", "rule", "fields"), REFUSALS)
def test_a_refused_entry_names_rule_and_field_and_changes_nothing(api: FlaskClient, game: str, players: list[str],
                                                                  entry: dict, code: str, rule: str | None,
                                                                  fields: set[str]) -> None:
    match = opened(api, game, players)
    problem = match.refuse(entry, code=code)  # nothing changed
    assert problem.get("rule") == rule
    assert problem["errors"].keys() == fields
    assert problem["type"] == f"urn:kreide:problem:{code}"
    assert match.hands() == []
    assert (match.get()["next_seq"], match.get()["version"]) == (1, 0)


@pytest.mark.parametrize(("game", "players", "entry", "code", "rule", "fields"),
                         [p for p in REFUSALS if p.values[3] != "invalid_fields"])  # schema messages: English
def test_a_refusal_in_german(api: FlaskClient, game: str, players: list[str], entry: dict, code: str,
                             rule: str | None, fields: set[str]) -> None:
    match = opened(api, game, players)
    english = match.refuse(entry, headers=ENGLISH)
    german = match.refuse(entry, headers=GERMAN)
    assert (german["code"], german.get("rule"), german["errors"].keys()) == (code, rule, fields)
    check = samples(game).german or assert_german
    check(german["detail"], english["detail"])
    for name in fields:
        check(german["errors"][name], english["errors"][name])


# --- a retried write is recorded once ------------------------------------------------------


@EVERY_GAME
def test_a_retried_write_is_recorded_once(api: FlaskClient, game: str) -> None:
    sample = samples(game)
    match = opened(api, game)
    key = {"Idempotency-Key": f"contract-{game}-post"}
    first, again = match.post(sample.deal, headers=key), match.post(sample.deal, headers=key)
    assert first.status_code == again.status_code == 201, first.get_json()
    assert first.get_data() == again.get_data()
    assert len(match.hands()) == 1
    seen = match.get()
    assert (seen["version"], seen["next_seq"], seen["revision"]) == (1, 2, 1)
    assert {name: seen["state"][name] for name in sample.after_deal} == sample.after_deal
    assert_problem(match.post(sample.other_deal, seq=2, headers=key), 422, "idempotency_key_reused")
    assert len(match.hands()) == 1
    key = {**match.scorer, "Idempotency-Key": f"contract-{game}-put"}
    body = {"seq": 1, **sample.other_deal}
    replaced = [api.put(f"{match.url}/hands/1", json=body, headers=key) for _ in range(2)]
    assert replaced[0].status_code == replaced[1].status_code == 200, replaced[0].get_json()
    assert replaced[0].get_data() == replaced[1].get_data()
    assert (match.get()["revision"], len(match.hands()[0]["audit"])) == (2, 1)


@EVERY_GAME
def test_a_refused_write_can_be_retried_with_its_key(api: FlaskClient, game: str) -> None:
    """A refusal is not remembered: the corrected entry goes in under the same key."""
    sample = samples(game)
    match = opened(api, game)
    key = {"Idempotency-Key": f"contract-{game}-refused"}
    assert_problem(match.post(sample.refused, headers=key), 422)
    assert match.post(sample.deal, headers=key).status_code == 201
    assert {name: match.state()[name] for name in sample.after_deal} == sample.after_deal


@EVERY_GAME
@pytest.mark.parametrize("seq", [pytest.param(1, id="the hand just entered by the other phone"),
                                 pytest.param(3, id="a hand ahead of the slate")])
def test_a_stale_seq_is_409_with_the_current_state(api: FlaskClient, game: str, seq: int) -> None:
    sample = samples(game)
    match = opened(api, game)
    match.record(sample.deal)
    before = match.get()
    problem = assert_problem(match.post(sample.other_deal, seq=seq), 409, "stale_seq")
    assert (problem["next_seq"], problem["version"], problem["revision"]) == (2, 1, 1)
    assert {name: problem["state"][name] for name in sample.after_deal} == sample.after_deal
    if seq == 1:
        assert {name: problem["recorded"][name] for name in sample.deal} == sample.deal
    else:
        assert problem["recorded"] is None
    assert match.get() == before
    german = assert_problem(match.post(sample.other_deal, seq=seq, headers=GERMAN), 409, "stale_seq")
    assert_german(german["detail"], problem["detail"])


# --- a viewer only watches -----------------------------------------------------------------


@EVERY_GAME
def test_a_viewer_cannot_write(api: FlaskClient, game: str) -> None:
    sample = samples(game)
    match = opened(api, game)
    assert_problem(api.post(f"{match.url}/hands", json={"seq": 1, **sample.deal}, headers=match.viewer), 403,
                   "read_only")
    assert match.hands() == []
    match.record(sample.deal)
    before = match.get()
    path, question = sample.question
    for response in (
        api.put(f"{match.url}/hands/1", json={"seq": 1, **sample.other_deal}, headers=match.viewer),
        api.post(f"{match.url}/hands/1/void", headers=match.viewer),
        api.patch(match.url, json={"rates": {}}, headers=match.viewer),
        api.post(f"{match.url}/rulings", json={"kind": path.rsplit("/", 1)[1], "question": question},
                 headers=match.viewer),
    ):
        assert_problem(response, 403, "read_only")
    assert match.get() == before
    seen = api.get(match.url, headers=match.viewer)
    assert seen.status_code == 200 and seen.get_json()["state"] == before["state"]
    assert seen.get_json()["access"] == "viewer"


# --- German answers ------------------------------------------------------------------------


@EVERY_GAME
def test_the_referee_answers_in_german(api: FlaskClient, game: str) -> None:
    path, question = samples(game).question
    english, german = (api.post(path, json=question, headers=language) for language in (ENGLISH, GERMAN))
    assert english.status_code == german.status_code == 200, english.get_json()
    assert german.get_json()["game"] == english.get_json()["game"] == game
    assert german.get_json()["reason"] != english.get_json()["reason"]

"""A typed client generated from the OpenAPI document by a standard generator
(openapi-python-client) plays a deal of each registered game against a live server, and
every answer parses as its own game's model: a Sixty-Six deal's ``201`` is
``SixtysixHandWritten``, never the first game's that fits (``DreegHandWritten``).  The
answers that differ by game carry ``game``, which their ``oneOf`` names as discriminator.

The client is generated into a temporary folder from the document the server serves, with
no post-hooks (nothing but pip's packages), and imported from there."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from api.games import GAMES
from bench.harness import free_port, start_server, stop_server
from tests.api.contract import samples

PACKAGE = "kreide_typed_client"


pytestmark = pytest.mark.sqlite_only  # a generated client parsing answers: no database question


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """gunicorn with the project's settings on the suite's database (SQLite or PostgreSQL)."""
    workdir = tmp_path_factory.mktemp("typed-client-server")
    url = os.environ.get("KREIDE_TEST_DATABASE_URL") or f"sqlite:///{workdir / 'kreide.sqlite3'}"
    port = free_port()
    running = start_server(workdir, port, {"DATABASE_URL": url, "WEB_CONCURRENCY": "1"})
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_server(running, quick=True)


@pytest.fixture(scope="module")
def generated(server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The client openapi-python-client makes of the server's document, imported."""
    import httpx

    folder = tmp_path_factory.mktemp("typed-client")
    document = folder / "openapi.json"
    document.write_bytes(httpx.get(f"{server}/api/openapi.json", timeout=30).content)
    config = folder / "config.json"
    config.write_text(json.dumps({"post_hooks": []}))
    made = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(document), "--meta", "none",
         "--output-path", str(folder / PACKAGE), "--config", str(config)],
        capture_output=True, text=True, timeout=120, check=False)
    assert made.returncode == 0, made.stdout + made.stderr
    # every schema is typed: none dropped (a mixed-type enum once dropped three games' creation requests)
    assert "Unable to process schema" not in made.stdout + made.stderr, made.stdout
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name == PACKAGE or name.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


def model(name: str) -> type:
    found: type = getattr(importlib.import_module(f"{PACKAGE}.models"), name)
    return found


def call(tag: str, operation: str, **kwargs: Any) -> Any:
    """An endpoint of the generated client, answered: its status and the parsed model."""
    answer = importlib.import_module(f"{PACKAGE}.api.{tag}.{operation}").sync_detailed(**kwargs)
    return answer.status_code, answer.parsed


def assert_is_own(parsed: Any, game: str, kind: str) -> None:
    """``parsed`` is ``game``'s model of ``kind`` and no other game's, and says so in ``game``."""
    prefix = GAMES[game].prefix
    own = model(f"{prefix}{kind}")
    others = [model(f"{api.prefix}{kind}") for name, api in GAMES.items() if name != game
              and hasattr(importlib.import_module(f"{PACKAGE}.models"), f"{api.prefix}{kind}")]
    assert type(parsed) is own, f"{kind} of {game} parsed as {type(parsed).__name__}"
    assert not any(isinstance(parsed, other) for other in others)
    assert parsed.game.value == game


def test_the_catalogues_facts_parse_as_each_games_own(generated: ModuleType, server: str) -> None:
    """GET /api/games: each game's ``facts`` is its own game's model (a game without any too)."""
    with generated.Client(base_url=server) as anonymous:
        status, catalogue = call("meta", "get_api_games", client=anonymous)
    assert status == 200
    listed = {entry.name: entry.facts for entry in catalogue.games}
    for game in GAMES:
        assert_is_own(listed[game], game, "Facts")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_deal_of_each_game_through_a_generated_client(generated: ModuleType, server: str, game: str) -> None:
    sample = samples(game)
    prefix = GAMES[game].prefix
    with generated.Client(base_url=server) as anonymous:
        create = model(f"{prefix}MatchCreate").from_dict({"game": game, "players": sample.players})
        status, created = call("matches", "post_api_matches", client=anonymous, body=create)
        assert status == 201
        assert_is_own(created, game, "MatchCreated")

        path, question = sample.question
        kind = path.rsplit("/", 1)[1]
        body = model(f"{prefix}Referee{kind.title()}Question").from_dict(question)
        status, ruling = call("referee", f"post_api_referee_{kind}", client=anonymous, body=body)
        assert status == 200
        assert_is_own(ruling, game, f"Referee{kind.title()}Answer")

    with generated.AuthenticatedClient(base_url=server, token=created.scorer_token) as scorer:
        entry = model(f"{prefix}Entry").from_dict({"seq": 1, **sample.deal})
        status, written = call("matches", "post_api_matches_match_id_hands", client=scorer, match_id=created.id,
                               body=entry)
        assert status == 201
        assert_is_own(written, game, "HandWritten")
        assert written.next_seq == 2 and written.hand.voided is False

        status, corrected = call("matches", "put_api_matches_match_id_hands_seq", client=scorer, match_id=created.id,
                                 seq=1, body=model(f"{prefix}Entry").from_dict({"seq": 1, **sample.other_deal}))
        assert status == 200
        assert_is_own(corrected, game, "HandWritten")

        for operation, kind in (("get_api_matches_match_id", "Match"), ("get_api_matches_match_id_hands", "Hands"),
                                ("get_api_matches_match_id_export_json", "Export")):
            status, read = call("matches", operation, client=scorer, match_id=created.id)
            assert status == 200, operation
            assert_is_own(read, game, kind)

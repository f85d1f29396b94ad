"""Rate limits shared through Redis (the recipe's KREIDE_RATELIMIT_STORAGE_URI): two workers
(two apps, each with its own limiter and its own connections to the store, as two gunicorn
workers or two servers have) count one address's creations and failed tokens together; in
memory each counts alone.  Redis is a throwaway redis-server on a free loopback port
(scripts/install-redis.sh installs Debian's when missing); without one the Redis tests are
skipped and say why."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from flask.testing import FlaskClient

from api.config import Config
from bench.harness import free_port
from tests.api.conftest import assert_problem, bearer
from tests.api.test_connections import recipe_environ
from tests.api.test_limits import OTHER, PHONE, assert_limited, create
from tests.conftest import make_app

REPO = Path(__file__).resolve().parents[2]


def _redis_server() -> str:
    found = shutil.which("redis-server")
    if found is None:
        installed = subprocess.run(["bash", str(REPO / "scripts" / "install-redis.sh")], capture_output=True,
                                   text=True)
        found = shutil.which("redis-server")
        if found is None:
            pytest.skip(f"no redis-server here and scripts/install-redis.sh could not install it: {installed.stderr}")
    return found


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A redis-server of the tests' own on 127.0.0.1, nothing kept on disk."""
    workdir, port = tmp_path_factory.mktemp("redis"), free_port()
    server = subprocess.Popen([_redis_server(), "--bind", "127.0.0.1", "--port", str(port), "--save", "",
                               "--appendonly", "no", "--dir", str(workdir)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    deadline = time.monotonic() + 10
    try:
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("redis-server did not come up")
                time.sleep(0.05)
        yield url
    finally:
        client.close()
        server.terminate()
        server.wait(10)


def two_workers(path: Path, storage: str) -> tuple[FlaskClient, FlaskClient]:
    apps = [make_app(path, RATELIMIT_STORAGE_URI=storage, KREIDE_LIMIT_CREATE="3/minute",
                     KREIDE_LIMIT_BAD_TOKEN="2/minute") for _ in range(2)]
    return apps[0].test_client(), apps[1].test_client()


def test_two_workers_share_one_count_of_creations_in_redis(redis_url: str, tmp_path: Path) -> None:
    redis.Redis.from_url(redis_url).flushdb()
    first, second = two_workers(tmp_path / "kreide.sqlite3", redis_url)
    assert [create(worker, PHONE).status_code for worker in (first, second, first)] == [201, 201, 201]
    assert_limited(create(second, PHONE))  # the fourth of the minute, whichever worker takes it
    assert_limited(create(first, PHONE))
    assert create(second, OTHER).status_code == 201  # another address has its own count
    assert redis.Redis.from_url(redis_url).keys("LIMITS:*/create/10.0.0.7/*")  # counted in Redis, not in memory


def test_the_recipe_counts_in_redis() -> None:
    """deploy/kreide.env names the store under the variable the app reads."""
    assert Config(recipe_environ()).RATELIMIT_STORAGE_URI == "redis://127.0.0.1:6379/0"


def test_two_workers_share_one_count_of_failed_tokens_in_redis(redis_url: str, tmp_path: Path) -> None:
    redis.Redis.from_url(redis_url).flushdb()
    first, second = two_workers(tmp_path / "kreide.sqlite3", redis_url)
    match = create(first, OTHER).get_json()
    url = f"/api/matches/{match['id']}"
    assert_problem(first.get(url, headers=bearer("guess-1"), environ_base=PHONE), 401, "bad_token")
    assert_problem(second.get(url, headers=bearer("guess-2"), environ_base=PHONE), 401, "bad_token")
    # two failures, one at each worker: the address is over its 2 a minute at both
    for worker in (first, second):
        assert_limited(worker.get(url, headers=bearer(match["scorer_token"]), environ_base=PHONE))
    assert second.get(url, headers=bearer(match["scorer_token"]), environ_base=OTHER).status_code == 200


def test_in_memory_each_worker_counts_alone(tmp_path: Path) -> None:
    """memory:// (the code's default, without Redis): the limit holds per worker, so an address
    gets it once from each worker (SECURITY.md says so)."""
    first, second = two_workers(tmp_path / "kreide.sqlite3", "memory://")
    assert [create(first, PHONE).status_code for _ in range(3)] == [201, 201, 201]
    assert_limited(create(first, PHONE))
    assert [create(second, PHONE).status_code for _ in range(3)] == [201, 201, 201]
    assert_limited(create(second, PHONE))

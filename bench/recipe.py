"""The production recipe of deploy/, brought up on loopback: what tests/deploy and bench/faults.py share.

Caddy from ``deploy/Caddyfile`` (its ``{$VAR}`` settings moved to 127.0.0.1 and free ports,
``tls internal``, its data in a working directory), the schema migrated once as
``deploy/kreide-migrate.service`` does it, one or more app servers started as
``deploy/kreide@.service`` starts gunicorn (the units' own command lines, with
``deploy/kreide.env``), on a throwaway PostgreSQL cluster (``scripts/pg.sh``). Every request goes
over TLS, checked against the root certificate of Caddy's own authority. Only 127.0.0.1.

Three names tie this to the recipe, each in one place: the path that says a server is ready
(:data:`READINESS_PATH`), the Caddyfile's setting for its upstreams (:data:`UPSTREAMS_SETTING`)
and the units that migrate and serve (:data:`MIGRATE`, :data:`SERVER`).
"""

from __future__ import annotations

import glob
import gzip
import http.client
import json
import os
import shlex
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.harness import free_port, kill_server

REPO = Path(__file__).resolve().parent.parent
DEPLOY = REPO / "deploy"
BIN = Path(sys.executable).parent

#: What a server answers 200 on once it can serve (its database answers, its schema is current).
READINESS_PATH = "/api/ready"
#: The Caddyfile's setting for the app servers behind it, their addresses separated by spaces
#: (Caddy 2.6 puts the value into the file's text, so several make one upstream list).
UPSTREAMS_SETTING = "KREIDE_UPSTREAMS"
#: The one-shot unit that migrates the schema once per deploy, before the servers start.
MIGRATE = "kreide-migrate.service"
#: The app server's template unit: its instance is the port.
SERVER = "kreide@.service"


class RecipeUnavailable(RuntimeError):
    """A part of the recipe (Caddy, PostgreSQL) is not here and cannot be installed."""


class RecipeFailed(RuntimeError):
    """A part of the recipe did not come up; the message carries the ends of its logs."""


# --- what the recipe needs -------------------------------------------------------------------


def can_install() -> bool:
    """apt-get, and root or password-less sudo."""
    if shutil.which("apt-get") is None:
        return False
    if os.geteuid() == 0:
        return True
    return shutil.which("sudo") is not None and subprocess.run(
        ["sudo", "-n", "true"], capture_output=True).returncode == 0


def caddy_binary() -> str:
    """The caddy binary, installed with scripts/install-caddy.sh when missing."""
    found = shutil.which("caddy")
    if found:
        return found
    if not can_install():
        raise RecipeUnavailable("no caddy here, and no apt-get with root to install it (scripts/install-caddy.sh): "
                                "install Caddy 2.6 or later to run the production recipe")
    result = subprocess.run(["bash", str(REPO / "scripts" / "install-caddy.sh")], capture_output=True, text=True)
    found = shutil.which("caddy")
    if result.returncode != 0 or not found:
        raise RecipeFailed(f"scripts/install-caddy.sh did not install caddy:\n{result.stdout}\n{result.stderr}")
    return found


def postgresql_possible() -> bool:
    """What scripts/pg.sh needs: an initdb, or apt-get and root to install one."""
    bindir = os.environ.get("PG_BINDIR")
    if bindir and Path(bindir, "initdb").exists():
        return True
    return bool(glob.glob("/usr/lib/postgresql/*/bin/initdb") or shutil.which("initdb") or can_install())


def read_env_file(path: Path) -> dict[str, str]:
    """A systemd EnvironmentFile: KEY=value lines, # comments, optional quotes round a value."""
    values: dict[str, str] = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def unit_command(unit: str, port: int) -> list[str]:
    """The ExecStart line of a unit in deploy/ (:data:`SERVER`: the server on ``port``, its
    instance; :data:`MIGRATE`), for this checkout: its virtualenv."""
    lines = [line for line in (DEPLOY / unit).read_text().splitlines() if line.startswith("ExecStart=")]
    assert len(lines) == 1, f"{unit} has one ExecStart"
    argv = shlex.split(lines[0].partition("=")[2].replace("%i", str(port)))
    venv = "/srv/kreide/.venv/bin/"
    assert argv[0].startswith(venv), argv
    argv[0] = str(BIN / argv[0].removeprefix(venv))
    return argv


def stop(process: subprocess.Popen[Any]) -> None:
    """SIGTERM to the process's group; SIGKILL if it has not gone in 15 s."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


# --- HTTPS to Caddy ----------------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def json(self) -> Any:
        body = gzip.decompress(self.body) if self.headers.get("Content-Encoding") == "gzip" else self.body
        return json.loads(body)


@dataclass
class Site:
    """Caddy on https://127.0.0.1:port, its certificate checked against ``ca``."""

    port: int
    http_port: int
    ca: Path
    workdir: Path

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    def context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.ca))

    def connect(self, timeout: float = 10) -> http.client.HTTPSConnection:
        return http.client.HTTPSConnection("127.0.0.1", self.port, context=self.context(), timeout=timeout)

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
                token: str | None = None) -> Answer:
        headers = {"Accept": "application/json", **(headers or {})}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        if data is not None:
            headers.setdefault("Content-Type", "application/json")
        connection = self.connect()
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            return Answer(response.status, response.headers, response.read())
        finally:
            connection.close()


def site_up(site: Site) -> bool:
    """Caddy answers over TLS and an app server behind it says it is ready."""
    if not site.ca.exists():
        return False
    try:
        return site.request("GET", READINESS_PATH).status == 200
    except (OSError, ssl.SSLError, http.client.HTTPException):
        return False


def start_caddy(caddy: str, workdir: Path, *upstreams: str,
                settings: Mapping[str, str] | None = None) -> tuple[subprocess.Popen[bytes], Site]:
    """Caddy from deploy/Caddyfile in front of ``upstreams`` (host:port), everything on
    127.0.0.1, its state under ``workdir``; ``settings`` of deploy/caddy.env changed (its
    timeouts, say)."""
    port, http_port = free_port(), free_port()
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(workdir / "data"),
        "XDG_CONFIG_HOME": str(workdir / "config"),
        "HOME": str(workdir),
        "KREIDE_SITE": f"https://127.0.0.1:{port}",
        "KREIDE_TLS": "internal",
        UPSTREAMS_SETTING: " ".join(upstreams),
        "KREIDE_BIND": "127.0.0.1",
        "KREIDE_HTTP_PORT": str(http_port),
        "KREIDE_HTTPS_PORT": str(port),
        "KREIDE_CADDY_ADMIN": "off",
        **(settings or {}),
    }
    log = (workdir / "caddy.log").open("w")
    process = subprocess.Popen(
        [caddy, "run", "--adapter", "caddyfile", "--config", str(DEPLOY / "Caddyfile")],
        cwd=workdir, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    log.close()
    site = Site(port, http_port, workdir / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt", workdir)
    return process, site


def wait_until(ready: Callable[[], bool], processes: list[subprocess.Popen[Any]], logs: list[Path], what: str,
               seconds: float = 40) -> None:
    """Until ``ready()``; :class:`RecipeFailed` with the logs' ends when a process dies or time is up."""
    deadline = time.monotonic() + seconds
    while not ready():
        if any(p.poll() is not None for p in processes) or time.monotonic() > deadline:
            tails = "\n".join(f"--- {log.name}\n{log.read_text()[-3000:]}" for log in logs if log.exists())
            raise RecipeFailed(f"{what} did not come up:\n{tails}")
        time.sleep(0.1)


def ready(port: int) -> bool:
    """The app server on 127.0.0.1:``port`` answers 200 on :data:`READINESS_PATH`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        connection.request("GET", READINESS_PATH)
        return connection.getresponse().status == 200
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


# --- the recipe, up ----------------------------------------------------------------------------


@dataclass
class AppServer:
    """One gunicorn as kreide@<port>.service starts it, on 127.0.0.1:``port``."""

    port: int
    log: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def upstream(self) -> str:
        return f"127.0.0.1:{self.port}"


@dataclass
class Cluster:
    """The throwaway PostgreSQL of scripts/pg.sh, and ``pg_ctl`` on it as its owner."""

    folder: Path
    url: str = ""

    def pg_ctl(self, *args: str) -> None:
        """``pg_ctl -D <data> -w <args>`` as the user that owns the cluster (postgres when root)."""
        owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        postgres = shlex.split((self.folder / "data" / "postmaster.opts").read_text())[0]
        pg_ctl = str(Path(postgres).with_name("pg_ctl"))
        subprocess.run([*owner, pg_ctl, "-D", str(self.folder / "data"), "-l", str(self.folder / "server.log"), "-w",
                        *args], check=True, capture_output=True, timeout=120)

    def options(self) -> str:
        """The server's options as scripts/pg.sh started it (its port among them), for a start
        after a stop: everything of ``postmaster.opts`` but the program and its data folder."""
        argv = shlex.split((self.folder / "data" / "postmaster.opts").read_text())[1:]
        if "-D" in argv:
            at = argv.index("-D")
            del argv[at:at + 2]
        return shlex.join(argv)


@dataclass
class Recipe:
    """Caddy in front of ``servers`` app servers on one PostgreSQL, all on loopback."""

    site: Site
    cluster: Cluster
    env: dict[str, str]
    servers: list[AppServer]

    def start_server(self, index: int) -> float:
        """Start app server ``index`` as systemd starts kreide@<port>.service; the seconds
        until it is ready (the schema is migrated already: :meth:`migrate`)."""
        server = self.servers[index]
        began = time.perf_counter()
        with server.log.open("a") as log:
            server.process = subprocess.Popen(unit_command(SERVER, server.port), cwd=REPO, env=self.env,
                                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        wait_until(lambda: ready(server.port), [server.process], [server.log], f"app server {index}")
        return time.perf_counter() - began

    def migrate(self, port: int) -> None:
        """The recipe's migration step, once per deploy (:data:`MIGRATE`)."""
        subprocess.run(unit_command(MIGRATE, port), cwd=REPO, env=self.env, check=True, capture_output=True)

    def kill_server(self, index: int) -> None:
        """``kill -9`` of app server ``index``: arbiter and workers at once."""
        process = self.servers[index].process
        assert process is not None
        kill_server(process)
        self.servers[index].process = None


@contextmanager
def recipe(workdir: Path, *, servers: int = 1, settings: Mapping[str, str] | None = None,
           caddy_settings: Mapping[str, str] | None = None) -> Iterator[Recipe]:
    """PostgreSQL, the migration, ``servers`` app servers (kreide@.service with kreide.env and ``settings``),
    Caddy (deploy/Caddyfile) in front of all of them; everything stopped afterwards."""
    if not postgresql_possible():
        raise RecipeUnavailable("no PostgreSQL server here and no apt-get with root to install it (scripts/pg.sh)")
    caddy = caddy_binary()
    # private temporary directories (pytest's) are closed to the postgres user that runs the
    # cluster when we are root (pg.sh): the cluster lives in one of its own
    pgroot = Path(tempfile.mkdtemp(prefix="kreide-deploy-pg-"))
    pgroot.chmod(0o755)
    cluster = Cluster(pgroot / "cluster")
    # the cluster starts (initdb the first time) while Caddy does
    postgres = subprocess.Popen(["bash", str(REPO / "scripts" / "pg.sh"), "start", str(cluster.folder)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    apps = [AppServer(free_port(), workdir / f"gunicorn-{n}.log") for n in range(servers)]
    caddy_process: subprocess.Popen[bytes] | None = None
    try:
        caddy_dir = workdir / "caddy"
        caddy_dir.mkdir()
        caddy_process, site = start_caddy(caddy, caddy_dir, *(app.upstream for app in apps), settings=caddy_settings)
        out, err = postgres.communicate(timeout=120)
        if postgres.returncode != 0:
            raise RecipeFailed(f"scripts/pg.sh start failed:\n{err}")
        cluster.url = out.strip().splitlines()[-1]
        # the recipe's settings, but for this machine's database and address
        env = {name: value for name, value in os.environ.items() if not name.startswith(("KREIDE_", "GUNICORN_"))}
        env.update(read_env_file(DEPLOY / "kreide.env"))
        # the recipe's Redis is not started here (tests/api/test_shared_limits.py starts one)
        env.update({"DATABASE_URL": cluster.url, "KREIDE_PUBLIC_URL": site.url, "KREIDE_SERVERS": str(servers),
                    "KREIDE_RATELIMIT_STORAGE_URI": "memory://", **(settings or {})})
        up = Recipe(site, cluster, env, apps)
        up.migrate(apps[0].port)
        for index in range(servers):
            up.start_server(index)
        wait_until(lambda: site_up(site), [caddy_process], [caddy_dir / "caddy.log"], "the recipe")
        yield up
    finally:
        # gunicorn first: it ends its streams before Caddy goes
        for app in apps:
            if app.process is not None:
                stop(app.process)
        if caddy_process is not None:
            stop(caddy_process)
        if postgres.poll() is None:
            postgres.wait()
        subprocess.run(["bash", str(REPO / "scripts" / "pg.sh"), "stop", str(cluster.folder)], capture_output=True)
        shutil.rmtree(pgroot, ignore_errors=True)

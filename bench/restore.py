"""A backup taken under load restores: every hand acknowledged before it is back, tokens and
idempotency keys still work.

On loopback: a throwaway PostgreSQL cluster (``scripts/pg.sh``), Kreide under gunicorn on it,
and the tables of bench/load.py posting Dreeg hands (every write with an ``Idempotency-Key``,
some answers dropped and retried). While they post, ``deploy/kreide-backup.sh`` (the script
the recipe runs every night) dumps the database; the load goes on after it. Then
``deploy/kreide-restore.sh`` restores the dump into a fresh database on the same cluster,
after refusing to overwrite a database that holds tables (``--force`` missing) or one a
client is connected to (``--force`` given), and a new
server is started on the restored database (the migrations run first, as after any restore).

A dump is one consistent snapshot taken at some moment after the script starts: a hand
acknowledged before the script was started must be in it, a hand acknowledged while it ran
may be in it or not. So the restored database is checked with bench/load.py's checker as it
stood when the dump began (the hands acknowledged later count as unanswered: stored or not,
both allowed): every hand acknowledged before the dump stored exactly once with the body
sent, nothing stored that nobody asked for, each match's cached state the fold of its log,
each stored hand's idempotency record pointing to it. Then, through the new server:

- each match created before the dump opens with its scorer token (``access: scorer``) and
  its viewer token (``access: viewer``), a made-up token opens nothing;
- each hand acknowledged before the dump, sent again with its ``Idempotency-Key``, is
  answered with its first answer (status and body), and no hand is added by the retries;
- a new match and a new hand on a restored match are stored (the sequences came back too).

Prints what it found; exits 1 on any failure. Bounded in time (``--before``, ``--after``)
and count; loopback only.

    .venv/bin/python bench/restore.py [--tables 20] [--before 5] [--after 2]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness import REPO, free_port, postgres, start_server, stop_server
from load import Asked, Load, Table, Verdict, database, playing_deutsch, random_hand, verify

DEPLOY = REPO / "deploy"


@dataclass
class Dump:
    """One run of deploy/kreide-backup.sh while the tables posted."""

    path: Path
    size: int
    began: float  # time.perf_counter() when the script was started
    ended: float
    mode: str  # the dump's permissions, octal
    folder_mode: str


@dataclass
class Finding:
    """What the restore check found."""

    dump: Dump
    asked: list[Asked]
    source: Verdict  # the database the load wrote, checked whole
    restored: Verdict  # the restored database, as the dump began
    before: int = 0  # hands acknowledged before the dump began
    during: int = 0  # acknowledged while the script ran
    during_kept: int = 0  # ... and found in the dump
    after: int = 0  # acknowledged after the dump
    refused: str = ""  # what the restore script said to a database holding tables
    busy: str = ""  # ... and to --force over a database a client is connected to
    tokens: int = 0  # matches opened with both tokens
    retries: int = 0  # writes retried with their keys and answered their first answer
    written: int = 0  # new writes stored on the restored database
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return (self.restored.ok and self.source.ok and not self.problems and self.before > 0
                and bool(self.refused) and bool(self.busy))

    def report(self) -> str:
        dump, restored = self.dump, self.restored
        lines = [
            f"dump: {dump.path.name}, {dump.size / 1024:.0f} KiB in {dump.ended - dump.began:.2f} s "
            f"(file {dump.mode}, folder {dump.folder_mode}), taken under load",
            f"hands acknowledged: {self.before} before the dump began, {self.during} while it ran "
            f"({self.during_kept} of them in it), {self.after} after it",
            f"source database: {self.source.stored_hands} hands stored, lost {self.source.lost}, "
            f"duplicated {self.source.duplicated}, inconsistent {self.source.inconsistent}",
            f"restored database: {restored.matches} matches, {restored.stored_hands} hands; of the "
            f"{restored.acknowledged_hands} acknowledged before the dump lost {restored.lost}, "
            f"duplicated {restored.duplicated}, inconsistent snapshots or records {restored.inconsistent}",
            f"restore over a database holding tables: {'refused' if self.refused else 'NOT refused'}"
            f"{': ' + self.refused if self.refused else ''}",
            f"restore --force while a client is connected: {'refused' if self.busy else 'NOT refused'}"
            f"{': ' + self.busy if self.busy else ''}",
            f"tokens: {self.tokens} matches opened with their scorer and viewer tokens after the restore",
            f"idempotency: {self.retries} writes retried with their keys, answered with their first answer",
            f"new writes on the restored database: {self.written} stored",
        ]
        lines += [f"  ! {text}" for text in restored.problems + self.source.problems + self.problems]
        lines.append("restore: " + ("every check holds" if self.ok else "BROKEN"))
        return "\n".join(lines)


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL as pg_dump and psql take it (``postgresql://``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def libpq_env(url: str) -> dict[str, str]:
    """PGHOST, PGPORT, PGUSER (PGPASSWORD) for the server of ``url``: how the restore script
    is told where the server is."""
    parsed = make_url(url)
    env = {"PGHOST": parsed.host or "", "PGPORT": str(parsed.port or 5432), "PGUSER": parsed.username or ""}
    if parsed.password:
        env["PGPASSWORD"] = str(parsed.password)
    return {**os.environ, **env}


def backup(url: str, folder: Path) -> Dump:
    """deploy/kreide-backup.sh into ``folder``, timed."""
    env = {**os.environ, "KREIDE_BACKUP_DIR": str(folder), "KREIDE_BACKUP_DATABASE": libpq_url(url)}
    began = time.perf_counter()
    ran = subprocess.run(["bash", str(DEPLOY / "kreide-backup.sh")], env=env, capture_output=True, text=True)
    ended = time.perf_counter()
    if ran.returncode != 0:
        raise RuntimeError(f"kreide-backup.sh failed:\n{ran.stdout}\n{ran.stderr}")
    path = Path(ran.stdout.split()[0])
    return Dump(path, path.stat().st_size, began, ended, oct(path.stat().st_mode & 0o777),
                oct(folder.stat().st_mode & 0o777))


def restore(url: str, dump: Path, name: str, *, force: bool = False) -> subprocess.CompletedProcess[str]:
    """deploy/kreide-restore.sh of ``dump`` into the database ``name`` on ``url``'s server."""
    return subprocess.run(["bash", str(DEPLOY / "kreide-restore.sh"), *(["--force"] if force else []),
                           str(dump), name], env=libpq_env(url), capture_output=True, text=True)


def restore_while_connected(url: str, dump: Path, restored_url: str) -> str:
    """What the restore script says to ``--force`` over a database a client (an app server
    left running) is connected to: its refusal, or "" if it went ahead."""
    engine = create_engine(restored_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
            ran = restore(url, dump, make_url(restored_url).database or "", force=True)
    finally:
        engine.dispose()
    return ran.stderr.strip().removeprefix("kreide-restore: ") if ran.returncode != 0 else ""


def acknowledged_at(asked: Asked) -> float | None:
    """When the 2xx arrived (time.perf_counter()), or None if it never did."""
    if not asked.acknowledged or asked.acknowledged_after is None:
        return None
    return asked.first_sent + asked.acknowledged_after


def as_of(asked: list[Asked], moment: float) -> list[Asked]:
    """What the tables had been told by ``moment``: a write acknowledged later counts as
    unanswered (the checker allows it stored or not)."""
    seen = []
    for a in asked:
        at = acknowledged_at(a)
        seen.append(a if at is not None and at < moment else replace(a, status=None, answer=None))
    return seen


class Client:
    """One keep-alive connection to the server on ``port``."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def send(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
             token: str | None = None) -> tuple[int, Any]:
        all_headers = {"Accept": "application/json", **(headers or {})}
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            all_headers["Content-Type"] = "application/json"
        self.connection.request(method, path, body=data, headers=all_headers)
        response = self.connection.getresponse()
        raw = response.read()
        return response.status, (json.loads(raw) if raw else None)

    def close(self) -> None:
        self.connection.close()


def _normal(value: Any) -> Any:
    """``value`` as JSON would compare it; a creation's links without their origin (the
    restored server listens on another port, and links are made from the address asked)."""
    value = json.loads(json.dumps(value, sort_keys=True))
    if isinstance(value, dict):
        for name in ("join_url", "view_url"):
            if isinstance(value.get(name), str):
                value[name] = "/" + value[name].split("//", 1)[-1].partition("/")[2]
    return value


def check_tokens(client: Client, kept: list[Asked], finding: Finding) -> None:
    """Every match created before the dump opens with its scorer and its viewer token, and
    its next hand comes after every hand acknowledged for it before the dump."""
    last_seq: dict[str, int] = {}
    for a in kept:
        if a.kind == "hand" and a.acknowledged and a.match_id is not None:
            last_seq[a.match_id] = max(last_seq.get(a.match_id, 0), a.body["seq"])
    for a in kept:
        if a.kind != "match" or not a.acknowledged:
            continue
        match = a.answer
        opened = True
        for kind in ("scorer", "viewer"):
            status, answer = client.send("GET", f"/api/matches/{match['id']}", token=match[f"{kind}_token"])
            if status != 200 or answer.get("access") != kind:
                finding.problems.append(f"match {match['id']}: its {kind} token answered {status} {answer}"[:300])
                opened = False
            elif answer["next_seq"] <= last_seq.get(match["id"], 0):
                finding.problems.append(f"match {match['id']}: next_seq {answer['next_seq']}, but hand "
                                        f"{last_seq[match['id']]} was acknowledged before the dump")
                opened = False
        finding.tokens += opened
    some = next((a.answer for a in kept if a.kind == "match" and a.acknowledged), None)
    if some is not None:
        status, _ = client.send("GET", f"/api/matches/{some['id']}", token=secrets.token_urlsafe(32))
        if status == 200:
            finding.problems.append(f"match {some['id']}: a made-up token opened it")


def check_retries(client: Client, kept: list[Asked], finding: Finding) -> None:
    """Every write acknowledged before the dump, sent again with its key: its first answer."""
    tokens = {a.answer["id"]: a.answer["scorer_token"] for a in kept if a.kind == "match" and a.acknowledged}
    for a in kept:
        if not a.acknowledged:
            continue
        if a.kind == "match":
            path, token = "/api/matches", None
        elif a.match_id in tokens:
            path, token = f"/api/matches/{a.match_id}/hands", tokens[a.match_id]
        else:
            continue  # its match was created after the dump began: not in the restore to retry against
        status, answer = client.send("POST", path, a.body, headers={"Idempotency-Key": a.key}, token=token)
        if status != a.status or _normal(answer) != _normal(a.answer):
            finding.problems.append(f"{a.kind} {a.match_id} seq {a.body.get('seq')}: retried with its key, "
                                    f"answered {status} {json.dumps(answer)[:200]}, first {a.status}")
        else:
            finding.retries += 1


def stored_hands(url: str) -> set[tuple[str, int]]:
    """The (match, seq) of every hand in the database at ``url``."""
    from sqlalchemy import select

    from api.extensions import db
    from api.models import HAND, Entry

    with database(url):
        return {(row.match_id, row.seq) for row in db.session.execute(
            select(Entry.match_id, Entry.seq).where(Entry.action == HAND))}


def check_new_writes(port: int, kept: list[Asked], finding: Finding) -> None:
    """A new match with a hand, and a hand on a restored match still in its first game, are
    stored: the restored sequences hand out ids no row has."""
    table = Table(port, 7, drop=0.0, timeout=10, stop=threading.Event(), drain_until=lambda: float("inf"),
                  budget=lambda: True)
    try:
        tables: list[tuple[str, str]] = []
        created = table.open_match()
        if created is None:
            finding.problems.append(f"a new match on the restored database was refused: {table.refused}")
            return
        finding.written += 1
        tables.append((created["id"], created["scorer_token"]))
        tables += [(a.answer["id"], a.answer["scorer_token"]) for a in kept if a.kind == "match" and a.acknowledged]
        client = Client(port)
        try:
            for match_id, token in tables:
                status, match = client.send("GET", f"/api/matches/{match_id}", token=token)
                if status != 200 or not playing_deutsch(match["state"]):
                    continue
                body = {"seq": match["next_seq"], **random_hand(table.rng, match["state"])}
                asked = table.ask("hand", f"/api/matches/{match_id}/hands", body,
                                  {"Authorization": f"Bearer {token}"}, match_id)
                if not asked.acknowledged:
                    finding.problems.append(f"match {match_id}: a new hand answered {asked.status} {asked.answer}")
                finding.written += asked.acknowledged
                if match_id != created["id"]:
                    return
        finally:
            client.close()
        finding.problems.append("no restored match was left in its first game to write a hand on")
    finally:
        table.close()


def restore_check(workdir: Path, *, tables: int = 20, before: float = 5.0, after: float = 2.0,
                  drop: float = 0.05, seed: int = 1, workers: int | None = None) -> Finding:
    """The whole check (see the module's docstring) on a throwaway cluster; ``workers``
    per server (gunicorn.conf.py's default when None)."""
    env = {} if workers is None else {"WEB_CONCURRENCY": str(workers)}
    with postgres() as url:
        port = free_port()
        server = start_server(workdir, port, env, database_url=url)
        load = Load(port, tables, drop, timeout=10, drain=30, seed=seed)
        try:
            load.start()
            time.sleep(before)
            dump = backup(url, workdir / "backups")
            time.sleep(after)
            load.finish()
        finally:
            stop_server(server, quick=True)  # its clients are gone
        asked = load.tally.asked
        kept = as_of(asked, dump.began)
        finding = Finding(dump, asked, verify(url, asked), Verdict())

        restored_url = make_url(url).set(database="kreide_restored").render_as_string(hide_password=False)
        ran = restore(url, dump.path, "kreide_restored")
        if ran.returncode != 0:
            raise RuntimeError(f"kreide-restore.sh failed:\n{ran.stdout}\n{ran.stderr}")
        again = restore(url, dump.path, "kreide_restored")
        if again.returncode != 0 and "not empty" in again.stderr:
            finding.refused = again.stderr.strip().removeprefix("kreide-restore: ")
        finding.busy = restore_while_connected(url, dump.path, restored_url)
        finding.restored = verify(restored_url, kept)

        in_dump = stored_hands(restored_url)
        for a in asked:
            at = acknowledged_at(a)
            if a.kind != "hand" or at is None:
                continue
            if at < dump.began:
                finding.before += 1
            elif at <= dump.ended:
                finding.during += 1
                finding.during_kept += (a.match_id, a.body["seq"]) in in_dump
            else:
                finding.after += 1

        port = free_port()
        server = start_server(workdir, port, env, database_url=restored_url)  # the migrations first
        try:
            client = Client(port)
            try:
                check_tokens(client, kept, finding)
                check_retries(client, kept, finding)
            finally:
                client.close()
            if stored_hands(restored_url) != in_dump:
                finding.problems.append("the retries changed the hands stored")
            check_new_writes(port, kept, finding)
        finally:
            stop_server(server, quick=True)  # its clients are gone
        return finding


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20, help="concurrent tables (client threads)")
    parser.add_argument("--before", type=float, default=5, help="seconds of load before the dump")
    parser.add_argument("--after", type=float, default=2, help="seconds of load after the dump")
    parser.add_argument("--drop", type=float, default=0.05, help="share of requests the client hangs up on")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kreide-restore-") as tmp:
        finding = restore_check(Path(tmp), tables=args.tables, before=args.before, after=args.after,
                                drop=args.drop, seed=args.seed)
    print(f"Kreide restore: {args.tables} tables posting hands, deploy/kreide-backup.sh after {args.before:.0f} s, "
          f"deploy/kreide-restore.sh into a fresh database, a server on it")
    print(finding.report())
    return 0 if finding.ok else 1


if __name__ == "__main__":
    sys.exit(main())

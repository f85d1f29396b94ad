"""Backups that restore: deploy/kreide-backup.sh under load, deploy/kreide-restore.sh into a
fresh database, a server on it (bench/restore.py, bounded: four tables, a few seconds), and
the backup script's own promises: private files, no partial dump, the rotation.

PostgreSQL from scripts/pg.sh (Debian's package, installed with apt-get when missing); only
127.0.0.1."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from itertools import pairwise
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

from restore import Finding, restore_check  # noqa: E402

pytestmark = pytest.mark.deploy


@pytest.fixture(scope="module")
def finding(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Finding]:
    yield restore_check(tmp_path_factory.mktemp("restore"), tables=4, before=2.0, after=0.5,
                        workers=1)


def test_every_hand_acknowledged_before_the_dump_is_restored(finding: Finding) -> None:
    assert finding.before > 0
    assert finding.during + finding.after > 0, "the load had stopped: the dump was not taken under load"
    assert finding.source.problems == [] and finding.source.ok
    restored = finding.restored
    assert restored.problems == []
    assert (restored.lost, restored.duplicated, restored.inconsistent) == (0, 0, 0)
    assert restored.acknowledged_hands == finding.before
    # nothing from after the dump began but what was written before its snapshot
    assert finding.before <= restored.stored_hands <= finding.before + finding.during + restored.unanswered


def test_the_dump_is_private_and_whole(finding: Finding) -> None:
    assert (finding.dump.mode, finding.dump.folder_mode) == ("0o600", "0o700")
    assert sorted(path.name for path in finding.dump.path.parent.iterdir()) == [".lock", finding.dump.path.name]


def test_the_restore_refuses_a_database_in_use(finding: Finding) -> None:
    assert "kreide_restored is not empty" in finding.refused
    assert "--force" in finding.refused
    # nor one a client is still connected to, --force or not
    assert "1 other sessions are connected to kreide_restored: stop the app servers first" == finding.busy


def test_tokens_and_idempotency_keys_still_work_after_the_restore(finding: Finding) -> None:
    assert finding.problems == []
    matches = {a.answer["id"] for a in finding.asked if a.kind == "match" and a.acknowledged
               and a.first_sent + (a.acknowledged_after or 0) < finding.dump.began}
    assert finding.tokens == len(matches) > 0
    assert finding.retries >= finding.before + len(matches)
    assert finding.written >= 2  # a new match, a hand on it and (mostly) one on a restored match
    assert finding.ok


# --- the backup script alone, with stand-ins for pg_dump and pg_restore -----------------------


def unit_environment() -> dict[str, str]:
    """The Environment= settings of deploy/kreide-backup.service."""
    lines = (REPO / "deploy" / "kreide-backup.service").read_text().splitlines()
    return dict(line.removeprefix("Environment=").split("=", 1) for line in lines if line.startswith("Environment="))


def stand_ins(folder: Path, *, dump: str = "", check: int = 0) -> Path:
    """A PG_BINDIR whose pg_dump writes a small file (then runs ``dump``) and whose
    pg_restore --list exits with ``check``."""
    folder.mkdir()
    write = 'for a; do case $a in --file=*) echo dump > "${a#--file=}";; esac; done'
    (folder / "pg_dump").write_text(f"#!/bin/sh\n{write}\n{dump}\n")
    (folder / "pg_restore").write_text(f"#!/bin/sh\nexit {check}\n")
    for program in folder.iterdir():
        program.chmod(0o755)
    return folder


def backup(folder: Path, bindir: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **unit_environment(), "KREIDE_BACKUP_DIR": str(folder), "PG_BINDIR": str(bindir)}
    return subprocess.run(["bash", str(REPO / "deploy" / "kreide-backup.sh")], env=env, capture_output=True,
                          text=True)


def test_fourteen_days_and_eight_weeks_are_kept(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir(mode=0o755)
    today = datetime.now(UTC).date()
    old = [f"kreide-{today - timedelta(days=n)}T031500Z.dump" for n in range(1, 121)]
    twice = f"kreide-{today - timedelta(days=3)}T011500Z.dump"  # a second dump that day, older
    others = ["kreide-before-update.dump", "notes.txt"]
    for name in [*old, twice, *others, ".kreide-2026-01-01T000000Z.abc123.partial"]:
        (folder / name).write_text("x")

    ran = backup(folder, stand_ins(tmp_path / "bin"))
    assert ran.returncode == 0, ran.stderr
    new = Path(ran.stdout.split()[0]).name
    kept = sorted(path.name for path in folder.iterdir() if path.name != ".lock")
    assert oct(folder.stat().st_mode & 0o777) == "0o700"
    assert oct((folder / new).stat().st_mode & 0o777) == "0o600"
    dumps = [name for name in kept if name not in others]
    assert set(others) <= set(kept)  # only the script's own names are rotated
    days = [date.fromisoformat(name[7:17]) for name in dumps]
    daily = [today - timedelta(days=n) for n in range(14)]
    assert sorted(d for d in days if d >= daily[-1]) == sorted(daily)
    assert twice not in kept  # a day is kept as its newest dump
    weekly = sorted((d for d in days if d < daily[-1]), reverse=True)
    weeks = [d.isocalendar()[:2] for d in weekly]
    assert len(weekly) == 8 == len(set(weeks))
    assert all(d.weekday() == 6 for d in weekly)  # each the week's newest: its Sunday
    assert all((a - b).days == 7 for a, b in pairwise(weekly))  # weeks one after another
    assert weekly[0] < daily[-1] - timedelta(days=daily[-1].weekday())  # before the oldest day's week


def test_a_failed_dump_leaves_no_file_and_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    failed = backup(folder, stand_ins(tmp_path / "bin", dump="exit 1"))
    assert failed.returncode != 0
    assert [path.name for path in folder.iterdir()] == [".lock"]
    unreadable = backup(folder, stand_ins(tmp_path / "bin2", check=1))
    assert unreadable.returncode != 0
    assert "cannot be read back" in unreadable.stderr
    assert [path.name for path in folder.iterdir()] == [".lock"]

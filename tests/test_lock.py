"""The lock files agree with pyproject.toml, and the tests run on exactly what they pin.

``requirements/runtime.txt`` (what the recipe installs) and ``requirements/test.txt`` (what
``make install`` installs: the runtime's and the tests' packages) are written by ``make lock``
from pyproject.toml, each version with its hashes. A dependency added to pyproject.toml and
not locked, a version the lock pins that pyproject.toml no longer allows, a test run on
other versions than the lock's: each fails here."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())

_PIN = re.compile(r"^(?P<name>[\w.-]+)==(?P<version>[^\s;\\]+)(?:\s*;\s*(?P<marker>[^\\]+?))?\s*\\?$")


@dataclass(frozen=True)
class Pin:
    name: str
    version: str
    marker: Marker | None
    hashes: int

    def applies(self) -> bool:
        """Installed on this interpreter and platform (a pin for Windows or PyPy is not)."""
        return self.marker is None or self.marker.evaluate()


def read_lock(name: str) -> list[Pin]:
    """The pins of ``requirements/<name>``: name, version, environment marker, hash count."""
    pins: list[Pin] = []
    for line in (ROOT / "requirements" / name).read_text().splitlines():
        if found := _PIN.match(line):
            marker = found.group("marker")
            pins.append(Pin(canonicalize_name(found.group("name")), found.group("version"),
                            Marker(marker) if marker else None, 0))
        elif line.strip().startswith("--hash=sha256:"):
            assert pins, f"{name}: a hash before any pin"
            last = pins[-1]
            pins[-1] = Pin(last.name, last.version, last.marker, last.hashes + 1)
    return pins


def pinned(pins: list[Pin], requirement: Requirement) -> list[Pin]:
    return [pin for pin in pins if pin.name == canonicalize_name(requirement.name)]


RUNTIME = read_lock("runtime.txt")
TEST = read_lock("test.txt")
DEPENDENCIES = [Requirement(text) for text in
                PYPROJECT["project"]["dependencies"] + PYPROJECT["build-system"]["requires"]]
TEST_EXTRA = [Requirement(text) for text in PYPROJECT["project"]["optional-dependencies"]["test"]]


@pytest.mark.parametrize(("lock", "requirements"), [
    pytest.param(RUNTIME, DEPENDENCIES, id="runtime.txt: dependencies and build system"),
    pytest.param(TEST, DEPENDENCIES + TEST_EXTRA, id="test.txt: those and the test extra"),
])
def test_every_requirement_of_pyproject_is_pinned_at_a_version_it_allows(
        lock: list[Pin], requirements: list[Requirement]) -> None:
    for requirement in requirements:
        pins = pinned(lock, requirement)
        assert pins, f"{requirement} is not in the lock: run make lock"
        for pin in pins:
            assert requirement.specifier.contains(pin.version, prereleases=True), \
                f"the lock pins {pin.name}=={pin.version}, pyproject.toml asks {requirement}: run make lock"


def test_every_pin_carries_its_hashes() -> None:
    for pin in RUNTIME + TEST:
        assert pin.hashes >= 1, f"{pin.name}=={pin.version} has no hash: pip --require-hashes would refuse it"


def test_the_tests_lock_keeps_the_runtimes_versions() -> None:
    """The tests prove the versions production runs (a pin's condition may differ: greenlet
    is needed everywhere by the tests' playwright, by gevent only on CPython)."""
    for pin in RUNTIME:
        versions = {other.version for other in TEST if other.name == pin.name}
        assert pin.version in versions, f"runtime.txt pins {pin.name}=={pin.version}, test.txt {versions or 'nothing'}"


def test_the_installed_versions_are_the_locks() -> None:
    """make install installs requirements/test.txt; a virtualenv installed otherwise (or
    before the lock changed) is found out here."""
    for pin in TEST:
        if not pin.applies():
            continue
        try:
            installed = version(pin.name)
        except PackageNotFoundError:
            installed = None
        assert installed == pin.version, \
            f"{pin.name} {installed} is installed, the lock says {pin.version}: run make install"

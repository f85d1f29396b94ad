"""Does the phone app stay fast, accessible and installable? Lighthouse 11 on the shell and a table, beside the floor.

Starts the app under gunicorn (the project's gunicorn.conf.py, a temporary SQLite file, a
free port on 127.0.0.1, ``KREIDE_BENCH`` set), creates a Dreeg match for four through the API,
then runs Lighthouse 11 (its default mobile emulation and simulated throttling; headless Debian
Chromium at /usr/bin/chromium, or Playwright's own Chromium where Debian's package cannot be
had: the browser tests' choice, tests/browser/chromium.py) on three pages, in turn, run after run:

  (0) the floor:     ``/api/_bench/floor``              (a static HTML page served by the same
                                                        server, showing the app's headline:
                                                        what a page can do at the earliest)
  (a) the app shell: ``/``                          (home: your tables, a new match)
  (b) a match page:  ``/#/m/{id}/{scorer token}``   (slates, entry form, history; the token
                                                    travels in the URL fragment, as in a join link)

and prints, for each, the scores of the categories performance, accessibility,
best-practices and pwa (0-100), the first and the largest contentful paint, and the transfer
size of the page: the sum of ``transferSize`` over every network request in the report (KB,
as sent: compressed), with the part that is the app's own files and the part that is ``/api``
answers. The largest contentful paints of the shell and the match page are divided by the
floor's of the same round (the machine's speed and load cancel out), and the median of those
ratios is held against the goals: the shell at most 1.5x the floor, the match page (what a
scanned QR code opens) at most 2x. Budgets beside them: performance >= 95 and accessibility
>= 95 on both, the shell's transfer <= 60 KB, the match page's own files <= 60 KB.

``--caddy`` puts Caddy in front, as deploy/ does (its Caddyfile, ``tls internal``, HTTP/2; the
browser told to accept Caddy's own certificate), and measures all three pages through it. The
default, gunicorn's HTTP/1.1 on loopback, is the harder case for the model Lighthouse simulates
with: it takes every request made after the page as needing a connection already open, and the
page's is the only one, so its pessimistic estimate queues them all on it, one round trip each
(some 190 ms); over HTTP/2 they share one connection, as they do on a phone.

Lighthouse comes from the npm registry: ``lighthouse@11`` is installed on first use with
``npm install --no-save --prefix bench/.npm`` (gitignored) and reused after. Reports land in
``bench/out/`` (gitignored) as ``lighthouse-{floor,shell,match}-{run}.json`` (three runs each by
default, the median shown: ``--runs``). Loopback only; each Lighthouse run is bounded
(``--time-limit`` per run); the server is stopped at the end. ``--strict`` exits 1 when a
budget is missed. ``make bench`` runs it after the API bench.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from harness import REPO, free_port, start_server, stop_server

NPM_PREFIX = REPO / "bench" / ".npm"
LIGHTHOUSE = NPM_PREFIX / "node_modules" / "lighthouse" / "cli" / "index.js"
LIGHTHOUSE_SPEC = "lighthouse@11"
OUT = REPO / "bench" / "out"
CHROME_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--no-first-run",
]
CATEGORIES = ["performance", "accessibility", "best-practices", "pwa"]
PLAYERS = ["Anna", "Benno", "Carla", "Dieter"]
# per page: measured number -> (target, True: at least / False: at most). The match page is
# what a scanned QR code opens: the table must be on screen at most twice as late as a static
# page shows its headline (lcp_ratio: its LCP over the floor's, in the same round), and its
# own files stay as small as the shell's (its API answers, the state and the QR code, are data).
BUDGETS = {
    "shell": {
        "performance": (95.0, True),
        "accessibility": (95.0, True),
        "transfer_kb": (60.0, False),
        "lcp_ratio": (1.5, False),
    },
    "match": {
        "performance": (95.0, True),
        "accessibility": (95.0, True),
        "lcp_ratio": (2.0, False),
        "app_kb": (60.0, False),
    },
}
FLOOR = "floor"  # the static page every LCP is divided by
# The live event stream never ends. Lighthouse waits until no request of high priority is
# in flight; the app opens the stream with priority "low", so the run ends when the page has
# loaded. (Set KREIDE_BENCH_BLOCK_EVENTS=1 to block the stream instead and compare.)
BLOCKED = ["*/events*"] if os.environ.get("KREIDE_BENCH_BLOCK_EVENTS") else []


# --- server -------------------------------------------------------------------------------


# Caddy's own certificate authority (tls internal) is not one this machine trusts
UNVERIFIED = ssl.create_default_context()
UNVERIFIED.check_hostname = False
UNVERIFIED.verify_mode = ssl.CERT_NONE


def request(url: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method="GET" if body is None else "POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10, context=UNVERIFIED) as response:
        return response.status, json.loads(response.read())


@contextlib.contextmanager
def caddy_in_front(upstream: int, workdir: Path) -> Iterator[str]:
    """Caddy with deploy/Caddyfile on free loopback ports, before gunicorn at ``upstream``: the
    https address to measure (HTTP/2, as deployed)."""
    binary = shutil.which("caddy")
    if binary is None:
        raise SystemExit("--caddy needs caddy (scripts/install-caddy.sh installs Debian's package)")
    https, http, admin = free_port(), free_port(), free_port()
    env = {**os.environ, "KREIDE_SITE": f"https://127.0.0.1:{https}", "KREIDE_TLS": "internal",
           "KREIDE_UPSTREAMS": f"127.0.0.1:{upstream}", "KREIDE_BIND": "127.0.0.1", "KREIDE_HTTP_PORT": str(http),
           "KREIDE_HTTPS_PORT": str(https), "KREIDE_CADDY_ADMIN": f"127.0.0.1:{admin}", "HOME": str(workdir),
           "XDG_DATA_HOME": str(workdir / "data"), "XDG_CONFIG_HOME": str(workdir / "config")}
    with (workdir / "caddy.log").open("w") as log:
        caddy = subprocess.Popen([binary, "run", "--config", str(REPO / "deploy" / "Caddyfile"), "--adapter",
                                  "caddyfile"], env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"https://127.0.0.1:{https}"
    try:
        for _ in range(100):
            try:
                request(f"{base}/api/health")
                break
            except (OSError, urllib.error.URLError):
                time.sleep(0.2)
        else:
            raise SystemExit(f"Caddy did not come up:\n{(workdir / 'caddy.log').read_text()[-2000:]}")
        yield base
    finally:
        caddy.terminate()
        caddy.wait(15)


def ensure_lighthouse() -> None:
    if LIGHTHOUSE.is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is missing: Lighthouse is installed with npm (Node.js 18.16 or newer)")
    print(f"installing {LIGHTHOUSE_SPEC} into {NPM_PREFIX.relative_to(REPO)} ...", flush=True)
    NPM_PREFIX.mkdir(parents=True, exist_ok=True)
    subprocess.run([npm, "install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error",
                    "--prefix", str(NPM_PREFIX), LIGHTHOUSE_SPEC], check=True, timeout=600)
    if not LIGHTHOUSE.is_file():
        raise SystemExit(f"{LIGHTHOUSE_SPEC} installed, but {LIGHTHOUSE} is not there")


def chromium() -> str:
    """The browser the browser tests use (tests/browser/chromium.py): Debian's Chromium where
    there is one, else Playwright's own (scripts/install-browser.sh installs either)."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from tests.browser.chromium import chromium as choose

    try:
        choice = choose()
    except FileNotFoundError as missing:
        raise SystemExit(str(missing)) from None
    print(f"browser: {choice.source}, {choice.path}", flush=True)
    return choice.path


def lighthouse(url: str, report: Path, time_limit: float, browser: str) -> dict[str, Any]:
    """One Lighthouse run (mobile, simulated throttling: its defaults); the JSON report."""
    env = {**os.environ, "CHROME_PATH": browser}
    flags = [*CHROME_FLAGS, *(["--ignore-certificate-errors"] if url.startswith("https://127.0.0.1") else [])]
    command = [
        "node", str(LIGHTHOUSE), url,
        "--output=json", f"--output-path={report}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={' '.join(flags)}",
        *[f"--blocked-url-patterns={pattern}" for pattern in BLOCKED],
        "--quiet",
    ]
    with tempfile.TemporaryDirectory(prefix="kreide-lh-") as home:
        # Chrome's profile and Lighthouse's temp files stay out of the user's home
        env.update({"HOME": home, "TMPDIR": home})
        try:
            done = subprocess.run(command, check=False, env=env, capture_output=True, text=True, timeout=time_limit)
        except subprocess.TimeoutExpired as err:
            raise SystemExit(f"Lighthouse took longer than {time_limit:.0f} s on {url}") from err
    if done.returncode != 0 or not report.is_file():
        raise SystemExit(f"Lighthouse failed on {url} ({done.returncode}):\n{done.stderr[-3000:]}")
    result = json.loads(report.read_text())
    if result.get("runtimeError"):
        raise SystemExit(f"Lighthouse: {result['runtimeError']}")
    return result


def summary(result: dict[str, Any]) -> dict[str, Any]:
    scores = {name: (None if (c := result["categories"].get(name)) is None or c["score"] is None
                     else round(c["score"] * 100)) for name in CATEGORIES}
    items = result["audits"]["network-requests"]["details"]["items"]
    api = sum(i.get("transferSize") or 0 for i in items if "/api/" in i["url"])
    total = sum(i.get("transferSize") or 0 for i in items)
    return {
        **scores,
        "transfer_kb": total / 1024,
        "app_kb": (total - api) / 1024,
        "api_kb": api / 1024,
        "requests": len(items),
        "fcp_ms": result["audits"]["first-contentful-paint"].get("numericValue"),
        "lcp_ms": result["audits"]["largest-contentful-paint"].get("numericValue"),
        # Lighthouse's measure of this machine's CPU: it simulates a slow phone by multiplying the
        # CPU time it observed by 4, so a slower machine (an index under ~1000) inflates the scores' CPU part
        "benchmark_index": result.get("environment", {}).get("benchmarkIndex"),
        "warnings": result.get("runWarnings") or [],
    }


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each number's median over the runs (Lighthouse's numbers move from run to run)."""
    merged: dict[str, Any] = {"warnings": sorted({w for run in runs for w in run["warnings"]}), "runs": len(runs)}
    for name in runs[0]:
        if name == "warnings":
            continue
        values = sorted(v for v in (run[name] for run in runs) if v is not None)
        merged[name] = statistics.median(values) if values else None
    return merged


def ratios(runs: dict[str, list[dict[str, Any]]]) -> None:
    """Each page's LCP over the floor's of the same round (``lcp_ratio``, in every run)."""
    for page, page_runs in runs.items():
        if page == FLOOR:
            continue
        for run, floor in zip(page_runs, runs[FLOOR], strict=True):
            run["lcp_ratio"] = run["lcp_ms"] / floor["lcp_ms"] if run["lcp_ms"] and floor["lcp_ms"] else None


def verdicts(page: str, numbers: dict[str, Any]) -> list[tuple[str, bool]]:
    lines = []
    for name, (target, at_least) in BUDGETS.get(page, {}).items():
        value = numbers[name]
        ok = value is not None and (value >= target if at_least else value <= target)
        sign = ">=" if at_least else "<="
        shown = ("n/a" if value is None else f"{value:.2f}" if name.endswith("ratio")
                 else f"{value:.1f}" if isinstance(value, float) else str(value))
        text = f"{page + ' ' + name:<28} {shown:>7}  (budget {sign} {target:g})  {'ok' if ok else 'MISSED'}"
        lines.append((text, ok))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=180, help="seconds for one Lighthouse run")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a budget is missed")
    parser.add_argument("--runs", type=int, default=3,
                        help="Lighthouse runs per page; the median of each number is shown (default 3)")
    parser.add_argument("--caddy", action="store_true",
                        help="measure through Caddy (deploy/Caddyfile: HTTPS, HTTP/2), as deployed")
    args = parser.parse_args(argv)
    browser = chromium()
    ensure_lighthouse()
    OUT.mkdir(parents=True, exist_ok=True)

    runs: dict[str, list[dict[str, Any]]] = {FLOOR: [], "shell": [], "match": []}
    with tempfile.TemporaryDirectory(prefix="kreide-pwa-bench-") as tmp, contextlib.ExitStack() as stack:
        port = free_port()
        proxies = "1" if args.caddy else "0"
        server = start_server(Path(tmp), port, {"KREIDE_BENCH": "1", "KREIDE_TRUSTED_PROXIES": proxies})
        stack.callback(stop_server, server)
        base = stack.enter_context(caddy_in_front(port, Path(tmp))) if args.caddy else f"http://127.0.0.1:{port}"
        status, match = request(f"{base}/api/matches", {"game": "dreeg", "players": PLAYERS})
        assert status == 201, match
        pages = {
            FLOOR: f"{base}/api/_bench/floor",
            "shell": f"{base}/",
            "match": f"{base}/#/m/{match['id']}/{match['scorer_token']}",
        }
        # round by round, the three pages in turn: what the shared machine is doing at the
        # moment weighs on the floor as on the pages measured against it
        for n in range(1, args.runs + 1):
            for page, url in pages.items():
                report = lighthouse(url, OUT / f"lighthouse-{page}-{n}.json", args.time_limit, browser)
                runs[page].append(summary(report))
    ratios(runs)
    results = {page: median_of(page_runs) for page, page_runs in runs.items()}

    transport = "through Caddy (HTTPS, HTTP/2)" if args.caddy else "gunicorn's HTTP/1.1 on loopback"
    print(f"\nKreide PWA bench: Lighthouse {LIGHTHOUSE_SPEC.split('@')[1]}, mobile emulation, simulated "
          f"throttling, headless {browser}, {transport}; the median of {args.runs} runs per page, the pages in "
          f"turn; reports in {OUT.relative_to(REPO)}/")
    checks: list[tuple[str, bool]] = []
    for page, numbers in results.items():
        scores = "  ".join(f"{name} {numbers[name] if numbers[name] is not None else 'n/a'}" for name in CATEGORIES)
        print(f"  {page:<6} {scores if page != FLOOR else '(a static page: its paints are the floor)'}")
        print(f"  {'':<6} transfer {numbers['transfer_kb']:.1f} KB in {numbers['requests']:.0f} requests "
              f"(app files {numbers['app_kb']:.1f} KB, /api {numbers['api_kb']:.1f} KB), "
              f"CPU benchmark index {numbers['benchmark_index'] or 0:.0f}")
        for warning in numbers["warnings"]:
            print(f"  {'':<6} warning: {warning}")
        checks += verdicts(page, numbers)
    print(f"\n  {'':<6} {'FCP ms':>8} {'LCP ms':>8} {'LCP / floor':>12}   LCP / floor in each run")
    for page, numbers in results.items():
        each = "  ".join("n/a" if r.get("lcp_ratio") is None else f"{r['lcp_ratio']:.2f}" for r in runs[page])
        ratio = numbers.get("lcp_ratio")
        print(f"  {page:<6} {numbers['fcp_ms'] or 0:>8.0f} {numbers['lcp_ms'] or 0:>8.0f} "
              f"{'' if ratio is None else f'{ratio:.2f}':>12}   {each if page != FLOOR else ''}")
    print()
    for text, _ in checks:
        print("  " + text)
    print("  (the live event stream stays open during the match page's run: it is fetched with priority"
          " low, which Lighthouse does not wait for)" if not BLOCKED else
          f"  (the live event stream is blocked: {', '.join(BLOCKED)})")
    return 1 if args.strict and not all(ok for _, ok in checks) else 0


if __name__ == "__main__":
    sys.exit(main())

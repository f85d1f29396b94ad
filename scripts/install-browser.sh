#!/usr/bin/env bash
# Install the browser the browser tests (tests/browser) and bench/pwa.py drive.
#
# Debian's Chromium at /usr/bin/chromium, with fonts so pages render text, wherever it can be
# had: already there, or installed with apt-get (root, or sudo). Where it cannot (macOS, Fedora,
# a user account without root), Playwright's own Chromium instead:
# `.venv/bin/python -m playwright install chromium` (a download from Playwright's host, into
# ~/.cache/ms-playwright), and the script says so. tests/browser/chromium.py makes the same
# choice when the tests launch the browser.
#
# Idempotent and quick when a browser is there already.
# For the tests of this script (tests/browser/test_chromium_choice.py):
#   KREIDE_BROWSER_DRY_RUN=1   say what would be done, change nothing
#   KREIDE_DEBIAN_CHROMIUM     where Debian's Chromium is looked for (default /usr/bin/chromium)
#   KREIDE_APT_GET             the apt-get command (default apt-get)
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CHROMIUM=${KREIDE_DEBIAN_CHROMIUM:-/usr/bin/chromium}
APT_GET=${KREIDE_APT_GET:-apt-get}
PYTHON=${KREIDE_PYTHON:-$REPO/.venv/bin/python}
DRY=${KREIDE_BROWSER_DRY_RUN:-}
# fonts-liberation: metric-compatible Arial/Times, enough for layout; fonts-dejavu-core: wide
# Unicode coverage (suits, umlauts, arrows).
FONTS=(fonts-liberation fonts-dejavu-core)

run() {
    if [ -n "$DRY" ]; then
        echo "install-browser: would run: $*"
    else
        "$@"
    fi
}

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
if command -v dpkg-query >/dev/null 2>&1; then
    for font in "${FONTS[@]}"; do
        dpkg-query -W -f='${Status}' "$font" 2>/dev/null | grep -q "install ok installed" || missing+=("$font")
    done
fi

if [ ${#missing[@]} -eq 0 ]; then
    echo "install-browser: Debian's Chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM") already installed"
    exit 0
fi

# Debian's package where apt-get and root (or sudo) are at hand
SUDO=
can_apt=
if command -v "$APT_GET" >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then
        can_apt=1
    elif command -v sudo >/dev/null 2>&1; then
        SUDO=sudo
        can_apt=1
    fi
fi
if [ -n "$can_apt" ]; then
    echo "install-browser: installing ${missing[*]} with apt-get (Debian's Chromium)"
    export DEBIAN_FRONTEND=noninteractive
    run $SUDO "$APT_GET" update -qq
    run $SUDO "$APT_GET" install -y -qq --no-install-recommends "${missing[@]}"
    [ -n "$DRY" ] || "$CHROMIUM" --version
    exit 0
fi

# Debian's Chromium is there, only fonts are missing and cannot be installed: use it as it is
if [ -x "$CHROMIUM" ]; then
    echo "install-browser: Debian's Chromium at $CHROMIUM; ${missing[*]} missing and no root to install them (text may render in fallback fonts)"
    exit 0
fi

# Elsewhere: Playwright's own Chromium
echo "install-browser: no Debian Chromium here and no apt-get with root to install it:" \
     "using Playwright's own Chromium ($PYTHON -m playwright install chromium)"
if [ -z "$DRY" ]; then
    own=$("$PYTHON" -c 'from playwright.sync_api import sync_playwright
with sync_playwright() as p:
    print(p.chromium.executable_path)')
    if [ -x "$own" ]; then
        echo "install-browser: Playwright's own Chromium already installed at $own"
        exit 0
    fi
fi
run "$PYTHON" -m playwright install chromium

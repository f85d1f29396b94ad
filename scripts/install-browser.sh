#!/usr/bin/env bash
# Install the browser the browser tests (tests/browser) and bench/pwa.py drive: Debian's
# Chromium at /usr/bin/chromium, with fonts so pages render text. Playwright's own browser
# downloads are never used (the machines reach no download host, only the package mirrors).
#
# Idempotent and quick when Chromium is there already. Needs root (CI runs as root) or sudo
# when something is missing.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
# fonts-liberation: metric-compatible Arial/Times, enough for layout; fonts-dejavu-core: wide
# Unicode coverage (suits, umlauts, arrows).
PACKAGES=(chromium fonts-liberation fonts-dejavu-core)

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
for font in fonts-liberation fonts-dejavu-core; do
    dpkg-query -W -f='${Status}' "$font" 2>/dev/null | grep -q "install ok installed" || missing+=("$font")
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "install-browser: $("$CHROMIUM" --version 2>/dev/null || echo chromium) already installed"
    exit 0
fi

SUDO=
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO=sudo
    else
        echo "install-browser: need root to apt-get install ${missing[*]}" >&2
        exit 1
    fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: no apt-get here; install Chromium at $CHROMIUM by hand (${missing[*]})" >&2
    exit 1
fi

echo "install-browser: installing ${missing[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
"$CHROMIUM" --version

#!/usr/bin/env bash
# Install Caddy, the reverse proxy of the production recipe (deploy/), for the recipe's test
# (tests/deploy/test_https.py): Debian's package, installed with apt-get when no caddy is found.
#
# Idempotent and quick when Caddy is there already. Needs root (CI runs as root) or sudo when it
# is missing; elsewhere install Caddy 2.6 or later by hand (the test is skipped without it).
# Debian's package starts its own caddy.service (a default site on port 80) where systemd runs;
# when this script installed the package only for the test, it stops and disables that service.
set -euo pipefail

if command -v caddy >/dev/null 2>&1; then
    echo "install-caddy: $(caddy version 2>/dev/null | cut -d' ' -f1) already installed"
    exit 0
fi

SUDO=
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "install-caddy: no caddy here and no root to apt-get install it" >&2
        exit 1
    fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-caddy: no caddy here and no apt-get; install Caddy (2.6 or later) by hand" >&2
    exit 1
fi

echo "install-caddy: installing Debian's caddy with apt-get"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends caddy >/dev/null
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
    echo "install-caddy: stopping and disabling Debian's caddy.service (the test runs its own Caddy)"
    $SUDO systemctl disable --now caddy.service >/dev/null 2>&1 || true
fi
caddy version

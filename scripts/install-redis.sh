#!/usr/bin/env bash
# Install Redis, the store of the production recipe's shared rate limits (deploy/), for
# tests/api/test_shared_limits.py: Debian's redis-server, installed with apt-get when missing.
#
# Idempotent and quick when Redis is there already. Needs root or sudo when it is missing;
# elsewhere install redis-server by hand (the test is skipped without it and says so).
# Debian's package starts its own redis-server.service where systemd runs; when this script
# installed the package only for the test, it stops and disables that service (the test runs
# its own server on a free port).
set -euo pipefail

if command -v redis-server >/dev/null 2>&1; then
    echo "install-redis: $(redis-server --version | cut -d' ' -f3) already installed"
    exit 0
fi

SUDO=
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "install-redis: no redis-server here and no root to apt-get install it" >&2
        exit 1
    fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-redis: no redis-server here and no apt-get; install Redis by hand" >&2
    exit 1
fi

echo "install-redis: installing Debian's redis-server with apt-get"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends redis-server >/dev/null
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
    echo "install-redis: stopping and disabling Debian's redis-server.service (the test runs its own)"
    $SUDO systemctl disable --now redis-server.service >/dev/null 2>&1 || true
fi
redis-server --version
